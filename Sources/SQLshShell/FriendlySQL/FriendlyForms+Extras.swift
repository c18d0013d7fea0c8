/// Further forms: `extract(part from x)`, `date '...'` literals, `+ interval ...`, `qualify`,
/// JSON dot access and `columns('regex')`.
extension FriendlyForms {
    /// Whether tokens `range` are a whole select item (after `select`, `distinct` or `,`, before
    /// `,`, `from` or the end): a rewrite of it then keeps the user's text as its name.
    static func isWholeItem(_ t: FriendlyTokens, _ range: Range<Int>) -> Bool {
        let i = range.lowerBound, after = range.upperBound
        let before = i == 0 || t.isOp(i - 1, ",") || t.isWord(i - 1, "select") || t.isWord(i - 1, "distinct")
        let next = after == t.count || t.isOp(after, ",") || t.isWord(after, "from")
        return before && next
    }

    /// `replacement` for tokens `range`, named after the user's text when it is a whole item.
    static func named(_ t: FriendlyTokens, _ range: Range<Int>, _ replacement: String) -> String {
        t.replacing(range, with: isWholeItem(t, range) ? replacement + " as " + FriendlySQL.quoteName(t.source(range)) : replacement)
    }

    // MARK: extract

    /// `extract(year from x)` → `cast(strftime('%Y', x) as integer)` (also month, day, hour,
    /// minute, second, dow, doy, epoch, quarter).
    static func extract(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        for i in 0..<t.count where t.isWord(i, "extract") && t.isOp(i + 1, "(") && !t.isOp(i - 1, ".") {
            guard let close = t.closing(i + 1), close > i + 4, let part = t.unquoted(i + 2)?.lowercased(),
                  t.isWord(i + 3, "from") else { return nil }
            let x = t.source((i + 4)..<close)
            let formats = ["year": "%Y", "month": "%m", "day": "%d", "hour": "%H", "minute": "%M", "second": "%S",
                           "dow": "%w", "doy": "%j", "epoch": "%s"]
            let text: String
            if let format = formats[part] {
                text = "cast(strftime('\(format)', \(x)) as integer)"
            } else if part == "quarter" {
                text = "((cast(strftime('%m', \(x)) as integer) + 2) / 3)"
            } else { return nil }
            return named(t, i..<(close + 1), text)
        }
        return nil
    }

    // MARK: date, timestamp, time literals

    /// `date '2024-01-31'` → `date('2024-01-31')`; `timestamp '...'` → `datetime('...')`;
    /// `time '...'` → `time('...')`.
    static func typedLiteral(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        let functions = ["date": "date", "timestamp": "datetime", "time": "time", "datetime": "datetime"]
        for i in 0..<t.count where t.tokens[i].isWord && i + 1 < t.count && t.tokens[i + 1].kind == .string && !t.isOp(i - 1, ".") {
            guard let word = t.lower(i), let function = functions[word] else { continue }
            return named(t, i..<(i + 2), "\(function)(\(t.source((i + 1)..<(i + 2))))")
        }
        return nil
    }

    // MARK: interval

