import SQLshCore

/// `.dbinfo ?DB?`: reads the database header through the `sqlite_dbpage` virtual table, as
/// sqlite3 does. The system SQLite is built without that table, so this reports what the
/// stock shell reports on it: `error: no such table: sqlite_dbpage`. (With a SQLite that has
/// the table, sqlsh does not print the header fields: it says `unable to read database header`.)
struct DbinfoCommand: DotCommand {
    static let name = "dbinfo"
    static let usage = ".dbinfo ?DB?"
    static let summary = "Show status information about the database"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        do {
            _ = try db.prepare("SELECT data FROM sqlite_dbpage(?1) WHERE pgno=1")
        } catch let error as SQLiteError {
            throw ShellError("error: \(error.message)")
        }
        throw ShellError("unable to read database header")
    }
}
