import SQLshCore

/// sqlean's Unicode `like(pattern, text[, escape])` and `nlike`: LIKE that ignores case and
/// accents.
enum UnicodeLike {
    static let details = """
        like(pattern, text[, escape]) is the function behind text LIKE pattern [ESCAPE escape]: \
        1 when the text matches, else 0. % matches any run of characters, _ exactly one \
        character, and the escape character makes the next pattern character literal (an escape \
        at the very end matches nothing). Characters are compared case- and accent-insensitively, \
        as sqlean does: each is reduced to the simple case folding of the first letter of its \
        accent-free form (utf8proc), so 'HÔTEL' LIKE 'hotel', 'привет' LIKE 'пРиВ_Т' and \
        'Æble' LIKE 'a%' are all 1, while ß does not match 'ss' (one character is never two). \
        Every plane is covered (sqlean truncates characters beyond U+FFFF to 16 bits). NULL in \
        any argument gives NULL. A pattern longer than SQLITE_LIMIT_LIKE_PATTERN_LENGTH (50000 \
        bytes) fails with "LIKE or GLOB pattern too complex"; an escape that is not a single \
        character fails with "ESCAPE expression must be a single character". A byte that is \
        not valid UTF-8 is a character of its own that matches only the same byte. GLOB is \
        not affected.
        """

    static let like = CatalogFunction(
        name: "like", kind: .scalar, arity: "2-3", arguments: "pattern, text[, escape]",
        flags: .pure,
        summary: "case- and accent-insensitive Unicode LIKE (replaces SQLite's LIKE when enabled)",
        details: details + """
             Starts disabled, because it replaces SQLite's LIKE operator (ASCII-only case \
            insensitivity, with the LIKE index optimisation that this function, like sqlean's, \
            does not have): `.enable like` turns it on; `.disable like` gives SQLite's own LIKE \
            back (as PRAGMA case_sensitive_like = 0 does, so a case_sensitive_like = 1 set \
            earlier is reset; that pragma set later removes this function, as in sqlean).
            """,
        example: "select 'Crème Brûlée' like 'creme%';  -- 1",
        register: { connection in for function in make("like") { try connection.add(function) } },
        unregister: { connection in
            // Fails with SQLITE_BUSY while a statement runs, before anything changes (the
            // pragma alone would ignore that error).
            try connection.removeFunction(named: "like", argumentCount: 2)
            try connection.removeFunction(named: "like", argumentCount: 3)
            try SQLiteBuiltInRestoring.restoreLike(on: connection)
        }).disabledByDefault()

    static let nlike = CatalogFunction(
        arguments: "pattern, text[, escape]",
        summary: "case- and accent-insensitive Unicode LIKE, as a function",
        details: "nlike is sqlean's other name for its Unicode like(), callable while SQLite's LIKE stays in place. " + details,
        example: "select nlike('hotel%', 'HÔTEL de ville'), nlike('a\\_%', 'A_b', '\\');  -- 1|1",
        functions: { make("nlike") })

    static func make(_ name: String) -> [SQLFunction] {
        let matcher = LikeMatcher()
        return [2, 3].map { count in
            SQLFunction(name, argumentCount: count, options: .pure) { arguments, result in
                try matcher.call(arguments, result)
            }
        }
    }
}

/// The matching state of one `like` function on one connection: the pattern as comparison
/// keys, in a buffer reused from row to row. The text is read in place (its keys computed as
/// the match reaches them): a text can be as long as SQLite allows, 1,000,000,000 bytes, and
/// a copy of its keys would take four times that.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class LikeMatcher: @unchecked Sendable {
    /// Pattern tokens beyond any key: `%` and `_`.
    static let anyRun: UInt32 = 0xFFFF_FFFF
    static let anyOne: UInt32 = 0xFFFF_FFFE

    var pattern: [UInt32] = []

    func call(_ arguments: Arguments, _ result: ResultContext) throws {
        if anyNull(arguments) { return result.setNull() }
        let patternBytes = arguments[0].textBytes
        if patternBytes.count > result.limit(.likePatternLength) {
            throw TextError("LIKE or GLOB pattern too complex")
        }
        var escape: UInt32?
        if arguments.count == 3 {
            let escapeBytes = arguments[2].textBytes
            guard escapeBytes.count > 0, Characters.advance(escapeBytes, from: 0, by: 1) == escapeBytes.count else {
                throw TextError("ESCAPE expression must be a single character")
            }
            escape = ScalarDecoding.unit(escapeBytes, at: 0).unit
        }
        guard compile(patternBytes, escape: escape) else { return result.set(Int64(0)) }
        result.set(Int64(matches(arguments[1].textBytes) ? 1 : 0))
    }

    static func key(_ unit: UInt32) -> UInt32 {
        if unit < 0x80 { return unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit }
        return unit > 0x10FFFF ? unit : UnicodeScalarMapping.comparisonKey(unit)
    }

    /// Turns the pattern into tokens; false when it can match nothing (a final escape).
    func compile(_ bytes: UnsafeBufferPointer<UInt8>, escape: UInt32?) -> Bool {
        // A local array: no exclusivity checks per append; given back at the end.
        var pattern: [UInt32] = []
        swap(&pattern, &self.pattern)
        defer { swap(&pattern, &self.pattern) }
        pattern.removeAll(keepingCapacity: true)
        var i = 0
        while i < bytes.count {
            var (unit, length) = ScalarDecoding.unit(bytes, at: i)
            i += length
            if let escape, unit == escape {
                guard i < bytes.count else { return false }
                (unit, length) = ScalarDecoding.unit(bytes, at: i)
                i += length
                pattern.append(Self.key(unit))
            } else if unit == 0x25 {
                if pattern.last != Self.anyRun { pattern.append(Self.anyRun) }
            } else if unit == 0x5F {
                pattern.append(Self.anyOne)
            } else {
                pattern.append(Self.key(unit))
            }
        }
        return true
    }

    /// Wildcard matching of the text's UTF-8 bytes (each character's key computed where it is
    /// compared) with backtracking to the last `%` only: O(n·m) at worst, no recursion.
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let p = pattern
        var pi = 0, ti = 0
        var star = -1, mark = 0
        while ti < text.count {
            if pi < p.count, p[pi] == Self.anyRun {
                star = pi
                mark = ti
                pi += 1
                continue
            }
            let (unit, length) = ScalarDecoding.unit(text, at: ti)
            if pi < p.count, p[pi] == Self.anyOne || p[pi] == Self.key(unit) {
                pi += 1
                ti += length
            } else if star >= 0 {
                pi = star + 1
                mark += ScalarDecoding.unit(text, at: mark).length
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == Self.anyRun { pi += 1 }
        return pi == p.count
    }
}
