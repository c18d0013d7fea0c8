import SQLshCore

/// The `completion` table-valued function the stock shell has built in (its
/// `ext/misc/completion.c`): the words that could complete a prefix, for editors and front ends
/// that ask the database.
///
/// ```sql
/// SELECT candidate FROM completion('sel');              -- SELECT
/// SELECT candidate FROM completion('ab', 'select ab');  -- ABORT, then tables and columns
/// SELECT candidate FROM completion(NULL, 'select * fr'); -- the prefix is the line's last word
/// ```
///
/// Columns: `candidate`, and the hidden `prefix`, `wholeline` and `phase`. Rows come in the
/// stock shell's order, phase by phase: SQL keywords (phase 1, in SQLite's keyword-table order,
/// the list sqlsh's own Tab completion uses), database names (7), the names in every schema
/// (8: tables, views, indexes and triggers, `sqlite_` ones included), then the columns of every
/// table (9). The prefix matches ASCII case-insensitively; an empty or missing prefix is the
/// trailing identifier of `wholeline`, and when that is empty too every candidate is a row.
/// As in the stock shell, with more than one database attached the names and the columns of
/// each phase come sorted without duplicates (SQL `UNION`), with one database in schema order.
struct CompletionTable: TableValuedFunction {
    static let columns: [TableValuedColumn] = [
        .column("candidate", type: "TEXT"), .parameter("prefix", type: "TEXT"),
        .parameter("wholeline", type: "TEXT"), .parameter("phase", type: "INT"),
    ]

    /// The phase numbers the `phase` column shows, as the stock shell numbers them.
    enum Phase: Int32 {
        case keywords = 1, databases = 7, tables = 8, columns = 9
    }

    private static let prefixColumn: Int32 = 1
    private static let wholelineColumn: Int32 = 2

    /// The stock planner: `=` on `prefix` (plan bit 1) and on `wholeline` (bit 2) become the
    /// arguments, in that order; `phase` is left to SQLite to check.
    static func bestIndex(_ info: IndexInfo) throws {
        var prefix: Int?
        var wholeline: Int?
        var plan: Int32 = 0
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.isUsable, constraint.op == .equal else { continue }
            if constraint.column == prefixColumn {
                prefix = i
                plan |= 1
            } else if constraint.column == wholelineColumn {
                wholeline = i
                plan |= 2
            }
        }
        var argument: Int32 = 0
        for case let i? in [prefix, wholeline] {
            argument += 1
            info.use(constraint: i, asArgument: argument, omit: true)
        }
        info.planNumber = plan
        info.estimatedCost = Double(5000 - 1000 * Int(argument))
        info.estimatedRows = Int64(500 - 100 * Int(argument))
    }

    /// The connection the names are read from (nil: keywords only). By its anchor: the
    /// connection keeps the table-valued function, which must not keep the connection.
    private let anchor: ConnectionAnchor?
    private var connection: Connection? { anchor?.connection }
    /// The SQL keywords offered in the first phase.
    private let keywords: [String]
    private var rows: [(text: [UInt8], phase: Phase)] = []
    private var index = 0
    private var prefix: [UInt8] = []
    private var wholeline: [UInt8] = []

    /// A cursor with no connection: it offers keywords only. ``register(on:)`` makes cursors
    /// that read the connection's names.
    init() {
        self.init(connection: nil, keywords: SQLText.keywords)
    }

    init(connection: Connection?, keywords: [String]) {
        self.anchor = connection?.anchor
        self.keywords = keywords
    }

    /// Registers `completion` on `connection`.
    static func register(on connection: Connection) throws {
        // By its anchor: the connection keeps the factory, which must not keep the connection.
        // SQLite calls the factory only while a statement of this very connection runs.
        let anchor = connection.anchor
        try connection.addTableValuedFunction("completion", CompletionTable.self) {
            // Read when a completion runs: the keyword list is made once, not at every open.
            // SQLite's keywords only, as sqlite3's completion table (friendly SQL's are the prompt's).
            CompletionTable(connection: anchor.connection, keywords: SQLText.keywords)
        }
    }

    mutating func filter(_ arguments: FilterArguments) throws {
        var next = 0
        func argument() -> [UInt8] {
            defer { next += 1 }
            guard next < arguments.count else { return [] }
            // The stock shell copies the text with "%s": it ends at an embedded NUL.
            return Array(arguments[next].utf8.prefix { $0 != 0 })
        }
        prefix = arguments.planNumber & 1 != 0 ? argument() : []
        wholeline = arguments.planNumber & 2 != 0 ? argument() : []
        if prefix.isEmpty && !wholeline.isEmpty {
            var start = wholeline.count
            while start > 0, Self.isWordByte(wholeline[start - 1]) { start -= 1 }
            prefix = Array(wholeline[start...])
        }
        rows = []
        index = 0
        for keyword in keywords where matches(Array(keyword.utf8)) {
            rows.append((Array(keyword.utf8), .keywords))
        }
        let databases = query("PRAGMA database_list", column: 1)
        for name in databases where matches(name) { rows.append((name, .databases)) }
        let schemas = databases.map { String(decoding: $0, as: UTF8.self) }
        let tables = schemas.map { "SELECT name FROM \(Self.quotedIdentifier($0)).sqlite_schema" }
        for name in query(tables.joined(separator: " UNION "), column: 0) where matches(name) {
            rows.append((name, .tables))
        }
        let columns = schemas.map {
            "SELECT pti.name FROM \(Self.quotedIdentifier($0)).sqlite_schema AS sm"
                + " JOIN pragma_table_info(sm.name,\(SQLQuoting.literal($0))) AS pti WHERE sm.type='table'"
        }
        for name in query(columns.joined(separator: " UNION "), column: 0) where matches(name) {
            rows.append((name, .columns))
        }
    }

    var isAtEnd: Bool { index >= rows.count }

    mutating func next() throws { index += 1 }

    func column(_ column: Int, into result: ResultContext) throws {
        switch column {
        case 0: rows[index].text.withUnsafeBufferPointer { result.setText(utf8: $0) }
        case 1: text(prefix, into: result)
        case 2: text(wholeline, into: result)
        default: result.set(Int64(rows[index].phase.rawValue))
        }
    }

    func rowid() throws -> Int64 { Int64(index + 1) }

    /// An empty prefix or line reads as NULL, as in the stock shell.
    private func text(_ bytes: [UInt8], into result: ResultContext) {
        if bytes.isEmpty {
            result.setNull()
        } else {
            bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
        }
    }

    /// Whether `candidate` starts with the prefix, ASCII letters compared without case.
    private func matches(_ candidate: [UInt8]) -> Bool {
        guard prefix.count <= candidate.count else { return false }
        for (a, b) in zip(prefix, candidate) where Self.folded(a) != Self.folded(b) { return false }
        return true
    }

    private static func folded(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// ASCII letters and digits and `_` (C's `isalnum` in the C locale, and `_`).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
    }

    private static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// The text of `column` in every row of `sql` (no rows when it fails, as in the stock shell).
    private func query(_ sql: String, column: Int) -> [[UInt8]] {
        guard let connection, let statement = try? connection.prepareFirst(sql) else { return [] }
        var out: [[UInt8]] = []
        while (try? statement.step()) == true {
            guard statement.columnType(at: column) != .null else { continue }
            out.append(Array(statement.textBytes(at: column)))
        }
        return out
    }
}
