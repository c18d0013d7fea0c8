internal import CSQLite

/// A table a statement names that the schema lacks, as SQLite reports it when preparing the
/// statement fails, placed in the statement's text: the typed form of `no such table: NAME`.
///
/// SQLite's message is English text, and gives no position; this is the one place that reads
/// it. The name is found in the statement with the core tokenizer (``SQLTokenizer``): a name
/// in FROM or JOIN (also inside a subquery or a common table expression) first, then one
/// after INTO, UPDATE or TABLE, quoted or not, schema-qualified or not.
///
/// ```swift
/// db.rewriteFailedStatements { db, failed in
///     guard let missing = failed.missingTable, missing.schema == nil, missing.name == "today" else { return nil }
///     // missing.range: where `today` is in failed.text
///     try? db.execute("create temp view today as select date('now') as day")
///     return .retry
/// }
/// ```
public struct MissingTable: Equatable, Sendable {
    /// The schema the statement names the table in (`main`, `temp`, an attached database's
    /// name), unquoted; nil when it names none.
    public var schema: String?
    /// The table's name, unquoted, as the statement spells it.
    public var name: String
    /// The bytes of the statement's text that name the table (the schema and the dot
    /// included); nil when the statement does not name it itself (a view or a trigger it
    /// uses does).
    public var range: Range<Int>?

    /// A missing table.
    public init(schema: String?, name: String, range: Range<Int>?) {
        self.schema = schema
        self.name = name
        self.range = range
    }

    /// The byte offset of the name in the statement's text (``range``'s start).
    public var offset: Int? { range?.lowerBound }

    /// The name as SQLite reports it: `SCHEMA.NAME`, or `NAME`.
    public var qualifiedName: String { schema.map { $0 + "." + name } ?? name }

    /// The table SQLite's prepare error reports missing (`no such table: NAME`), found in
    /// `text`, the statement prepared (the first statement of it); nil for another error.
    ///
    /// `handle` tells the connection's schema names apart from a dot in a name (`data.csv`)
    /// when the statement itself does not name the table.
    init?(error: SQLiteError, text: UnsafeBufferPointer<UInt8>, handle: OpaquePointer?) {
        guard let reported = Self.reportedName(error) else { return nil }
        if let found = Self.locate(reported, in: text) {
            self = found
            return
        }
        // Named by a view or trigger: split at the first dot when what comes before it is a
        // schema of the connection.
        if let handle, let dot = reported.firstIndex(of: "."),
           Self.schemaNames(handle).contains(where: { $0.lowercased() == reported[..<dot].lowercased() }) {
            self.init(schema: String(reported[..<dot]), name: String(reported[reported.index(after: dot)...]), range: nil)
        } else {
            self.init(schema: nil, name: reported, range: nil)
        }
    }

    /// What SQLite's `no such table: NAME` message names (`NAME` or `SCHEMA.NAME`).
    static func reportedName(_ error: SQLiteError) -> String? {
        guard error.primaryCode == SQLITE_ERROR, case .table(let name)? = error.missingName else { return nil }
        return name
    }

    /// The names of the connection's schemas (`main`, `temp`, attached ones).
    private static func schemaNames(_ handle: OpaquePointer) -> [String] {
        var names: [String] = []
        var i: Int32 = 0
        while let name = sqlite3_db_name(handle, i) {
            names.append(String(cString: name))
            i += 1
        }
        return names
    }

    /// Finds `reported` (`NAME` or `SCHEMA.NAME`) named as a table in the first statement
    /// of `text`: the first one in FROM or JOIN, else the first after INTO, UPDATE or TABLE,
    /// else the first anywhere.
    static func locate(_ reported: String, in text: UnsafeBufferPointer<UInt8>) -> MissingTable? {
        var tokenizer = SQLTokenizer(text)
        // Significant tokens of the first statement.
        var tokens: [SQLToken] = []
        while let token = tokenizer.nextSignificant() {
            if token.kind == .operator, token.isOperator(";", in: text) { break }
            tokens.append(token)
        }
        let target = Array(reported.utf8)
        func isName(_ token: SQLToken) -> Bool {
            switch token.kind {
            case .identifier, .keyword, .quotedIdentifier, .string: return true
            default: return false
            }
        }
        func isDot(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .operator && tokens[i].isOperator(".", in: text) }
        /// Whether tokens[i] stands in a table's place: 0 after FROM, JOIN or a comma of a
        /// FROM clause, 1 after INTO, UPDATE or TABLE, 2 elsewhere.
        var inFrom: [Bool] = [false]
        var places: [Int] = Array(repeating: 2, count: tokens.count)
        for (i, token) in tokens.enumerated() {
            if i > 0 {
                let previous = tokens[i - 1]
                if previous.isWord {
                    if previous.matches("from", in: text) || previous.matches("join", in: text) { places[i] = 0 }
                    else if previous.matches("into", in: text) || previous.matches("update", in: text)
                                || previous.matches("table", in: text) { places[i] = 1 }
                } else if previous.kind == .operator, previous.isOperator(",", in: text), inFrom.last == true {
                    places[i] = 0
                }
            }
            if token.kind == .operator {
                if token.isOperator("(", in: text) { inFrom.append(false) }
                if token.isOperator(")", in: text), inFrom.count > 1 { inFrom.removeLast() }
            } else if token.isWord {
                if token.matches("from", in: text) || token.matches("join", in: text) {
                    inFrom[inFrom.count - 1] = true
                } else if SQLClauseKeywords.all.contains(token.uppercasedText(in: text)) {
                    inFrom[inFrom.count - 1] = false
                }
            }
        }
        var best: (place: Int, table: MissingTable)?
        for (i, token) in tokens.enumerated() where isName(token) && !isDot(i - 1) {
            let first = token.unquoted(in: text)
            var found: MissingTable?
            if isDot(i + 1), i + 2 < tokens.count, isName(tokens[i + 2]) {
                let second = tokens[i + 2].unquoted(in: text)
                if first + [UInt8(ascii: ".")] + second == target {
                    found = MissingTable(schema: String(decoding: first, as: UTF8.self), name: String(decoding: second, as: UTF8.self),
                                         range: token.start..<tokens[i + 2].end)
                }
            } else if first == target {
                found = MissingTable(schema: nil, name: reported, range: token.range)
            }
            guard let found else { continue }
            if places[i] < (best?.place ?? 3) { best = (places[i], found) }
            if places[i] == 0 { break }
        }
        return best?.table
    }
}

extension SQLiteError {
    /// What this error reports missing, when it is one of SQLite's `no such table`,
    /// `no such function`, `no such module` or `unknown function` errors: the one reading of
    /// those English messages.
    ///
    /// ```swift
    /// if case .table(let name)? = error.missingName { print("did you mean ...?", name) }
    /// ```
    public var missingName: MissingName? { MissingName(errorMessage: message) }
}