    /// `x + interval 3 day`, `x - interval '2 hours'` → `datetime(x, '+3 day')`, ... (`week`
    /// as 7 days). `x` is one operand: a name, a literal, a call or a parenthesized expression.
    static func interval(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        let units: Set<String> = ["year", "month", "day", "hour", "minute", "second", "week"]
        for i in 1..<max(t.count, 1) where t.isWord(i, "interval") && (t.isOp(i - 1, "+") || t.isOp(i - 1, "-")) {
            // The amount and unit: `3 day`, `'3 day'`, `'3' day`.
            var amountText: String
            var unit: String
            var end: Int
            guard i + 1 < t.count else { return nil }
            if t.tokens[i + 1].kind == .number, let u = t.lower(i + 2) {
                amountText = t.text(i + 1) ?? ""
                unit = u
                end = i + 3
            } else if t.tokens[i + 1].kind == .string, let inner = t.unquoted(i + 1) {
                let parts = inner.split(separator: " ").map(String.init)
                if parts.count == 2 {
                    amountText = parts[0]; unit = parts[1].lowercased(); end = i + 2
                } else if parts.count == 1, let u = t.lower(i + 2) {
                    amountText = parts[0]; unit = u; end = i + 3
                } else { return nil }
            } else { return nil }
            if unit.hasSuffix("s") { unit.removeLast() }
            guard units.contains(unit), let amount = Double(amountText), amount.isFinite,
                  amountText.allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            if unit == "week" { unit = "day"; amountText = String(amount * 7) }
            let sign = t.isOp(i - 1, "-") ? "-" : "+"
            // The operand before the operator.
            let opIndex = i - 1
            guard opIndex >= 1 else { return nil }
            var start = opIndex - 1
            if t.isOp(start, ")") {
                var depth = 0
                var k = start
                while k >= 0 {
                    if t.isOp(k, ")") { depth += 1 } else if t.isOp(k, "(") { depth -= 1; if depth == 0 { break } }
                    k -= 1
                }
                guard k >= 0 else { return nil }
                start = k
                if start > 0 && (t.tokens[start - 1].kind == .identifier || t.tokens[start - 1].kind == .keyword)
                    && !["select", "where", "and", "or", "on", "when", "then", "else", "by", "not"].contains(t.lower(start - 1) ?? "") {
                    start -= 1
                }
            } else if t.tokens[start].kind == .operator {
                return nil
            }
            while start >= 2 && t.isOp(start - 1, ".") { start -= 2 }
            if start > 0 && (t.isOp(start - 1, "+") || t.isOp(start - 1, "-") || t.isOp(start - 1, "*")
                             || t.isOp(start - 1, "/") || t.isOp(start - 1, "||")) { return nil }
            let operand = t.source(start..<opIndex)
            return named(t, start..<end, "datetime(\(operand), '\(sign)\(amountText) \(unit)')")
        }
        return nil
    }

    /// `interval 1 month`, `interval '90 minutes'`, `interval '3' day` where no `+`/`-` comes
    /// before (an argument: `date_add(d, interval 1 month)`) → the text `'1 month'`, which
    /// the date functions read as DuckDB's interval. Runs after ``interval(_:_:)``.
    static func intervalValue(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        for i in 0..<t.count where t.isWord(i, "interval") && !t.isOp(i - 1, "+") && !t.isOp(i - 1, "-")
            && !t.isOp(i - 1, ".") && i + 1 < t.count {
            let next = t.tokens[i + 1]
            var text: String
            var end: Int
            if next.kind == .number, let unit = t.lower(i + 2), t.tokens[i + 2].isWord {
                text = (t.text(i + 1) ?? "") + " " + unit
                end = i + 3
            } else if next.kind == .string, let inner = t.unquoted(i + 1) {
                text = inner
                end = i + 2
                if inner.split(separator: " ").count == 1, let unit = t.lower(i + 2), i + 2 < t.count,
                   t.tokens[i + 2].isWord, !["from", "as", "and", "or", "then", "else", "end", "when"].contains(unit) {
                    text += " " + unit
                    end = i + 3
                }
            } else { continue }
            return t.replacing(i..<end, with: FriendlySQL.quoteString(text))
        }
        return nil
    }

    // MARK: qualify

    /// `... qualify cond [order by ...] [limit ...]` → the query without it, filtered by `cond`
    /// outside (names of its result columns), or with `cond` as a hidden column (window calls).
    static func qualify(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        guard let q = (0..<t.count).first(where: { depth[$0] == 0 && t.isWord($0, "qualify") }) else { return nil }
        let condEnd = clauseEnd(t, depth, after: q, ends: ["order", "limit"])
        guard condEnd > q + 1, q > 0 else { return nil }
        let inner = t.source(0..<q)
        let condition = t.source((q + 1)..<condEnd)
        let tail = condEnd < t.count ? " " + t.source(from: condEnd) : ""
        let direct = "select * from (" + inner + ") where " + condition + tail
        if schema.resultColumns(of: direct) != nil { return direct }
        // The condition as a hidden column of the query.
        guard let names = schema.resultColumns(of: inner), let s = (0..<q).first(where: { depth[$0] == 0 && t.isWord($0, "select") }),
              let f = coreFrom(t, depth, select: s, limit: q) else { return nil }
        let hidden = "\"qualify_condition\""
        let withCondition = t.source(0..<f) + ", (" + condition + ") as " + hidden + " " + t.source(f..<q)
        return "select " + names.map(FriendlySQL.quoteName).joined(separator: ", ") + " from (" + withCondition
            + ") where " + hidden + tail
    }

    // MARK: JSON dot access

