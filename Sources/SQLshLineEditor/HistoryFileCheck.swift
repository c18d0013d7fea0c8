#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens the history file for reading, refusing what could hang the shell or fill its
/// memory before the first prompt: only a regular file of at most ``maximumSize`` bytes is
/// read (`SQLSH_HISTORY=/dev/zero`, a FIFO or a directory is skipped). Opened without
/// blocking (a FIFO with no writer would wait forever), then checked with `fstat` on the
/// descriptor itself, so what is checked is what is read.
public enum HistoryFileCheck {
    /// The largest history file read: 16 MiB (a thousand entries of a screenful each fit).
    public static let maximumSize = 16 << 20

    /// What opening the history file gave.
    public enum Outcome: Equatable, Sendable {
        /// A regular file, open for reading (the caller closes the descriptor).
        case readable(descriptor: Int32)
        /// No such file (yet): nothing to say.
        case missing
        /// Not read, and why (for the line on standard error).
        case skipped(reason: String)
    }

    /// Opens `path` for reading if it is a regular file no larger than `maximumSize`.
    public static func open(_ path: String, maximumSize: Int = maximumSize) -> Outcome {
        #if canImport(Glibc)
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        #else
        let fd = Darwin.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        #endif
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            return .skipped(reason: String(cString: strerror(errno)))
        }
        if let reason = refusal(of: fd, maximumSize: maximumSize) {
            close(fd)
            return .skipped(reason: reason)
        }
        // Reads block again (a regular file never waits, but libedit reads through stdio).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .readable(descriptor: fd)
    }

    /// Why the file open on `descriptor` is not to be read, or nil: not a regular file, or
    /// larger than `maximumSize`.
    public static func refusal(of descriptor: Int32, maximumSize: Int = maximumSize) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        guard Int(info.st_size) <= maximumSize else { return "larger than \(maximumSize >> 20) MiB" }
        return nil
    }

    /// Whether the file open on `descriptor` is empty or a libedit history (never overwrite
    /// another file: a GNU readline history, say).
    public static func isEmptyOrLibeditHistory(_ descriptor: Int32) -> Bool {
        let magic = Array("_HiStOrY_V2_".utf8)
        var head = [UInt8](repeating: 0, count: magic.count)
        let n = pread(descriptor, &head, magic.count, 0)
        return n == 0 || (n == magic.count && head == magic)
    }

    /// The line on standard error when the history is skipped.
    public static func message(path: String, reason: String) -> String {
        "sqlsh: history \(path) skipped: \(reason)\n"
    }

    /// A path that opens the same file as `descriptor` (for libedit, which takes a path).
    public static func path(of descriptor: Int32) -> String {
        "/dev/fd/\(descriptor)"
    }
}
