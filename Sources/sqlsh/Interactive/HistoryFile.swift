#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine
import SQLshLineEditor

/// The history file through libedit: loading it (only what ``HistoryFileCheck`` lets
/// through), and merging each finished input into it at once (lock, load, append, save), so
/// two sessions never lose each other's entries and nothing is lost if the shell is killed.
enum HistoryFile {
    /// Loads the file's entries into `history`; a file that is not read says so on stderr.
    static func load(_ path: String, into history: OpaquePointer) {
        switch HistoryFileCheck.open(path) {
        case .missing: return
        case .skipped(let reason): Terminal.write(HistoryFileCheck.message(path: path, reason: reason))
        case .readable(let fd):
            defer { close(fd) }
            var event = HistEvent()
            _ = sqlsh_history_load(history, &event, HistoryFileCheck.path(of: fd))
        }
    }

    /// History entries, newest first.
    static func entries(of history: OpaquePointer) -> [String] {
        var entries: [String] = []
        var event = HistEvent()
        var status = sqlsh_history_first(history, &event)
        while status != -1, let text = event.str {
            entries.append(String(cString: text))
            status = sqlsh_history_next(history, &event)
        }
        return entries
    }

    /// Adds one entry to the file (created with mode 0600), keeping what other sessions wrote.
    static func append(_ entry: String, to path: String) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard HistoryFileCheck.refusal(of: fd) == nil else { return }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        guard HistoryFileCheck.isEmptyOrLibeditHistory(fd) else { return }
        fchmod(fd, 0o600)
        guard let merged = history_init() else { return }
        defer { history_end(merged) }
        var event = HistEvent()
        _ = sqlsh_history_setsize(merged, &event, HistoryLocation.capacity)
        _ = sqlsh_history_setunique(merged, &event, 1)
        _ = sqlsh_history_load(merged, &event, path)
        _ = sqlsh_history_enter(merged, &event, entry)
        _ = sqlsh_history_save(merged, &event, path)
    }
}
