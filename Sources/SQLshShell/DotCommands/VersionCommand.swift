import SQLshCore

/// `.version`: the SQLite library's version and source id as sqlite3 prints them, then the
/// sqlsh version (where sqlite3 names its zlib and compiler). Not listed by `.help`, as in
/// sqlite3 3.40.1.
struct VersionCommand: DotCommand {
    static let name = "version"
    static let usage = ".version"
    static let summary = "Show source, library and compiler versions"
    static let isListedInHelp = false

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        shell.out.write("SQLite \(SQLiteLibrary.version) \(SQLiteLibrary.sourceID)\n")
        shell.out.write("sqlsh \(Shell.version)\n")
        return .success
    }
}
