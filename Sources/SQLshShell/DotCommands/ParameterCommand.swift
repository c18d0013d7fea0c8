import SQLshCore

/// `.parameter clear|init|list|set NAME VALUE|unset NAME`: the values bound to `$x`, `:x`,
/// `@x` and `?N` parameters, kept in `temp.sqlite_parameters` as sqlite3 keeps them.
struct ParameterCommand: DotCommand {
    static let name = "parameter"
    static let usage = ".parameter CMD ..."
    static let summary = "Manage SQL parameter bindings"
    static let details = """
           clear                   Erase all bindings
           init                    Initialize the TEMP table that holds bindings
           list                    List the current parameter bindings
           set PARAMETER VALUE     Given SQL parameter PARAMETER a value of VALUE
                                   PARAMETER should start with one of: $ : @ ?
           unset PARAMETER         Remove PARAMETER from the binding table
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        let count = arguments.count
        let subcommand = count >= 2 ? arguments[1] : ""
        if count == 2 && subcommand == "clear" {
            try? db.execute("DROP TABLE IF EXISTS temp.sqlite_parameters;")
        } else if count == 2 && subcommand == "list" {
            list(shell: shell, db: db)
        } else if count == 2 && subcommand == "init" {
            initializeTable(db)
        } else if count == 4 && subcommand == "set" {
            initializeTable(db)
            let key = quoted(arguments[2])
            // VALUE as an SQL expression, else as a string.
            let statement: Statement?
            do {
                statement = try (try? db.prepareFirst(raw: "REPLACE INTO temp.sqlite_parameters(key,value)VALUES(\(key),\(arguments[3]));"))
                    ?? db.prepareFirst(raw: "REPLACE INTO temp.sqlite_parameters(key,value)VALUES(\(key),\(quoted(arguments[3])));")
            } catch {
                shell.out.write("Error: \((error as? SQLiteError)?.message ?? "\(error)")\n")
                return .failure
            }
            _ = try? statement?.step()
        } else if count == 3 && subcommand == "unset" {
            try? db.execute(raw: "DELETE FROM temp.sqlite_parameters WHERE key=\(quoted(arguments[2]))")
        } else {
            // sqlite3 shows the command's help, and it is not an error.
            printHelp(to: shell.out)
        }
        return .success
    }

    private static func list(shell: Shell, db: Connection) {
        var width = 0
        if let statement = try? db.prepareFirst("SELECT max(length(key)) FROM temp.sqlite_parameters;"),
           (try? statement.step()) == true {
            width = min(Int(Int32(truncatingIfNeeded: statement.int64(at: 0))), 40)
        }
        guard width != 0, let statement = try? db.prepareFirst("SELECT key, quote(value) FROM temp.sqlite_parameters;") else { return }
        while (try? statement.step()) == true {
            let key = text(statement, 0)
            shell.out.write(key)
            if key.count < width { shell.out.write([UInt8](repeating: 32, count: width - key.count)) }
            shell.out.write(byte: 32)
            shell.out.write(text(statement, 1))
            shell.out.write(byte: 10)
        }
    }

    private static func text(_ statement: Statement, _ column: Int) -> [UInt8] {
        statement.columnType(at: column) == .null ? Array("(null)".utf8) : Array(statement.textBytes(at: column))
    }

    /// sqlite3's `bind_table_init`: creates the table with defensive mode off and the schema
    /// writable, then restores both settings.
    static func initializeTable(_ db: Connection) {
        let defensive = (try? db.config(.defensive)) ?? false
        _ = try? db.setConfig(.defensive, enabled: false)
        let writableSchema = (try? db.config(.writableSchema)) ?? false
        _ = try? db.setConfig(.writableSchema, enabled: true)
        try? db.execute("CREATE TABLE IF NOT EXISTS temp.sqlite_parameters(\n  key TEXT PRIMARY KEY,\n  value\n) WITHOUT ROWID;")
        _ = try? db.setConfig(.writableSchema, enabled: writableSchema)
        _ = try? db.setConfig(.defensive, enabled: defensive)
    }



    /// `%Q`: a single-quoted SQL string literal.
    private static func quoted(_ text: String) -> String {
        var result = "'"
        for c in text.unicodeScalars { if c == "'" { result += "''" } else { result.unicodeScalars.append(c) } }
        return result + "'"
    }

    /// The command's `.help` text, as sqlite3 prints it.
    static func printHelp(to out: OutputWriter) {
        out.write(usage + String(repeating: " ", count: max(1, 25 - usage.count)) + summary + "\n")
        out.write(details + "\n")
    }
}
