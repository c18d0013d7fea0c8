#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the history file is: `$SQLSH_HISTORY`, else `$XDG_STATE_HOME/sqlsh/history` (its
/// folders made, mode 0700), else `~/.sqlsh_history`.
public enum HistoryLocation {
    /// Entries kept, in memory and in the file.
    public static let capacity: Int32 = 1000

    /// The history file's path; nil when none can be worked out (no home directory).
    public static func standard(environment: (String) -> String? = Self.environment) -> String? {
        if let value = environment("SQLSH_HISTORY") { return value }
        if let state = environment("XDG_STATE_HOME") {
            let directory = state + "/sqlsh"
            // Missing parents too (`~/.local/state` on a fresh account).
            var prefix = directory.hasPrefix("/") ? "" : "."
            for part in directory.split(separator: "/") {
                prefix += "/" + part
                mkdir(prefix, 0o700)
            }
            return directory + "/history"
        }
        if let home = environment("HOME") { return home + "/.sqlsh_history" }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            return String(cString: dir) + "/.sqlsh_history"
        }
        return nil
    }

    /// A variable of the process's environment, nil when unset or empty.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
