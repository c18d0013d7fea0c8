#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `~/.sqlshrc`, or the `-init` file, run before the first prompt as sqlite3 runs
/// `~/.sqliterc`.
public enum StartupFile {
    /// Runs `override` (from `-init`), else `~/.sqlshrc` when there is one.
    public static func run(_ override: String?, shell: Shell, err: OutputWriter) throws {
        let path: String
        if let override {
            path = override
        } else {
            guard let home = homeDirectory() else {
                err.write("-- warning: cannot find home directory; cannot read ~/.sqlshrc\n")
                return
            }
            path = home + "/.sqlshrc"
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if override != nil {
                err.write("cannot open: \"\(path)\"\n")
                if shell.settings.bail { try shell.terminate(1) }
            }
            return
        }
        if shell.isInteractive { err.write("-- Loading resources from \(path)\n") }
        let source = FileLineSource(fileDescriptor: fd, close: { _ = close($0) })
        defer { source.close() }
        let outcome = try shell.process(source)
        if outcome == .failure && shell.settings.bail { try shell.terminate(1) }
    }

    /// The home directory: the password database's entry for this user, else `$HOME`.
    static func homeDirectory() -> String? {
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        if let home = getenv("HOME") { return String(cString: home) }
        return nil
    }
}
