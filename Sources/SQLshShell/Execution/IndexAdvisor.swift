@_spi(RawSQLite) import SQLshCore

/// The index advisor behind `.expert`, working as the stock shell's `sqlite3expert` does:
///
/// 1. Every statement is prepared on a scratch database where each table of `main` is a
///    virtual table that records, each time the planner asks it, the usable `=` and range
///    (`<`, `<=`, `>`, `>=`) constraints on its columns and the ORDER BY terms (a "scan").
/// 2. For every scan, candidate indexes are made: the `=` columns, then the `=` columns with
///    each range column, and the `=` columns with the ORDER BY columns; a candidate that an
///    existing index (or an earlier candidate) already covers is skipped. Candidates are named
///    `TABLE_idx_HASH`, the hash of their column list.
/// 3. The candidates are created on a copy of the schema, and each statement's
///    `EXPLAIN QUERY PLAN` there tells which of them the planner would use.
final class IndexAdvisor {
    /// One column of a table as the advisor sees it.
    struct Column {
        var name: String
        var collation: String
        /// The table's single-column primary key (it has an index already).
        var isPrimaryKey: Bool
    }

    /// A constraint or ORDER BY term on a column.
    struct Term: Equatable {
        var column: Int
        var collation: String
        var descending = false
    }

    /// What one planner request of a table offered.
    struct Scan {
        var table: Int
        var equalities: [Term] = []
        var ranges: [Term] = []
        var orderBy: [Term] = []
    }

    /// What the advisor found for one statement.
    struct Report {
        /// The statement's text.
        var sql: String
        /// `CREATE INDEX ...` of each candidate the plan uses (most recently used first).
        var indexes: [String]
        /// The plan's detail lines.
        var plan: [String]
    }

    let source: Connection
    let samplePercent: Int
    private(set) var tables: [(name: String, columns: [Column])] = []
    private var scans: [Scan] = []
    private var statements: [String] = []
    /// Candidate index name → its `CREATE INDEX` statement, and the names in creation order.
    private var candidates: [String: String] = [:]
    private var candidateOrder: [String] = []
    private let model: Connection
    private let recorder: Connection

    /// Copies the schema of `source`'s main database.
    init(source: Connection, samplePercent: Int) throws {
        self.source = source
        self.samplePercent = samplePercent
        model = try Connection(path: ":memory:")
        recorder = try Connection(path: ":memory:")
        let schema = try source.prepare(
            "SELECT type, name, sql FROM main.sqlite_schema WHERE name NOT LIKE 'sqlite_%' AND sql IS NOT NULL ORDER BY rowid")
        var entries: [(type: String, name: String, sql: String)] = []
        while try schema.step() {
            entries.append((schema.string(at: 0) ?? "", schema.string(at: 1) ?? "", schema.string(at: 2) ?? ""))
        }
        for entry in entries where !entry.sql.uppercased().hasPrefix("CREATE VIRTUAL") {
            try model.execute(entry.sql)
        }
        recorder.withLocal(RecordingModule.advisor) { $0 = WeakAdvisor(advisor: self) }
        do {
            try recorder.addWritableVirtualTableModule("expert", RecordingModule.self)
        } catch let error as SQLiteError {
            throw ShellError(error.message)
        }
        for entry in entries where entry.type == "table" && !entry.sql.uppercased().hasPrefix("CREATE VIRTUAL") {
            tables.append((entry.name, try columns(of: entry.name)))
            let declaration = SQLQuoting.literal(String(tables.count - 1))
            try recorder.execute("CREATE VIRTUAL TABLE \(Self.quoted(entry.name)) USING expert(\(declaration))")
        }
        for entry in entries where entry.type == "view" {
            try recorder.execute(entry.sql)
        }
    }

    private func columns(of table: String) throws -> [Column] {
        let info = try source.prepare("SELECT name, pk FROM pragma_table_xinfo(?1, 'main')")
        try info.bind(table, at: 1)
        var rows: [(name: String, pk: Int64)] = []
        while try info.step() { rows.append((info.string(at: 0) ?? "", info.int64(at: 1))) }
        let keyColumns = rows.filter { $0.pk > 0 }.count
        return rows.map { row in
            let collation = (try? source.columnMetadata(table: table, column: row.name, schema: "main"))?.collation
            return Column(name: row.name, collation: collation ?? "BINARY", isPrimaryKey: row.pk == 1 && keyColumns == 1)
        }
    }

