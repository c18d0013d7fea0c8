import SQLshCore

/// The work of one `.dump`: sqlite3's `dump_callback` and `run_table_dump_query`.
struct DumpState {
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

    /// sqlite3's `run_schema_dump_query`: dumps each table of `query` (name, type, sql) as its
    /// row comes. On SQLITE_CORRUPT it writes `/****** CORRUPTION ERROR *******/` and the
    /// message, and runs the query again with ` ORDER BY rowid DESC` appended (which, after the
    /// query's own ORDER BY, fails as in sqlite3: its error is written as a comment too). A
    /// failure here is not counted in ``errors``, as in sqlite3.
    mutating func dumpTables(_ query: String) {
        guard let failure = runSchemaQuery(query), failure.code & 0xFF == ResultCode.corrupt.rawValue else { return }
        out.write("/****** CORRUPTION ERROR *******/\n")
        out.write("/****** \(failure.message) ******/\n")
        if let retry = runSchemaQuery(query + " ORDER BY rowid DESC") {
            out.write("/****** ERROR: \(retry.message) ******/\n")
        }
    }

    /// Runs the query over the schema, dumping each table while the query is open (as
    /// `sqlite3_exec` calls `dump_callback`); the error that stopped it, if any.
    private mutating func runSchemaQuery(_ query: String) -> SQLiteError? {
        do {
            let statement = try prepare(query)
            while try statement.step() {
                guard statement.columnCount == 3, let table = statement.cText(at: 0), let type = statement.cText(at: 1),
                      let sql = statement.cText(at: 2) else { continue }
                dumpTable(table, type: type, sql: sql)
            }
            return nil
        } catch {
            return Self.sqliteError(error)
        }
    }

    /// Prepares SQL made from schema names and patterns, with the bytes they stand for
    /// (``RawText``): a table whose name is not UTF-8 is read, not reported missing.
    private func prepare(_ sql: String) throws -> Statement {
        guard let statement = try connection.prepareFirst(raw: sql) else { throw SQLiteError(message: "not an SQL statement") }
        return statement
    }

    /// The rows of `sql` (see ``prepare(_:)``) as C strings (``Statement/cText(at:)``).
    private func rows(_ sql: String) throws -> [[String?]] {
        let statement = try prepare(sql)
        var result: [[String?]] = []
        while try statement.step() { result.append((0..<statement.columnCount).map { statement.cText(at: $0) }) }
        return result
    }

    /// Whether `column` names a column of `table` (`sqlite3_table_column_metadata`): the
    /// rowid's names are found this way. A name that is not UTF-8 (``RawText``) is probed
    /// with a query carrying its bytes instead.
    private func hasColumn(_ table: String, _ column: String) -> Bool {
        let bytes = table.rawBytes
        if String(validating: bytes, as: UTF8.self) == table {
            return (try? connection.columnMetadata(table: table, column: column)) != nil
        }
        return (try? prepare("SELECT \(column) FROM \(SQLQuoting.identifier(table))")) != nil
    }

    /// `error` as an SQLite error (a generic one for any other error).
    private static func sqliteError(_ error: any Error) -> SQLiteError {
        error as? SQLiteError ?? SQLiteError(message: "\(error)")
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
        let failure = writeInserts(select, into: targetBytes, writer)
        if let failure, failure.code & 0xFF == ResultCode.corrupt.rawValue {
            // sqlite3's dump_callback: the rows up to the damage are out; read the table again
            // from its other end, to save the rows after it. Its failure is not reported.
            out.write("/****** CORRUPTION ERROR *******/\n")
            toggleSelectOrder()
            _ = writeInserts(select, into: targetBytes, writer)
            toggleSelectOrder()
        }
        if failure != nil { errors += 1 }
    }

    /// Writes an INSERT for each row of `select`; the error that stopped it, if any (the rows
    /// read before it are written).
    private func writeInserts(_ select: String, into target: [UInt8], _ writer: SQLLiteralWriter) -> SQLiteError? {
        do {
            let statement = try prepare(select)
            while try statement.step() { writer.writeInsert(into: target, statement) }
            return nil
        } catch {
            return Self.sqliteError(error)
        }
    }

    /// sqlite3's `toggleSelectOrder`: flips `PRAGMA reverse_unordered_selects`, so that a scan
    /// without ORDER BY runs from the other end of the table.
    private func toggleSelectOrder() {
        let setting = (try? connection.scalar("PRAGMA reverse_unordered_selects")) == .integer(1)
        try? connection.execute("PRAGMA reverse_unordered_selects(\(setting ? 0 : 1))")
    }

    /// sqlite3's `tableColumnList`: the column names (generated columns excluded) and, with
    /// `--preserve-rowids`, the name to use for the rowid when it is not an INTEGER PRIMARY
    /// KEY and some name among rowid, _rowid_, oid is free.
    func columnList(_ table: String) -> (rowid: String?, names: [String])? {
        guard let info = try? rows("PRAGMA table_info=" + SQLQuoting.literal(table)) else { return nil }
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
            guard let rows = try? rows(sql) else { return nil }
            preserve = !rows.isEmpty
        }
        var rowid: String?
        if preserve {
            for candidate in ["rowid", "_rowid_", "oid"] where !names.contains(where: { $0.lowercased() == candidate }) {
                if hasColumn(table, candidate) {
                    rowid = candidate
                }
                break
            }
        }
        return (rowid, names)
    }

    /// sqlite3's `run_table_dump_query` for indexes, triggers and views: their SQL, then `;`
    /// on its own line when it holds `--`. A failure is written to the output as a comment,
    /// `/**** ERROR: (CODE) MESSAGE *****/` (with the context of a parse error), and counted
    /// unless it is SQLITE_CORRUPT: a file that is not a database, or is locked, says so here.
    mutating func dumpStatements(_ query: String) {
        let statement: Statement
        do {
            statement = try prepare(query)
        } catch {
            let failure = Self.sqliteError(error)
            out.write("/**** ERROR: (\(failure.code & 0xFF)) \(failure.message) *****/\n")
            out.write(query.rawBytes.withUnsafeBufferPointer { errorContext(sql: $0, offset: failure.offset) })
            if failure.code & 0xFF != ResultCode.corrupt.rawValue { errors += 1 }
            return
        }
        do {
            while try statement.step() {
                let sql = statement.cText(at: 0) ?? ""
                out.write(sql)
                out.write(sql.contains(elements: "--") ? "\n;\n" : ";\n")
            }
        } catch {
            let failure = Self.sqliteError(error)
            out.write("/**** ERROR: (\(failure.code & 0xFF)) \(failure.message) *****/\n")
            if failure.code & 0xFF != ResultCode.corrupt.rawValue { errors += 1 }
        }
    }
}
