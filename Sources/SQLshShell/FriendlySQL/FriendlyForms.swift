/// The friendly-SQL forms, each a function from statement text to rewritten text (nil when
/// the form is not there). Every form reads tokens with ``FriendlyTokens`` (the core's
/// tokenizer); none parses SQL in full, none traps on any input.
enum FriendlyForms {
    /// Words that end a select list or a FROM clause at its depth.
    static let clauseEnds: Set<String> = ["where", "group", "having", "window", "order", "limit", "union",
                                          "except", "intersect", "returning"]

    // MARK: Helpers

    /// The `select` of the select core that token `i` (at depth `depth[i]`) belongs to.
    static func coreSelect(_ t: FriendlyTokens, _ depth: [Int], before i: Int) -> Int? {
        var j = i - 1
        let d = depth[i]
        while j >= 0 {
            if depth[j] < d { return nil }
            if depth[j] == d && t.isWord(j, "select") { return j }
            j -= 1
        }
        return nil
    }

    /// The first token after `i` at `i`'s depth that ends its clause (a clause word, a closing
    /// parenthesis of the enclosing level, or the end).
    static func clauseEnd(_ t: FriendlyTokens, _ depth: [Int], after i: Int, ends: Set<String> = clauseEnds) -> Int {
        let d = depth[i]
        var k = i + 1
        while k < t.count {
            // Depths are those before each token: a `)` closing the enclosing level is below `d`.
            if depth[k] < d { return k }
            if depth[k] == d && t.tokens[k].isWord, let w = t.lower(k), ends.contains(w) { return k }
            k += 1
        }
        return t.count
    }

    /// The `from` of the select core at `select`, before `limit` (exclusive), at its depth.
    static func coreFrom(_ t: FriendlyTokens, _ depth: [Int], select s: Int, limit: Int) -> Int? {
        var k = s + 1
        while k < min(limit, t.count) {
            if depth[k] < depth[s] { return nil }
            if depth[k] == depth[s] && t.isWord(k, "from") { return k }
            k += 1
        }
        return nil
    }

    // MARK: 1. FROM-first

    /// `from t [where ...]` → `select * from t ...`; `from t select a, b where ...` →
    /// `select a, b from t where ...`.
    static func fromFirst(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard t.isWord(0, "from"), t.count > 1, let depth = t.depths() else { return nil }
        guard let s = (1..<t.count).first(where: { depth[$0] == 0 && t.isWord($0, "select") }) else {
            return "select * " + t.source(from: 0)
        }
        guard s > 1 else { return nil }
        let end = clauseEnd(t, depth, after: s)
        guard end > s + 1 else { return nil }
        var text = "select " + t.source((s + 1)..<end) + " from " + t.source(1..<s)
        if end < t.count { text += " " + t.source(from: end) }
        return text
    }

    // MARK: 5b. Trailing comma

    /// `select a, b, from t` → `select a, b from t` (also before a clause word or the end).
    static func trailingComma(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where t.isOp(i, ",") {
            let next = i + 1
            let endsList = next == t.count || t.isOp(next, ")") || t.isWord(next, "from")
                || (t.tokens[next].isWord && clauseEnds.contains(t.lower(next) ?? ""))
            guard endsList, let s = coreSelect(t, depth, before: i) else { continue }
            // A FROM between the select and the comma: the comma is not in the select list.
            if coreFrom(t, depth, select: s, limit: i) != nil { continue }
            return t.replacing(i..<(i + 1), with: "")
        }
        return nil
    }

    // MARK: 7. left(s, n), right(s, n)

    /// `left(s, n)` → `substr(s, 1, n)`; `right(s, n)` → `substr(s, -(n), n)`.
    static func leftRight(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        for i in 0..<t.count where (t.isWord(i, "left") || t.isWord(i, "right")) && t.isOp(i + 1, "(") && !t.isOp(i - 1, ".") {
            guard let close = t.closing(i + 1) else { return nil }
            let args = t.split((i + 2)..<close)
            guard args.count == 2, !args[0].isEmpty, !args[1].isEmpty else { return nil }
            let s = t.source(args[0]), n = t.source(args[1])
            var call = t.isWord(i, "left") ? "substr(\(s), 1, \(n))" : "substr(\(s), -(\(n)), \(n))"
            // A whole select item keeps the name the user wrote.
            let before = i == 0 || t.isOp(i - 1, ",") || t.isWord(i - 1, "select") || t.isWord(i - 1, "distinct")
            let after = close + 1 == t.count || t.isOp(close + 1, ",") || t.isWord(close + 1, "from")
            if before && after { call += " as " + FriendlySQL.quoteName(t.source(i..<(close + 1))) }
            return t.replacing(i..<(close + 1), with: call)
        }
        return nil
    }

    // MARK: 4. Star modifiers

