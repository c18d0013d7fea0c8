/// `.recover`: in sqlite3 it rebuilds what it can of a corrupt database by reading its pages
/// through the `sqlite_dbpage` virtual table. The SQLite library sqlsh links (Debian's 3.40.1,
/// like the stock shell here, whose `.recover` fails the same way) is built without
/// `sqlite_dbpage`, so the command cannot read pages: it says so, and counts as an error,
/// rather than printing a partial script as the stock shell does.
struct RecoverCommand: DotCommand {
    static let name = "recover"
    static let minimumPrefix = 3
    static let usage = ".recover"
    static let summary = "Recover as much data as possible from corrupt db."

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        _ = shell.connection
        throw ShellError("Error: .recover is unavailable: it reads pages through the sqlite_dbpage virtual table, "
                         + "which this SQLite library is built without; .dump or .backup save what still reads")
    }
}
