import CSQLite

/// `.parameter clear|init|list|set NAME VALUE|unset NAME`: the values bound to `$x`, `:x`,
/// `@x` and `?N` parameters, kept in `temp.sqlite_parameters` as sqlite3 keeps them.
struct ParameterCommand: DotCommand {
    static let name = "parameter"
    static let minimumPrefix = 3
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
        let db = shell.connection.handle
        let count = arguments.count
        let subcommand = count >= 2 ? arguments[1] : ""
        if count == 2 && subcommand == "clear" {
            sqlite3_exec(db, "DROP TABLE IF EXISTS temp.sqlite_parameters;", nil, nil, nil)
        } else if count == 2 && subcommand == "list" {
            list(shell: shell, db: db)
        } else if count == 2 && subcommand == "init" {
            initializeTable(db)
        } else if count == 4 && subcommand == "set" {
            initializeTable(db)
            let key = quoted(arguments[2])
            var statement: OpaquePointer?
            var rc = "REPLACE INTO temp.sqlite_parameters(key,value)VALUES(\(key),\(arguments[3]));"
                .withRawCString { sqlite3_prepare_v2(db, $0, -1, &statement, nil) }
            if rc != SQLITE_OK {
                sqlite3_finalize(statement)
                statement = nil
                rc = "REPLACE INTO temp.sqlite_parameters(key,value)VALUES(\(key),\(quoted(arguments[3])));"
                    .withRawCString { sqlite3_prepare_v2(db, $0, -1, &statement, nil) }
                if rc != SQLITE_OK {
                    shell.out.write("Error: \(String(cString: sqlite3_errmsg(db)))\n")
                    sqlite3_finalize(statement)
                    return .failure
                }
            }
            sqlite3_step(statement)
            sqlite3_finalize(statement)
        } else if count == 3 && subcommand == "unset" {
            _ = "DELETE FROM temp.sqlite_parameters WHERE key=\(quoted(arguments[2]))".withRawCString { sqlite3_exec(db, $0, nil, nil, nil) }
        } else {
            // sqlite3 shows the command's help, and it is not an error.
            printHelp(to: shell.out)
        }
        return .success
    }

    private static func list(shell: Shell, db: OpaquePointer) {
        var statement: OpaquePointer?
        var width = 0
        if sqlite3_prepare_v2(db, "SELECT max(length(key)) FROM temp.sqlite_parameters;", -1, &statement, nil) == SQLITE_OK,
           sqlite3_step(statement) == SQLITE_ROW {
            width = min(Int(sqlite3_column_int(statement, 0)), 40)
        }
        sqlite3_finalize(statement)
        guard width != 0 else { return }
        statement = nil
        var rc = sqlite3_prepare_v2(db, "SELECT key, quote(value) FROM temp.sqlite_parameters;", -1, &statement, nil)
        while rc == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW {
            let key = text(statement, 0)
            shell.out.write(key)
            if key.count < width { shell.out.write([UInt8](repeating: 32, count: width - key.count)) }
            shell.out.write(byte: 32)
            shell.out.write(text(statement, 1))
            shell.out.write(byte: 10)
            rc = SQLITE_OK
        }
        sqlite3_finalize(statement)
    }

    private static func text(_ statement: OpaquePointer?, _ column: Int32) -> [UInt8] {
        guard let p = sqlite3_column_text(statement, column) else { return Array("(null)".utf8) }
        return Array(UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, column))))
    }

    /// sqlite3's `bind_table_init`: creates the table with defensive mode off and the schema
    /// writable, then restores both settings.
    static func initializeTable(_ db: OpaquePointer) {
        var defensive: Int32 = 0
        var writableSchema: Int32 = 0
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive)
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 0, nil)
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, -1, &writableSchema)
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, 1, nil)
        sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS temp.sqlite_parameters(\n  key TEXT PRIMARY KEY,\n  value\n) WITHOUT ROWID;", nil, nil, nil)
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_WRITABLE_SCHEMA, writableSchema, nil)
        sqlsh_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, defensive, nil)
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
