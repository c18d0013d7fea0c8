#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CEditLine

/// The history file: where it is, loading it, and merging this session's entries into it.
///
/// Each finished input is merged into the file at once (lock, load, append, save), so two
/// sessions never lose each other's entries and nothing is lost if the shell is killed.
struct HistoryFile {
    /// Entries kept, in memory and in the file.
    static let capacity: Int32 = 1000

    let path: String

    /// `$SQLSH_HISTORY`, else `$XDG_STATE_HOME/sqlsh/history`, else `~/.sqlsh_history`; nil
    /// when none can be worked out (no home directory).
    static func standard() -> HistoryFile? {
        if let value = environment("SQLSH_HISTORY") { return HistoryFile(path: value) }
        if let state = environment("XDG_STATE_HOME") {
            let directory = state + "/sqlsh"
            // Missing parents too (`~/.local/state` on a fresh account).
            var prefix = directory.hasPrefix("/") ? "" : "."
            for part in directory.split(separator: "/") {
                prefix += "/" + part
                mkdir(prefix, 0o700)
            }
            return HistoryFile(path: directory + "/history")
        }
        if let home = environment("HOME") { return HistoryFile(path: home + "/.sqlsh_history") }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            return HistoryFile(path: String(cString: dir) + "/.sqlsh_history")
        }
        return nil
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }

    /// Loads the file's entries into `history` (nothing when there is no file yet).
    func load(into history: OpaquePointer) {
        var event = HistEvent()
        _ = sqlsh_history_load(history, &event, path)
    }

    /// Adds one entry to the file, keeping whatever other sessions wrote meanwhile. The file
    /// is created with mode 0600.
    func append(_ entry: String) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        // Never overwrite a file that is not a libedit history (a GNU readline one, say).
        let magic = Array("_HiStOrY_V2_".utf8)
        var head = [UInt8](repeating: 0, count: magic.count)
        let n = pread(fd, &head, magic.count, 0)
        guard n == 0 || (n == magic.count && head == magic) else { return }
        fchmod(fd, 0o600)
        guard let merged = history_init() else { return }
        defer { history_end(merged) }
        var event = HistEvent()
        _ = sqlsh_history_setsize(merged, &event, HistoryFile.capacity)
        _ = sqlsh_history_setunique(merged, &event, 1)
        _ = sqlsh_history_load(merged, &event, path)
        _ = sqlsh_history_enter(merged, &event, entry)
        _ = sqlsh_history_save(merged, &event, path)
    }
}
