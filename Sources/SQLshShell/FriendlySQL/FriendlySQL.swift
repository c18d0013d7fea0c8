import SQLshCore
import SQLshParquet

/// A column as ``FriendlySchema`` describes it: for `describe`, `summarize` and star modifiers.
public struct FriendlyColumn: Equatable, Sendable {
    /// The column's name.
    public var name: String
    /// Its declared type (`""` when it has none).
    public var type: String
    /// Whether it is `NOT NULL` (or part of the primary key).
    public var notNull: Bool
    /// Whether it is part of the primary key.
    public var primaryKey: Bool
    /// Its default value's SQL text, if any.
    public var defaultValue: String?

    /// A column named `name` of type `type`.
    public init(name: String, type: String, notNull: Bool = false, primaryKey: Bool = false, defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.primaryKey = primaryKey
        self.defaultValue = defaultValue
    }
}

/// What the friendly-SQL rewriter needs to know about the database.
public protocol FriendlySchema {
    /// The columns of `source`, SQL text that may follow `FROM`: a table or view name, a quoted
    /// file name, a `(query)`, or a whole FROM clause with joins. nil when SQLite cannot read it.
    func columns(of source: String) -> [FriendlyColumn]?
    /// The names of the result columns of `query` (prepared, not run); nil when SQLite
    /// cannot prepare it.
    func resultColumns(of query: String) -> [String]?
    /// Whether `name` is an aggregate (or window) function.
    func isAggregate(_ name: String) -> Bool
}

/// The output format of `COPY ... TO`.
public enum CopyFormat: Equatable, Sendable {
    /// Comma (or `delimiter`) separated values, RFC 4180 quoting.
    case csv(delimiter: String, header: Bool)
    /// A JSON array of objects, one a line.
    case jsonArray
    /// One JSON object a line.
    case ndjson
    /// Apache Parquet: pages compressed with `compression`, row groups of at most
    /// `rowGroupSize` rows, data pages of version `dataPageVersion` (1 or 2).
    case parquet(compression: CompressionCodec, rowGroupSize: Int, dataPageVersion: Int = 1)
}

/// What a friendly statement becomes.
public enum FriendlyStatement: Equatable, Sendable {
    /// SQL that SQLite runs in its place.
    case query(String)
    /// `COPY (query) TO 'path'`: run `query`, write its rows to `path` as `format`.
    case copyTo(query: String, path: String, format: CopyFormat)
    /// `COPY t FROM 'path'`: check that `path` exists, then run `insert`.
    case copyFrom(insert: String, path: String)
    /// A form that was recognised but cannot run: the message names what is wrong.
    case failure(String)
}

/// DuckDB's "friendly SQL", what a DuckDB user types by habit, taken where SQLite says no:
/// `FROM`-first queries, `describe`, `show`, `summarize`, `* exclude (...)`, `* replace (...)`,
/// `group by all`, `order by all`, a trailing comma in a select list, `copy`, `left(s, n)` and
/// `right(s, n)`.
///
/// The shell calls ``rewrite(_:schema:)`` only for a statement SQLite failed to prepare, so a
/// statement SQLite accepts keeps its meaning; when the rewrite is nil (or its SQL fails too),
/// the user sees SQLite's original error.
///
/// ```swift
/// FriendlySQL.rewrite("from t where a > 1", schema: schema)   // .query("select * from t where a > 1")
/// ```
public enum FriendlySQL {
    /// The statement `statement` (one statement, no `;`) stands for, or nil when it is no
    /// friendly form. Never traps, whatever the text.
    public static func rewrite(_ statement: String, schema: any FriendlySchema) -> FriendlyStatement? {
        let tokens = FriendlyTokens(statement)
        guard let first = tokens.lower(0) else { return nil }
        switch first {
        case "describe", "desc", "show":
            return FriendlyForms.describeOrShow(tokens, schema: schema)
        case "summarize":
            return FriendlyForms.summarize(tokens, schema: schema)
        case "copy":
            return FriendlyForms.copy(tokens, schema: schema)
        default:
            guard let sql = rewriteQuery(statement, schema: schema) else { return nil }
            return .query(sql)
        }
    }

    /// The words friendly SQL adds to SQLite's keywords, upper case: the highlighter colours
    /// them and completion offers them.
    public static let keywords: [String] = ["COPY", "DESCRIBE", "EXCLUDE", "INTERVAL", "QUALIFY", "SHOW", "SUMMARIZE"]

