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
        }
        return banner
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
