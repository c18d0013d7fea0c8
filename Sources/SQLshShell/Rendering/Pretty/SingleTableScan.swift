import SQLshCore

/// A query that reads one rowid table front to back: `SELECT columns FROM table [[AS] alias]
/// [WHERE condition]`, which SQLite runs as a plain `SCAN` of the table's b-tree, in rowid
/// order. Its last rows are the ones with the highest rowids, so the screen finds them by
/// walking the b-tree backwards from its end (a few pages) instead of skipping every row
/// before them (see ``BigResultShortcut``):
///
/// ```sql
/// select a.rowid from t as a where x > 0
/// order by a.rowid desc limit 1 offset 15;      -- the rowid where the last 16 rows begin
/// select * from t as a where (x > 0
/// ) and a.rowid >= 983344;                      -- the last 16 rows
/// select count(*) from t as a where x > 0;      -- the total, from the b-tree pages
/// ```
///
/// Recognizing the text is only the first half; ``confirm(on:)`` then asks SQLite's query
/// planner that the query and the rowid walk are both plain scans of the table (no index,
/// no sorting) and that `PRAGMA reverse_unordered_selects` is off. Anything else (a join, a
/// `GROUP BY`, `DISTINCT`, `LIMIT`, a window function, a view, a table-valued function, a
/// table without rowid, a column named `rowid`) is not a single table scan, and the screen
/// uses the general shortcut or steps.
struct SingleTableScan {
    /// The query's text, without the `;` after it.
    let text: String
    /// UTF-8 offset of the `FROM` keyword in ``text``.
    let fromOffset: Int
    /// UTF-8 offset just after the `WHERE` keyword, or nil when there is no `WHERE`.
    let conditionOffset: Int?
    /// How the table is named in added conditions: the alias or the table name, as written.
    let qualifier: String
    /// How the query plan names the table: `SCAN <planName>`.
    let planName: String
    /// The table as written (quotes kept), with its schema when one is written (`main.t`).
    var table = ""

    /// The text from `FROM` to the end.
    private var fromClause: Substring { Substring(text.utf8.dropFirst(fromOffset)) }

    /// `SELECT count(*) FROM ...`: the total row count.
    var countSQL: String { "select count(*) " + fromClause }

    /// The rowid of the `tailCount`th row from the end (`tailCount` ≥ 1).
    func thresholdSQL(tailCount: Int) -> String {
        "select \(qualifier).rowid " + fromClause
            + "\norder by \(qualifier).rowid desc limit 1 offset \(tailCount - 1)"
    }

    /// The query restricted to the rows from rowid `threshold` on.
    func tailSQL(from threshold: Int64) -> String {
        guard let conditionOffset else { return text + "\nwhere \(qualifier).rowid >= \(threshold)" }
        let utf8 = text.utf8
        let cut = utf8.index(utf8.startIndex, offsetBy: conditionOffset)
        return String(text[..<cut]) + "(" + String(text[cut...]) + "\n) and \(qualifier).rowid >= \(threshold)"
    }

    /// Keywords that end a `WHERE` clause at the top level: what follows them is more than a
    /// filter (grouping, ordering, a limit, another query).
    private static var clauseKeywords: Set<String> { SQLClauseKeywords.afterWhere }

