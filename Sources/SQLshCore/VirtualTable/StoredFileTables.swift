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
        let advice = connection.local(advice).replacing("NAME", with: context.tableName)
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
/// TODO(tokenizer): read the words with the core's SQL tokenizer once it lands.
struct CreateVirtualTableText {
    let table: String

    init?(_ sql: String) {
        var words = SQLWords(Array(sql.utf8))
        guard words.keyword("create"), words.keyword("virtual"), words.keyword("table") else { return nil }
        if words.keyword("if") { guard words.keyword("not"), words.keyword("exists") else { return nil } }
        guard var name = words.name() else { return nil }
        if words.dot() { guard let second = words.name() else { return nil }; name = second }
        table = name
    }
}

/// The words at the start of SQL text, skipping white space and comments.
private struct SQLWords {
    let bytes: [UInt8]
    var i = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) { i += 1; continue }
            if c == UInt8(ascii: "-"), i + 1 < bytes.count, bytes[i + 1] == c {
                while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(bytes.count, i + 2)
                continue
            }
            return
        }
    }

    private static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    /// Consumes the keyword `word` (lowercase) when it comes next.
    mutating func keyword(_ word: String) -> Bool {
        skipSpace()
        let start = i
        var end = i
        while end < bytes.count, Self.isWordByte(bytes[end]) { end += 1 }
        guard end - start == word.utf8.count,
              zip(bytes[start..<end], word.utf8).allSatisfy({ $0 | 0x20 == $1 }) else { return false }
        i = end
        return true
    }

    /// Consumes a `.` when it comes next.
    mutating func dot() -> Bool {
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ".") else { return false }
        i += 1
        return true
    }

    /// A name, bare or quoted ("x", [x], `x`).
    mutating func name() -> String? {
        skipSpace()
        guard i < bytes.count else { return nil }
        let open = bytes[i]
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "`"): close = open
        case UInt8(ascii: "["): close = UInt8(ascii: "]")
        default:
            let start = i
            while i < bytes.count, Self.isWordByte(bytes[i]) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }
        var name: [UInt8] = []
        i += 1
        while i < bytes.count {
            if bytes[i] == close {
                if close != UInt8(ascii: "]"), i + 1 < bytes.count, bytes[i + 1] == close { name.append(close); i += 2; continue }
                i += 1
                return String(decoding: name, as: UTF8.self)
            }
            name.append(bytes[i])
            i += 1
        }
        return nil
    }
}
