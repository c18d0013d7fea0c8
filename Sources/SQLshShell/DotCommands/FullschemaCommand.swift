import SQLshCore

/// `.fullschema ?--indent?`: the schema without `sqlite_` objects, then the content of the
/// sqlite_stat tables as INSERT statements (or a note that there are none).
struct FullschemaCommand: DotCommand {
    static let name = "fullschema"
    static let usage = ".fullschema ?--indent?"
    static let summary = "Show schema and the content of sqlite_stat tables"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var arguments = arguments
        var indent = false
        if arguments.count == 2 && ShellValues.isOption(arguments[1], "indent") {
            indent = true
            arguments.removeLast()
        }
        guard arguments.count == 1 else { throw ShellError("Usage: .fullschema ?--indent?") }
        let connection = shell.connection
        let query = "SELECT sql FROM  (SELECT sql sql, type type, tbl_name tbl_name, name name, rowid x"
            + "     FROM sqlite_schema UNION ALL   SELECT sql, type, tbl_name, name, rowid FROM sqlite_temp_schema) "
            + "WHERE type!='meta' AND sql NOTNULL AND name NOT LIKE 'sqlite_%' ORDER BY x"
        var haveStats = false
        do {
            let statement = try connection.prepare(query)
            while try statement.step() {
                if let sql = statement.cText(at: 0) { SchemaPrinter.statement(sql, indent: indent, to: shell.out) }
            }
            haveStats = try !SchemaQuery.rows(connection, "SELECT rowid FROM sqlite_schema WHERE name GLOB 'sqlite_stat[134]'").isEmpty
        } catch {
            haveStats = false
        }
        guard haveStats else {
            shell.out.write("/* No STAT tables available */\n")
            return .success
        }
        shell.out.write("ANALYZE sqlite_schema;\n")
        let writer = SQLLiteralWriter(out: shell.out)
        for table in ["sqlite_stat1", "sqlite_stat4"] {
            guard let statement = try? connection.prepare("SELECT * FROM \(table)") else { continue }
            while (try? statement.step()) == true { writer.writeInsert(into: table, statement) }
        }
        shell.out.write("ANALYZE sqlite_schema;\n")
        return .success
    }
}