    /// Recognizes the shape of a single table scan in `text` (a query without its `;`), or nil.
    static func recognize(_ text: String) -> SingleTableScan? {
        // A line comment at the end is closed by the line end added text starts with; an open
        // block comment would swallow that text.
        let (tokens, endsInComment) = CompletionToken.tokens(of: text + "\n")
        guard !endsInComment, tokens.allSatisfy({ !$0.isOpen }),
              tokens.first?.keyword == "SELECT", !tokens.contains(where: { $0.keyword == "OVER" }) else { return nil }
        var i = 1
        if tokens.count > i, tokens[i].keyword == "ALL" { i += 1 }
        if tokens.count > i, tokens[i].keyword == "DISTINCT" { return nil }
        // The result columns, up to the FROM outside any parentheses.
        var depth = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .punctuation {
                if token.text == "(" { depth += 1 } else if token.text == ")" { depth -= 1 }
            } else if depth == 0, let keyword = token.keyword {
                if keyword == "FROM" { break }
                if clauseKeywords.contains(keyword) { return nil }
            }
            i += 1
        }
        guard i < tokens.count else { return nil }
        let from = tokens[i]
        i += 1
        // [schema .] table
        func isName(_ at: Int) -> Bool {
            at < tokens.count && (tokens[at].kind == .quoted || (tokens[at].kind == .word && !SQLText.isKeyword(tokens[at].text)))
        }
        guard isName(i) else { return nil }
        var table = tokens[i]
        let tableStart = table.start
        var planName = table.text
        i += 1
        if i + 1 < tokens.count, tokens[i].text == ".", tokens[i].kind == .punctuation, isName(i + 1) {
            table = tokens[i + 1]
            planName += "." + table.text
            i += 2
        }
        var alias: CompletionToken? = nil
        if i < tokens.count, tokens[i].keyword == "AS" {
            guard isName(i + 1) else { return nil }
            alias = tokens[i + 1]
            i += 2
        } else if isName(i) {
            alias = tokens[i]
            i += 1
        }
        var conditionOffset: Int? = nil
        if i < tokens.count {
            guard tokens[i].keyword == "WHERE", i + 1 < tokens.count else { return nil }
            conditionOffset = tokens[i + 1].start
            depth = 0
            for token in tokens[(i + 1)...] {
                if token.kind == .punctuation {
                    if token.text == "(" { depth += 1 } else if token.text == ")" { depth -= 1 }
                    else if token.text == ";" { return nil }
                } else if depth == 0, let keyword = token.keyword, clauseKeywords.contains(keyword) {
                    return nil
                }
            }
        }
        let named = alias ?? table
        let utf8 = Array(text.utf8)
        let qualifier = String(decoding: utf8[named.start..<named.end], as: UTF8.self)
        return SingleTableScan(text: text, fromOffset: from.start, conditionOffset: conditionOffset,
                               qualifier: qualifier, planName: alias?.text ?? planName,
                               table: String(decoding: utf8[tableStart..<table.end], as: UTF8.self))
    }

    /// Whether SQLite plans both the query and the backward rowid walk as plain scans of the
    /// table, so that rowid order is result order. False (never an error) when it does not.
    func confirm(on connection: Connection, tailCount: Int) -> Bool {
        do {
            let reversed = try connection.prepare("pragma reverse_unordered_selects")
            guard try reversed.step(), reversed.int64(at: 0) == 0 else { return false }
            return try isPlainScan(text, on: connection)
                && isPlainScan(thresholdSQL(tailCount: tailCount), on: connection)
        } catch {
            return false
        }
    }

    /// Plan lines of subqueries in the columns or the condition: they run per row, in any order.
    private static let subqueryPlans = [
        "SCALAR SUBQUERY ", "LIST SUBQUERY ", "CORRELATED SCALAR SUBQUERY ", "CORRELATED LIST SUBQUERY ",
    ]

    /// Whether the plan of `sql` reads the table with one plain `SCAN` at its top level (beside
    /// it only subqueries of the columns or the condition, which do not order rows).
    private func isPlainScan(_ sql: String, on connection: Connection) throws -> Bool {
        let plan = try connection.prepare("explain query plan " + sql)
        var scans = 0
        while try plan.step() {
            guard plan.int64(at: 1) == 0 else { continue }
            let detail = plan.string(at: 3) ?? ""
            if detail == "SCAN " + planName {
                scans += 1
            } else if !Self.subqueryPlans.contains(where: { detail.hasPrefix($0) }) {
                return false
            }
        }
        return scans == 1
    }
}
