#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The banner of an interactive session: the stock shell's first line (`SQLite version 3.40.1
/// 2022-12-28 14:03:47`, which SQLite's own shell tests look for) with sqlsh's name and
/// version, the usage hint, the function catalog, and the transient database's note.
public enum SessionBanner {
    /// The banner's text for `shell`; `transientDatabase`: no database was named.
    public static func text(shell: Shell, transientDatabase: Bool) -> String {
        let sourceDate = String(SQLiteLibrary.sourceID.prefix(19))
        var banner = "SQLite version \(SQLiteLibrary.version) \(sourceDate) (sqlsh \(Shell.version))\n"
        banner += "Enter \".help\" for usage hints.\n"
        banner += catalogLine(shell)
        if transientDatabase {
            banner += "Connected to a transient in-memory database.\n"
            banner += "Use \".open FILENAME\" to reopen on a persistent database.\n"
        } else if let line = databaseLine(shell) {
            banner += line
        }
        return banner
    }

    /// Which database is open, so that a file does not look like `:memory:`:
    /// `Connected to shop.db (3 tables).`. A file that exists is opened (as its first
    /// statement would) to count its tables; a new one is not created: `Connected to new.db
    /// (a new database).`. nil for an in-memory database or `-deserialize`.
    static func databaseLine(_ shell: Shell) -> String? {
        let path = shell.databasePath
        guard !path.isEmpty, path != ":memory:", !shell.deserialize else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else {
            // Named but not there yet: SQLite creates it on the first write.
            return path.hasPrefix("file:") ? nil : "Connected to \(path) (a new database).\n"
        }
        guard info.st_mode & 0o170000 == 0o100000, access(path, R_OK) == 0 else { return nil }  // a regular file
        let tables = try? shell.connection.scalar(
            "select count(*) from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
        if case .integer(let n)? = tables {
            return "Connected to \(path) (\(n) table\(n == 1 ? "" : "s")).\n"
        }
        return "Connected to \(path).\n"
    }

    /// The line about the function catalog: `61 built-in functions: .functions`, and what
    /// plugins added (`, 3 from plugins: .plugins`).
    static func catalogLine(_ shell: Shell) -> String {
        let fromPlugins = shell.plugins.plugins.reduce(0) { $0 + $1.functions.count }
        let builtIn = max(0, shell.catalog.functions.count - fromPlugins)
        var line = "\(builtIn) built-in function\(builtIn == 1 ? "" : "s"): .functions"
        if fromPlugins > 0 { line += ", \(fromPlugins) from plugins: .plugins" }
        return line + "\n"
    }
}
