import SQLshCore

/// `.dump ?OBJECTS?`: the database (or the objects matching LIKE patterns) as SQL text that
/// rebuilds it, byte for byte as sqlite3 writes it.
struct DumpCommand: DotCommand {
    static let name = "dump"
    static let usage = ".dump ?OBJECTS?"
    static let summary = "Render database content as SQL"
    static let details = """
       Options:
         --data-only            Output only INSERT statements
         --newlines             Allow unescaped newline characters in output
         --nosys                Omit system tables (ex: "sqlite_stat1")
         --preserve-rowids      Include ROWID values in the output
       OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump
       Additional LIKE patterns can be given in subsequent arguments
    """

    struct Options {
        var preserveRowids = false
        var newlines = false
        var dataOnly = false
        var noSystem = false
    }

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var options = Options()
        var like: String?
        for argument in arguments.dropFirst() {
            if argument.hasPrefix("-") {
                var z = argument.dropFirst()
                if z.hasPrefix("-") { z = z.dropFirst() }
                switch z {
                case "preserve-rowids": options.preserveRowids = true
                case "newlines": options.newlines = true
                case "data-only": options.dataOnly = true
                case "nosys": options.noSystem = true
                default: throw ShellError("Unknown option \"\(argument)\" on \".dump\"")
                }
            } else {
                let p = SQLQuoting.literal(argument)
                let expression = "name LIKE \(p) ESCAPE '\\' OR EXISTS (  SELECT 1 FROM sqlite_schema WHERE "
                    + "    name LIKE \(p) ESCAPE '\\' AND    sql LIKE 'CREATE VIRTUAL TABLE%' AND"
                    + "    substr(o.name, 1, length(name)+1) == (name||'_'))"
                like = like.map { "\($0) OR \(expression)" } ?? expression
            }
        }
        let connection = shell.connection
        let out = shell.out
        if !options.dataOnly {
            out.write("PRAGMA foreign_keys=OFF;\n")
            out.write("BEGIN TRANSACTION;\n")
        }
        var state = DumpState(connection: connection, out: out, options: options)
        try? connection.execute("SAVEPOINT dump; PRAGMA writable_schema=ON")
        let condition = like ?? "true"
        state.dumpTables("SELECT name, type, sql FROM sqlite_schema AS o WHERE (\(condition)) AND type=='table'"
            + "  AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid")
        if !options.dataOnly {
            state.dumpStatements("SELECT sql FROM sqlite_schema AS o WHERE (\(condition)) AND sql NOT NULL"
                + "  AND type IN ('index','trigger','view')")
        }
        if state.writableSchema { out.write("PRAGMA writable_schema=OFF;\n") }
        try? connection.execute("PRAGMA writable_schema=OFF;")
        try? connection.execute("RELEASE dump;")
        if !options.dataOnly { out.write(state.errors > 0 ? "ROLLBACK; -- due to errors\n" : "COMMIT;\n") }
        return .success
    }
}

/// The work of one `.dump`: sqlite3's `dump_callback` and `run_table_dump_query`.
private struct DumpState {
    let connection: Connection
    let out: OutputWriter
    let options: DumpCommand.Options
    var writableSchema = false
    var errors = 0

    init(connection: Connection, out: OutputWriter, options: DumpCommand.Options) {
        self.connection = connection
        self.out = out
        self.options = options
    }

    mutating func dumpTables(_ query: String) {
        guard let rows = try? SchemaQuery.rows(connection, query) else { errors += 1; return }
        for row in rows {
            guard row.count == 3, let table = row[0], let type = row[1], let sql = row[2] else { continue }
            dumpTable(table, type: type, sql: sql)
        }
    }

    mutating func dumpTable(_ table: String, type: String, sql: String) {
        if table == "sqlite_sequence" && !options.noSystem {
            if !options.dataOnly { out.write("DELETE FROM sqlite_sequence;\n") }
        } else if SQLText.glob("sqlite_stat?", matches: table) && !options.noSystem {
            if !options.dataOnly { out.write("ANALYZE sqlite_schema;\n") }
        } else if table.hasPrefix("sqlite_") {
            return
        } else if options.dataOnly {
        } else if sql.hasPrefix("CREATE VIRTUAL TABLE") {
            if !writableSchema {
                out.write("PRAGMA writable_schema=ON;\n")
                writableSchema = true
            }
            let t = SQLQuoting.quoted(table, "'").dropFirst().dropLast(), s = SQLQuoting.quoted(sql, "'").dropFirst().dropLast()
            out.write("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','\(t)','\(t)',0,'\(s)');\n")
            return
        } else {
            SchemaPrinter.line(sql, tail: ";\n", to: out)
        }
        guard type == "table" else { return }
        guard let columns = columnList(table) else { errors += 1; return }
        var target = SQLQuoting.identifier(table)
        var select = "SELECT "
        if let rowid = columns.rowid {
            target += "(" + rowid + columns.names.map { "," + SQLQuoting.identifier($0) }.joined() + ")"
            select += rowid + ","
        }
        select += columns.names.map(SQLQuoting.identifier).joined(separator: ",")
        select += " FROM " + SQLQuoting.identifier(table)
        let writer = SQLLiteralWriter(out: out, keepNewlines: options.newlines)
        let targetBytes = target.rawBytes
        do {
            let statement = try connection.prepare(select)
            while try statement.step() { writer.writeInsert(into: targetBytes, statement) }
        } catch {
            errors += 1
        }
    }

    /// sqlite3's `tableColumnList`: the column names (generated columns excluded) and, with
    /// `--preserve-rowids`, the name to use for the rowid when it is not an INTEGER PRIMARY
    /// KEY and some name among rowid, _rowid_, oid is free.
    func columnList(_ table: String) -> (rowid: String?, names: [String])? {
        guard let info = try? SchemaQuery.rows(connection, "PRAGMA table_info=" + SQLQuoting.literal(table)) else { return nil }
        var names: [String] = []
        var primaryKeys = 0
        var isIntegerPK = false
        for row in info {
            names.append(row[1] ?? "")
            if let pk = row[5], pk != "0" {
                primaryKeys += 1
                isIntegerPK = primaryKeys == 1 && (row[2] ?? "").lowercased() == "integer"
            }
        }
        var preserve = options.preserveRowids
        if preserve && isIntegerPK {
            let sql = "SELECT 1 FROM pragma_index_list(\(SQLQuoting.literal(table))) WHERE origin='pk'"
            guard let rows = try? SchemaQuery.rows(connection, sql) else { return nil }
            preserve = !rows.isEmpty
        }
        var rowid: String?
        if preserve {
            for candidate in ["rowid", "_rowid_", "oid"] where !names.contains(where: { $0.lowercased() == candidate }) {
                if (try? connection.columnMetadata(table: table, column: candidate)) != nil {
                    rowid = candidate
                }
                break
            }
        }
        return (rowid, names)
    }

    /// Indexes, triggers and views: their SQL, then `;` on its own line when it holds `--`.
    mutating func dumpStatements(_ query: String) {
        do {
            let statement = try connection.prepare(query)
            while try statement.step() {
                let sql = statement.string(at: 0) ?? ""
                out.write(sql)
                out.write(sql.contains("--") ? "\n;\n" : ";\n")
            }
        } catch {
            errors += 1
        }
    }
}