    /// `col.a.b` on a JSON text column → `col ->> '$.a.b'`, where `col` is a column of the
    /// FROM clause and no table, alias or schema of it is called `col`.
    static func jsonDot(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where isName(t, i) && t.isOp(i + 1, ".") && isName(t, i + 2) && !t.isOp(i - 1, ".") {
            guard let s = enclosingSelect(t, depth, before: i),
                  let f = coreFrom(t, depth, select: s, limit: t.count) else { continue }
            let fromEnd = clauseEnd(t, depth, after: f)
            guard let name = t.unquoted(i)?.lowercased() else { continue }
            // A table, alias or schema named so: not a JSON path.
            if ((f + 1)..<fromEnd).contains(where: { t.tokens[$0].isWord || t.tokens[$0].kind == .quotedIdentifier ? t.unquoted($0)?.lowercased() == name : false }) { continue }
            if ["main", "temp"].contains(name) { continue }
            guard let columns = schema.resultColumns(of: "select * from " + t.source((f + 1)..<fromEnd)),
                  columns.contains(where: { $0.lowercased() == name }) else { continue }
            var end = i + 1
            var path = "$"
            while t.isOp(end, "."), isName(t, end + 1), let key = t.unquoted(end + 1) {
                path += "." + (key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? key : "\"" + key + "\"")
                end += 2
            }
            return named(t, i..<end, t.source(i..<(i + 1)) + " ->> " + FriendlySQL.quoteString(path))
        }
        return nil
    }

    /// The `select` of the select core whose list holds token `i`, at `i`'s depth or outside
    /// the calls around it.
    static func enclosingSelect(_ t: FriendlyTokens, _ depth: [Int], before i: Int) -> Int? {
        var lowest = depth[i]
        var j = i - 1
        while j >= 0 {
            lowest = min(lowest, depth[j])
            if depth[j] == lowest && t.isWord(j, "select") { return j }
            j -= 1
        }
        return nil
    }

    static func isName(_ t: FriendlyTokens, _ i: Int) -> Bool {
        i >= 0 && i < t.count && (t.tokens[i].kind == .identifier || t.tokens[i].kind == .quotedIdentifier)
    }

    // MARK: columns('regex')

    /// A select item with `columns('regex')`: one item per column of the FROM clause whose
    /// name the regular expression matches (`min(columns('^a'))` → `min("a1") as "min(a1)", ...`).
    static func columnsRegex(_ sql: String, _ schema: any FriendlySchema) -> String? {
        let t = FriendlyTokens(sql)
        guard let depth = t.depths() else { return nil }
        for i in 0..<t.count where t.isWord(i, "columns") && t.isOp(i + 1, "(") && i + 3 < t.count
            && t.tokens[i + 2].kind == .string && t.isOp(i + 3, ")") {
            guard let pattern = t.unquoted(i + 2), let regex = ColumnPattern(pattern),
                  let s = enclosingSelect(t, depth, before: i), let f = coreFrom(t, depth, select: s, limit: t.count), f > i else { return nil }
            let fromEnd = clauseEnd(t, depth, after: f)
            guard let names = schema.resultColumns(of: "select * from " + t.source((f + 1)..<fromEnd)) else { return nil }
            let matching = names.filter { regex.matches($0) }
            guard !matching.isEmpty else { return nil }
            // The item around the call.
            var lower = i
            while lower > s + 1 && !(depth[lower - 1] == depth[s] && t.isOp(lower - 1, ",")) { lower -= 1 }
            if t.isWord(lower, "distinct") && lower == s + 1 { lower += 1 }
            var upper = i + 4
            while upper < f && !(depth[upper] == depth[s] && t.isOp(upper, ",")) { upper += 1 }
            let before = t.source(lower..<i), after = t.source((i + 4)..<upper)
            let gapBefore = lower < i ? String(decoding: t.bytes[t.tokens[i - 1].end..<t.tokens[i].start], as: UTF8.self) : ""
            let gapAfter = i + 4 < upper ? String(decoding: t.bytes[t.tokens[i + 3].end..<t.tokens[i + 4].start], as: UTF8.self) : ""
            let items = matching.map { name -> String in
                let expression = before + gapBefore + FriendlySQL.quoteName(name) + gapAfter + after
                if lower == i && upper == i + 4 { return FriendlySQL.quoteName(name) }
                return expression + " as " + FriendlySQL.quoteName(before + gapBefore + name + gapAfter + after)
            }
            return t.replacing(lower..<upper, with: items.joined(separator: ", "))
        }
        return nil
    }
}
