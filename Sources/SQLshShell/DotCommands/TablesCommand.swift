/// `.tables ?TABLE?`: names of tables and views matching a LIKE pattern, in columns.
struct TablesCommand: DotCommand {
    static let name = "tables"
    static let usage = ".tables ?TABLE?"
    static let summary = "List names of tables matching LIKE pattern TABLE"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try listNames(arguments, shell: shell, indexes: false)
    }

    /// Shared with `.indexes`: one query over every attached schema, ordered by name.
    static func listNames(_ arguments: [String], shell: Shell, indexes: Bool) throws -> CommandOutcome {
        let connection = shell.connection
        let schemas: [(name: String, file: String?)]
        do { schemas = try SchemaQuery.databases(connection) } catch {
            throw ShellError("Error: \(connection.errorMessage)")
        }
        if indexes && arguments.count > 2 { throw ShellError("Usage: .indexes ?LIKE-PATTERN?") }
        var sql = ""
        for (schema, _) in schemas {
            if !sql.isEmpty { sql += " UNION ALL " }
            if schema.lowercased() == "main" {
                sql += "SELECT name FROM "
            } else {
                sql += "SELECT " + SQLQuoting.quoted(schema, "'") + "||'.'||name FROM "
            }
            sql += SQLQuoting.quoted(schema, "\"") + ".sqlite_schema "
            sql += indexes
                ? " WHERE type='index'   AND tbl_name LIKE ?1"
                : " WHERE type IN ('table','view')   AND name NOT LIKE 'sqlite_%'   AND name LIKE ?1"
        }
        sql += " ORDER BY 1"
        let names: [String]
        do {
            names = try SchemaQuery.rows(connection, sql, bind: [arguments.count > 1 ? arguments[1] : "%"]).map { $0[0] ?? "" }
        } catch {
            throw ShellError("Error: \(connection.errorMessage)")
        }
        NameColumns.write(names, to: shell.out)
        return .success
    }
}