    /// The declaration `sqlite3_declare_vtab` gets for table number `index`.
    fileprivate func declaration(ofTable index: Int) -> String? {
        guard index >= 0, index < tables.count else { return nil }
        let columns = tables[index].columns.map { SQLQuoting.literal($0.name) + " COLLATE " + $0.collation }
        return "CREATE TABLE x(" + columns.joined(separator: ", ") + ")"
    }

    /// Records one planner request (the recording table's xBestIndex).
    fileprivate func record(table: Int, info: IndexInfo) {
        guard table >= 0, table < tables.count else { return }
        let columns = tables[table].columns
        var scan = Scan(table: table)
        var used: Int32 = 0
        let rangeOperators: Set<IndexInfo.ConstraintOperator> = [.greaterThan, .lessThan, .greaterOrEqual, .lessOrEqual]
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            let column = Int(constraint.column)
            let op = constraint.op
            guard constraint.isUsable, column >= 0, column < columns.count, !columns[column].isPrimaryKey,
                  op == .equal || rangeOperators.contains(op) else { continue }
            let collation = info.collation(ofConstraint: i) ?? "BINARY"
            let term = Term(column: column, collation: collation)
            if op == .equal { scan.equalities.insert(term, at: 0) } else { scan.ranges.insert(term, at: 0) }
            used += 1
            info.use(constraint: i, asArgument: used, omit: false)
        }
        for term in info.orderBy {
            let column = Int(term.column)
            guard column >= 0, column < columns.count else { continue }
            scan.orderBy.append(Term(column: column, collation: columns[column].collation, descending: term.descending))
            used += 1
        }
        info.estimatedCost = 1_000_000.0 / Double(used + 1)
        scans.insert(scan, at: 0)
    }

    /// Adds the statements of `sql`; throws the message of the first that does not prepare.
    func add(sql: String) throws {
        // With its NUL, as sqlite3expert passes it: SQLite reads the text up to there.
        let text = Array(sql.utf8) + [0]
        try text.withUnsafeBufferPointer { buffer in
            var rest = buffer
            while true {
                let statement: Statement?
                let consumed: Int
                do {
                    (statement, consumed) = try recorder.prepare(utf8: rest)
                } catch let error as SQLiteError {
                    throw ShellError(error.message)
                }
                guard let statement else { break }
                statements.append(statement.sql)
                rest = UnsafeBufferPointer(rebasing: rest[min(consumed, rest.count - 1)...])
            }
        }
    }

    /// Makes the candidates and finds which of them each statement would use.
    func analyze() throws -> (candidates: [String], reports: [Report]) {
        for scan in scans {
            makeCandidates(scan, tail: [])
            if !scan.orderBy.isEmpty { makeCandidates(scan, tail: scan.orderBy) }
        }
        if samplePercent > 0 { try writeStatistics() }
        var reports: [Report] = []
        for sql in statements {
            let explain = try model.prepare("EXPLAIN QUERY PLAN " + sql)
            var used: [String] = []
            var plan: [String] = []
            while try explain.step() {
                guard let detail = explain.string(at: 3) else { continue }
                if let name = Self.indexName(in: detail), let create = candidates[name], !used.contains(create) {
                    used.insert(create, at: 0)
                }
                if !detail.hasPrefix("-") { plan.append(detail) }
            }
            reports.append(Report(sql: sql, indexes: used, plan: plan))
        }
        return (candidateOrder.reversed().compactMap { candidates[$0] }, reports)
    }

    /// The index a plan line names after ` USING INDEX ` or ` USING COVERING INDEX `.
    private static func indexName(in detail: String) -> String? {
        let bytes = Array(detail.utf8)
        for marker in [" USING INDEX ", " USING COVERING INDEX "].map({ Array($0.utf8) }) {
            guard bytes.count > marker.count,
                  let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
            else { continue }
            var end = start + marker.count
            while end < bytes.count && !(bytes[end] == 32 && end + 1 < bytes.count && bytes[end + 1] == 40) { end += 1 }
            return String(decoding: bytes[(start + marker.count)..<end], as: UTF8.self)
        }
        return nil
    }

    private func makeCandidates(_ scan: Scan, tail: [Term]) {
        var equalities: [Term] = []
        // As sqlite3expert: the list is walked newest first and each kept term goes in front.
        for term in scan.equalities
        where !equalities.contains(where: { $0.column == term.column }) && !tail.contains(where: { $0.column == term.column }) {
            equalities.insert(term, at: 0)
        }
        makeCandidate(scan.table, equalities: equalities, tail: tail)
        if tail.isEmpty {
            for range in scan.ranges where !equalities.contains(where: { $0.column == range.column }) {
                makeCandidate(scan.table, equalities: equalities, tail: [range])
            }
        }
    }

    private func makeCandidate(_ table: Int, equalities: [Term], tail: [Term]) {
        guard !(equalities.isEmpty && tail.isEmpty), !hasCompatibleIndex(table, equalities: equalities, tail: tail) else { return }
        let (tableName, columns) = tables[table]
        let list = (equalities + tail).map { term -> String in
            let column = columns[term.column]
            var text = Self.needsQuotes(column.name) ? SQLQuoting.literal(column.name) : column.name
            if asciiLowercased(column.collation) != asciiLowercased(term.collation) {
                text += " COLLATE " + (Self.needsQuotes(term.collation) ? SQLQuoting.literal(term.collation) : term.collation)
            }
            return term.descending ? text + " DESC" : text
        }.joined(separator: ", ")
        var hash: UInt32 = 0
        var name = ""
        for _ in 0..<50 {
            for byte in list.utf8 { hash = hash &+ ((hash &<< 3) &+ UInt32(byte)) }
            name = tableName + "_idx_" + String(hash, radix: 16).leftPadded(to: 8)
            let taken = (try? model.prepare("SELECT count(*) FROM sqlite_schema WHERE name=?1 AND type IN ('index','table','view')"))
                .flatMap { statement -> Bool? in
                    try? statement.bind(name, at: 1)
                    return (try? statement.step()) == true && statement.int64(at: 0) > 0
                } ?? false
            if !taken { break }
        }
        let create = Self.needsQuotes(tableName)
            ? "CREATE INDEX \(Self.quoted(name)) ON \(Self.quoted(tableName))(\(list))"
            : "CREATE INDEX \(name) ON \(tableName)(\(list))"
        guard (try? model.execute(create)) != nil else { return }
        candidates[name] = create
        candidateOrder.append(name)
    }

    /// Whether an index of the model (existing or candidate) starts with the `=` columns in any
    /// order, then the tail columns in order, with the same collations.
    private func hasCompatibleIndex(_ table: Int, equalities: [Term], tail: [Term]) -> Bool {
        guard let list = try? model.prepare("SELECT name FROM pragma_index_list(?1)") else { return false }
        try? list.bind(tables[table].name, at: 1)
        var names: [String] = []
        while (try? list.step()) == true { if let name = list.string(at: 0) { names.append(name) } }
        for index in names {
            guard let info = try? model.prepare("SELECT seqno, cid, coll FROM pragma_index_xinfo(?1)") else { continue }
            try? info.bind(index, at: 1)
            var matched = [Bool](repeating: false, count: equalities.count)
            var tailPosition = 0
            var isMatch = true
            while (try? info.step()) == true {
                let position = Int(info.int64(at: 0))
                let column = Int(info.int64(at: 1))
                let collation = asciiLowercased(info.string(at: 2) ?? "")
                if position < equalities.count {
                    guard let found = equalities.indices.first(where: {
                        !matched[$0] && equalities[$0].column == column && asciiLowercased(equalities[$0].collation) == collation
                    }) else { isMatch = false; break }
                    matched[found] = true
                } else if tailPosition < tail.count {
                    let term = tail[tailPosition]
                    guard term.column == column, asciiLowercased(term.collation) == collation else { isMatch = false; break }
                    tailPosition += 1
                }
            }
            if isMatch { return true }
        }
        return false
    }

    /// With `-sample N`: `sqlite_stat1` rows for the candidates, from the source's data (the
    /// row count and the average number of rows per distinct value of each leading column set).
    private func writeStatistics() throws {
        try model.execute("ANALYZE sqlite_schema")
        for name in candidateOrder {
            let info = try model.prepare("SELECT m.tbl_name, x.name FROM sqlite_schema m, pragma_index_info(m.name) x WHERE m.name=?1 ORDER BY x.seqno")
            try info.bind(name, at: 1)
            var table = ""
            var columns: [String] = []
            while try info.step() {
                table = info.string(at: 0) ?? ""
                columns.append(Self.quoted(info.string(at: 1) ?? ""))
            }
            guard !columns.isEmpty else { continue }
            let distinct = columns.indices.map { "count(DISTINCT " + columns[0...$0].joined(separator: "||','||") + ")" }
            let counts = try source.prepare("SELECT count(*), " + distinct.joined(separator: ", ") + " FROM main." + Self.quoted(table))
            guard try counts.step() else { continue }
            let rows = max(1, counts.int64(at: 0))
            var stat = "\(rows)"
            for i in 1...columns.count { stat += " \(max(1, (rows + max(1, counts.int64(at: i)) - 1) / max(1, counts.int64(at: i))))" }
            let insert = try model.prepare("INSERT INTO sqlite_stat1 VALUES(?1, ?2, ?3)")
            try insert.bind(table, at: 1)
            try insert.bind(name, at: 2)
            try insert.bind(stat, at: 3)
            _ = try insert.step()
        }
        try model.execute("ANALYZE sqlite_schema")
    }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// As sqlite3expert: a name needs quotes when it is a keyword or has a character other
    /// than an ASCII letter, digit or `_`.
    static func needsQuotes(_ name: String) -> Bool {
        if name.isEmpty { return true }
        return SQLText.isKeyword(name) || !name.utf8.allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

// MARK: The recording virtual table

/// The advisor of a scratch connection, held weakly: the connection's tables reach it.
/// `@unchecked Sendable`: the shell runs `.expert` on one thread.
private struct WeakAdvisor: @unchecked Sendable {
    weak var advisor: IndexAdvisor?
}

/// The tables the advisor prepares statements against: they plan, take writes, and hold no
/// rows. Each is made from its table's number (`expert('0')`).
private enum RecordingModule: WritableVirtualTableModule {
    /// The advisor of each scratch connection (the module is a type, so it carries no data of
    /// its own).
    static let advisor = ConnectionLocal<WeakAdvisor>(initial: WeakAdvisor())

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        let advisor = context.connection.local(Self.advisor).advisor
        // The argument is the table's number, as a quoted literal.
        let number = Int((arguments.first ?? "").filter { $0.isNumber }) ?? -1
        guard let advisor, advisor.declaration(ofTable: number) != nil else {
            throw SQLiteError(code: .error, message: "vtable constructor failed: \(context.tableName)")
        }
        return RecordingTable(advisor: advisor, table: number)
    }
}

/// One recording table: the planner's requests go to the advisor.
private final class RecordingTable: WritableVirtualTable {
    weak var advisor: IndexAdvisor?
    let table: Int

    init(advisor: IndexAdvisor, table: Int) {
        self.advisor = advisor
        self.table = table
    }

    /// The table's declaration (``RecordingModule`` made the table only when it has one).
    var schema: String { advisor?.declaration(ofTable: table) ?? "CREATE TABLE x(x)" }

    func bestIndex(_ info: IndexInfo) throws {
        advisor?.record(table: table, info: info)
    }

    func makeCursor() throws -> any VirtualTableCursor { EmptyCursor() }
    func insert(_ row: VirtualTableRow) throws -> Int64 { 0 }
    func update(key: Argument, with row: VirtualTableRow) throws {}
    func delete(key: Argument) throws {}
}

/// A scan of a recording table: no rows.
private final class EmptyCursor: VirtualTableCursor {
    func filter(_ arguments: FilterArguments) throws {}
    var isAtEnd: Bool { true }
    func next() throws {}
    func column(_ index: Int, into result: ResultContext) throws {}
    func rowid() throws -> Int64 { 0 }
}
