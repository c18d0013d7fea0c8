import SQLshCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.log FILE|on|off`: where SQLite's error log (`SQLITE_CONFIG_LOG`) goes: a file,
/// `stdout`, `stderr`, or nowhere (`off`). Each message is written as `(CODE) MESSAGE`.
///
/// The log callback is process-wide and can only be installed before SQLite initializes, so
/// the executable calls ``installLogHandler()`` first thing; `.log` only changes the target.
struct LogCommand: DotCommand {
    static let name = "log"
    static let usage = ".log FILE|off"
    static let summary = "Turn logging on or off.  FILE can be stderr/stdout"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .log FILENAME") }
        let file = arguments[1]
        LogTarget.current.close()
        switch file {
        case "stdout": LogTarget.current = LogTarget(fd: 1, owned: false)
        case "stderr": LogTarget.current = LogTarget(fd: 2, owned: false)
        case "off": LogTarget.current = LogTarget(fd: -1, owned: false)
        default:
            let fd = file.withRawCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
            LogTarget.current = LogTarget(fd: fd, owned: fd >= 0)
            // As sqlite3's output_file_open: reported, but not a failure (-bail goes on).
            if fd < 0 { shell.err.write("Error: cannot open \"\(file)\"\n") }
        }
        return .success
    }
}

/// Where SQLite's log messages go (one per process, like the callback).
struct LogTarget {
    let fd: Int32
    let owned: Bool

    nonisolated(unsafe) static var current = LogTarget(fd: -1, owned: false)

    func close() { if owned { Glibc.close(fd) } }
}

extension Shell {
    /// Installs the SQLite error-log callback that `.log` directs. Call it before anything
    /// opens a database (SQLite accepts it only before it initializes); later calls do nothing.
    public static func installLogHandler() {
        SQLiteLibrary.setErrorLog { code, message in
            let fd = LogTarget.current.fd
            guard fd >= 0 else { return }
            let line = "(\(code)) " + String(cString: message) + "\n"
            _ = line.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
        }
    }
}