    /// `.help friendly` (and `.help` of a word only friendly SQL knows, such as `summarize`):
    /// each form on a line, with what it stands for.
    public static let helpText = """
    Friendly SQL: DuckDB's forms, tried only when SQLite rejects a statement
       from t [where ...]              select * from t [where ...]; also from 'data.csv'
       from t select a, b where ...    a query written FROM first
       describe X / show X             X's columns: a table, view, 'file' or (query)
       show tables / show all tables   the tables of main / of every schema
       summarize X                     min, max, approx_unique, avg, std, quartiles,
                                       count and null_percentage of each column of X
       select * exclude (a, b)         every column but a and b; also t.* exclude (a)
       select * replace (expr as a)    every column, a replaced by expr
       select columns('re') ...        every column whose name matches the regexp
       group by all / order by all     every non-aggregate column / every column
       select a, b, from t             a trailing comma in the select list
       qualify rank() over w = 1       filter on a window function's result
       extract(year from d)            date parts of ISO text dates
       date '2024-03-21', timestamp '...', d + interval 3 day, interval '1 month'
       user.geo.country                JSON dot access: user ->> '$.geo.country'
       left(s, n) / right(s, n)        the first / last n characters
       copy (query) to 'out.csv' [(format csv, header, delimiter '|')]
       copy t to 'out.json'            formats: csv, tsv, json, ndjson; .gz compresses
       copy t from 'in.csv'            insert the file's rows into t
    See the FRIENDLY SQL section of the man page (man sqlsh).

    """

    /// Whether `word` names a topic of ``helpText``: `friendly` or one of ``keywords``.
    public static func isHelpTopic(_ word: String) -> Bool {
        let upper = word.uppercased()
        return upper == "FRIENDLY" || keywords.contains(upper)
    }

    /// Whether SQLite's prepare error `message` is one a friendly form may explain: a syntax
    /// error, incomplete input, or a missing column, table or function. Others (`interrupted`,
    /// `not authorized`, a locked database...) stand as they are.
    public static func mayExplain(_ message: String) -> Bool {
        message.hasSuffix("syntax error") || message == "incomplete input" || message.hasPrefix("no such column")
            || message.hasPrefix("no such table") || message.hasPrefix("no such function")
    }

    /// The shell's gate: the friendly statement `statement` stands for on `connection`, only
    /// when SQLite fails to prepare it as it is (a statement SQLite accepts is never rewritten).
    public static func fallback(for statement: String, on connection: Connection) -> FriendlyStatement? {
        do {
            _ = try connection.prepareFirst(statement)
            return nil
        } catch let error as SQLiteError {
            guard mayExplain(error.message) else { return nil }
            return rewrite(statement, schema: ConnectionSchema(connection: connection))
        } catch {
            return nil
        }
    }

    /// Query-level forms applied in turn (FROM-first, trailing comma, `left`/`right`,
    /// `extract`, typed literals, `interval` (added, or as a value), JSON dot access, star modifiers, `columns(...)`,
    /// `group by all`, `qualify`, `order by all`); nil when none applied.
    static func rewriteQuery(_ sql: String, schema: any FriendlySchema) -> String? {
        var text = sql
        var changed = false
        let steps: [(String, any FriendlySchema) -> String?] = [
            FriendlyForms.fromFirst, FriendlyForms.trailingComma, FriendlyForms.leftRight,
            FriendlyForms.extract, FriendlyForms.typedLiteral, FriendlyForms.interval, FriendlyForms.intervalValue,
            FriendlyForms.jsonDot,
            FriendlyForms.starModifiers, FriendlyForms.columnsRegex, FriendlyForms.groupByAll,
            FriendlyForms.qualify, FriendlyForms.orderByAll,
        ]
        for step in steps {
            // Each step rewrites one occurrence; a few rounds take the rest.
            var rounds = 0
            while rounds < 16, let next = step(text, schema) {
                text = next
                changed = true
                rounds += 1
            }
        }
        return changed ? text : nil
    }

    /// `name` as an SQL identifier in double quotes.
    static func quoteName(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal.
    static func quoteString(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "''") + "'"
    }
}

extension String {
    /// The string with every `target` character replaced (no Foundation).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(count)
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}

