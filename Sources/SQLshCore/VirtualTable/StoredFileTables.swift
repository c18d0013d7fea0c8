internal import CSQLite

/// The gate of the virtual table modules that read or write files (``TableValuedOptions/
/// touchesFiles``: `vsv`, `zipfile`, `read_csv`...): a table of theirs in a database made by
/// someone else (`CREATE VIRTUAL TABLE m USING vsv(filename='/etc/passwd')`, stored in the
/// schema) would read or write that file as soon as a statement names it. Only the tables this
/// connection's own statements made are connected, and those trusted by name.
///
/// ```swift
/// try db.execute("create virtual table m using vsv(filename='data.csv')")  // made here: read
/// // A stored table of the same kind in an opened database fails with
/// // "table m is a vsv table the database came with (vsv(filename='/etc/passwd')): ..."
/// StoredFileTables.trust(on: db, schema: "main", table: "m")  // the user says so
/// ```
///
/// Tables in `temp` are always this connection's. An eponymous table (`zipfile('x.zip')` in
/// FROM) takes its file from the statement that names it, and is not gated.
public enum StoredFileTables {
    /// A table, by the database file it is in (an attached name may be given to another file
    /// later), its schema name and its name, lowercased.
    struct Key: Hashable, Sendable {
        var file: String
        var schema: String
        var table: String
    }

    /// The tables the connection made or the user trusted.
    private static let admitted = ConnectionLocal<Set<Key>>(initial: [])
    /// What the refusal's message ends with: how the user trusts a table (`NAME` stands for the
    /// table's name).
    private static let advice = ConnectionLocal<String>(initial: "create it in this session to read it")

    /// Trusts a table the database came with: its module may read its file from now on.
    public static func trust(on connection: Connection, schema: String, table: String) {
        let key = key(connection.handle, schema, table)
        connection.withLocal(admitted) { _ = $0.insert(key) }
    }

    /// Sets how a refusal tells the user to trust a table (`NAME` is replaced by its name):
    /// the shell's `.trust NAME`.
    public static func setAdvice(on connection: Connection, _ text: String) {
        connection.withLocal(advice) { $0 = text }
    }

    /// Whether the table was made by this connection or trusted.
    public static func isAdmitted(on connection: Connection, schema: String, table: String) -> Bool {
        let key = key(connection.handle, schema, table)
        return connection.local(admitted).contains(key)
    }

    private static func key(_ handle: OpaquePointer, _ schema: String, _ table: String) -> Key {
        let file = sqlite3_db_filename(handle, schema).map { String(cString: $0) } ?? ""
        return Key(file: file, schema: schema.lowercased(), table: table.lowercased())
    }

    /// Admits or refuses the table a module of ``TableValuedOptions/touchesFiles`` is asked
    /// to make or connect.
    /// - Throws: the refusal, naming the table and its module arguments (the file).
    static func admit(_ context: VirtualTableContext, module: String, arguments: [String]) throws {
        let connection = Connection(borrowing: context.handle)
        let schema = context.schemaName
        if schema.lowercased() == "temp" { return }
        if arguments.isEmpty && context.tableName.lowercased() == module.lowercased() { return }
        let key = key(context.handle, schema, context.tableName)
        if context.isCreate || runningStatementCreates(context.tableName, on: context.handle) {
            connection.withLocal(admitted) { _ = $0.insert(key) }
            return
        }
        if connection.local(admitted).contains(key) { return }
        var call = "\(module)(\(arguments.joined(separator: ",")))"
        if call.utf8.count > 200 { call = String(call.prefix(200)) + "..." }
        let advice = connection.local(advice).replacingAll("NAME", with: context.tableName)
        throw SQLiteError(message: """
            table \(context.tableName) is a \(module) table the database came with (\(call)): sqlsh reads and writes \
            files only for tables made in this session; \(advice)
            """)
    }

    /// Whether a statement running on the connection is `CREATE VIRTUAL TABLE` of the table:
    /// how a module whose xCreate is its xConnect (an eponymous one, `zipfile`) tells its
    /// creation from a stored table's first use.
    private static func runningStatementCreates(_ table: String, on db: OpaquePointer) -> Bool {
        var statement = sqlite3_next_stmt(db, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0, let sql = sqlite3_sql(current),
               CreateVirtualTableText(String(cString: sql))?.table.lowercased() == table.lowercased() {
                return true
            }
            statement = sqlite3_next_stmt(db, current)
        }
        return false
    }
}

/// The table name of a `CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]name USING ...`
/// statement's text; nil for any other text.
struct CreateVirtualTableText {
    let table: String

    init?(_ sql: String) {
        var sql = sql
        guard let table = sql.withUTF8({ Self.table(in: $0) }) else { return nil }
        self.table = table
    }

    private static func table(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var tokens = SQLTokenizer(bytes)
        func keyword(_ word: StaticString) -> Bool {
            var copy = tokens
            guard let token = copy.nextSignificant(), token.kind == .keyword, token.matches(word, in: bytes) else { return false }
            tokens = copy
            return true
        }
        func name() -> String? {
            guard let token = tokens.nextSignificant(), !token.isUnterminated,
                  token.kind == .identifier || token.kind == .quotedIdentifier || token.kind == .keyword else { return nil }
            return String(decoding: token.unquoted(in: bytes), as: UTF8.self)
        }
        guard keyword("create"), keyword("virtual"), keyword("table") else { return nil }
        if keyword("if") { guard keyword("not"), keyword("exists") else { return nil } }
        guard var table = name() else { return nil }
        var copy = tokens
        if let dot = copy.nextSignificant(), dot.isOperator(".", in: bytes) {
            tokens = copy
            guard let second = name() else { return nil }
            table = second
        }
        return table
    }
}