    /// `* exclude (a, b)`, `t.* exclude (a)`, `* replace (expr as a)`: the star expanded to
    /// the columns it stands for, less the excluded ones, with the replaced ones' expressions.
    static func starModifiers(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where t.isOp(i, "*") && (t.isWord(i + 1, "exclude") || t.isWord(i + 1, "replace")) {
            // The star's qualifier: `t.*` or `s.t.*`.
            var start = i
            while start >= 2 && t.isOp(start - 1, ".") && (t.tokens[start - 2].isWord || t.tokens[start - 2].kind == .quotedIdentifier) {
                start -= 2
            }
            let qualifier = start < i ? t.source(start..<(i - 1)) : nil
            // The modifiers.
            var excluded: Set<String> = []
            var replaced: [String: String] = [:]
            var k = i + 1
            while t.isWord(k, "exclude") || t.isWord(k, "replace") {
                let isExclude = t.isWord(k, "exclude")
                var items: [Range<Int>]
                var next: Int
                if t.isOp(k + 1, "("), let close = t.closing(k + 1) {
                    items = t.split((k + 2)..<close)
                    next = close + 1
                } else if isExclude, k + 1 < t.count, t.tokens[k + 1].isWord || t.tokens[k + 1].kind == .quotedIdentifier {
                    items = [(k + 1)..<(k + 2)]
                    next = k + 2
                } else { return nil }
                for item in items {
                    guard !item.isEmpty else { return nil }
                    if isExclude {
                        // `a` or `t.a`: the last name counts.
                        guard let name = t.unquoted(item.upperBound - 1) else { return nil }
                        excluded.insert(name.lowercased())
                    } else {
                        guard item.count >= 3, t.isWord(item.upperBound - 2, "as"),
                              let name = t.unquoted(item.upperBound - 1) else { return nil }
                        replaced[name.lowercased()] = t.source(item.lowerBound..<(item.upperBound - 2))
                    }
                }
                k = next
            }
            // The select core's FROM clause.
            guard let s = coreSelect(t, depth, before: i),
                  let f = coreFrom(t, depth, select: s, limit: t.count), f >= k else { return nil }
            let fromEnd = clauseEnd(t, depth, after: f)
            let probe = "select " + (qualifier.map { $0 + ".*" } ?? "*") + " from " + t.source((f + 1)..<fromEnd)
            guard let names = schema.resultColumns(of: probe) else { return nil }
            let lowered = names.map { $0.lowercased() }
            // Every excluded or replaced column must be there, as DuckDB requires.
            guard excluded.allSatisfy(lowered.contains), replaced.keys.allSatisfy(lowered.contains) else { return nil }
            var kept: [String] = []
            for (name, low) in zip(names, lowered) where !excluded.contains(low) {
                let column = (qualifier.map { $0 + "." } ?? "") + FriendlySQL.quoteName(name)
                if let expression = replaced[low] {
                    kept.append(expression + " as " + FriendlySQL.quoteName(name))
                } else {
                    kept.append(column)
                }
            }
            // An unqualified star over columns of the same name cannot be named one by one.
            if qualifier == nil && Set(lowered).count != lowered.count { return nil }
            guard !kept.isEmpty else { return nil }
            return t.replacing(start..<k, with: kept.joined(separator: ", "))
        }
        return nil
    }

    // MARK: 5. group by all, order by all

    /// `group by all` → `group by` the positions of the select list's non-aggregate items
    /// (removed when every item is an aggregate).
    static func groupByAll(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where t.isWord(i, "group") && t.isWord(i + 1, "by") && t.isWord(i + 2, "all") {
            guard let s = coreSelect(t, depth, before: i) else { return nil }
            let listEnd = coreFrom(t, depth, select: s, limit: i) ?? i
            var listStart = s + 1
            if t.isWord(listStart, "distinct") || t.isWord(listStart, "all") { listStart += 1 }
            guard listStart < listEnd else { return nil }
            var positions: [Int] = []
            for (n, item) in t.split(listStart..<listEnd).enumerated() {
                guard !item.isEmpty, !t.isOp(item.upperBound - 1, "*") else { return nil }
                if !containsAggregate(t, item, schema) { positions.append(n + 1) }
            }
            if positions.isEmpty { return t.replacing(i..<(i + 3), with: "") }
            return t.replacing((i + 2)..<(i + 3), with: positions.map(String.init).joined(separator: ", "))
        }
        return nil
    }

    /// Whether tokens `item` call an aggregate function (`min`/`max` only with one argument).
    static func containsAggregate(_ t: FriendlyTokens, _ item: Range<Int>, _ schema: any FriendlySchema) -> Bool {
        for j in item where (t.tokens[j].isWord || t.tokens[j].kind == .quotedIdentifier) && t.isOp(j + 1, "(") {
            guard let name = t.unquoted(j)?.lowercased(), schema.isAggregate(name) else { continue }
            if name == "min" || name == "max" {
                guard let close = t.closing(j + 1), t.split((j + 2)..<close).count == 1 else { continue }
            }
            return true
        }
        return false
    }

    /// `order by all [asc|desc] [nulls first|last]` → `order by 1 ..., 2 ..., ...` over every
    /// result column, left to right.
    static func orderByAll(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where t.isWord(i, "order") && t.isWord(i + 1, "by") && t.isWord(i + 2, "all") {
            var k = i + 3
            var modifiers = ""
            if t.isWord(k, "asc") || t.isWord(k, "desc") { modifiers += " " + (t.text(k) ?? ""); k += 1 }
            if t.isWord(k, "nulls") && (t.isWord(k + 1, "first") || t.isWord(k + 1, "last")) {
                modifiers += " " + t.source(k..<(k + 2))
                k += 2
            }
            // The query the clause orders: its level's text without the clause.
            var lower = i
            while lower > 0 && depth[lower - 1] >= depth[i] { lower -= 1 }
            var upper = k
            while upper < t.count && depth[upper] >= depth[i] { upper += 1 }
            guard lower < i else { return nil }
            let query = t.source(lower..<i) + (k < upper ? " " + t.source(k..<upper) : "")
            guard let names = schema.resultColumns(of: query), !names.isEmpty else { return nil }
            let terms = (1...names.count).map { "\($0)\(modifiers)" }.joined(separator: ", ")
            return t.replacing((i + 2)..<k, with: terms)
        }
        return nil
    }
}