/// The significant tokens of one statement (whitespace and comments left out), read with the
/// core's ``SQLTokenizer``, and the text between them kept for rebuilding.
struct FriendlyTokens {
    /// The statement's UTF-8 bytes.
    let bytes: [UInt8]
    /// Its significant tokens, in order.
    let tokens: [SQLToken]

    init(_ text: String) {
        bytes = Array(text.utf8)
        tokens = bytes.withUnsafeBufferPointer { buffer in
            var list: [SQLToken] = []
            var tokenizer = SQLTokenizer(buffer)
            while let token = tokenizer.nextSignificant() {
                // A `;` ends the statement: what follows is not the rewriter's.
                if token.isOperator(";", in: buffer) { break }
                list.append(token)
            }
            return list
        }
    }

    var count: Int { tokens.count }

    /// Token `i`'s text, or nil past the end.
    func text(_ i: Int) -> String? {
        guard i >= 0, i < tokens.count else { return nil }
        return bytes.withUnsafeBufferPointer { tokens[i].text(in: $0) }
    }

    /// Token `i`'s text in ASCII lower case, or nil past the end.
    func lower(_ i: Int) -> String? {
        guard i >= 0, i < tokens.count else { return nil }
        return bytes.withUnsafeBufferPointer { tokens[i].lowercasedText(in: $0) }
    }

    /// Whether token `i` is a bare word spelled `word` (any case).
    func isWord(_ i: Int, _ word: String) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].isWord else { return false }
        return lower(i) == word
    }

    /// Whether token `i` is the operator `op`.
    func isOp(_ i: Int, _ op: String) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .operator else { return false }
        return text(i) == op
    }

    /// The name or text a quoted token holds (quotes removed), other tokens as they are.
    func unquoted(_ i: Int) -> String? {
        guard i >= 0, i < tokens.count else { return nil }
        return bytes.withUnsafeBufferPointer { String(decoding: tokens[i].unquoted(in: $0), as: UTF8.self) }
    }

    /// The original text of tokens `range` (with the whitespace and comments between them).
    func source(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        let start = tokens[range.lowerBound].start
        let end = tokens[range.upperBound - 1].end
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The original text from token `i` to the end of the statement's tokens.
    func source(from i: Int) -> String { source(i..<tokens.count) }

    /// The whole text with tokens `range` replaced by `replacement` (trivia around kept).
    func replacing(_ range: Range<Int>, with replacement: String) -> String {
        guard range.lowerBound >= 0, range.upperBound <= tokens.count, range.lowerBound < tokens.count else { return String(decoding: bytes, as: UTF8.self) }
        let start = tokens[range.lowerBound].start
        let end = range.isEmpty ? start : tokens[range.upperBound - 1].end
        return String(decoding: bytes[0..<start], as: UTF8.self) + replacement + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// The text before token `i` (from the start of the statement).
    func prefix(before i: Int) -> String {
        guard i > 0, i <= tokens.count else { return "" }
        return String(decoding: bytes[0..<tokens[i].start], as: UTF8.self)
    }

    /// The text after token `i` (to the end of the statement's last token).
    func suffix(after i: Int) -> String {
        guard i >= 0, i < tokens.count, let last = tokens.last else { return "" }
        return String(decoding: bytes[tokens[i].end..<last.end], as: UTF8.self)
    }

    /// Parenthesis depth before each token, and the index of each `(`'s partner (nil when
    /// the parentheses do not balance).
    func depths() -> [Int]? {
        var result: [Int] = []
        result.reserveCapacity(tokens.count)
        var depth = 0
        for i in 0..<tokens.count {
            if isOp(i, ")") {
                depth -= 1
                if depth < 0 { return nil }
            }
            result.append(depth)
            if isOp(i, "(") { depth += 1 }
        }
        return depth == 0 ? result : nil
    }

    /// The index of the `)` closing the `(` at `open`, or nil.
    func closing(_ open: Int) -> Int? {
        guard isOp(open, "(") else { return nil }
        var depth = 0
        var i = open
        while i < tokens.count {
            if isOp(i, "(") { depth += 1 } else if isOp(i, ")") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// The top-level comma-separated parts of `range` (index ranges).
    func split(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for i in range {
            if isOp(i, "(") { depth += 1 } else if isOp(i, ")") { depth -= 1 } else if depth == 0 && isOp(i, ",") {
                parts.append(start..<i)
                start = i + 1
            }
        }
        parts.append(start..<range.upperBound)
        return parts
    }
}
