internal import CSQLite

/// SQLite's own string routines, for code that must match strings exactly as SQLite does:
/// `GLOB` and `LIKE` patterns, ASCII-only case folding, statement completeness, keywords.
///
/// ```swift
/// SQLText.glob("sqlite_stat?", matches: "sqlite_stat1")      // true
/// SQLText.like("create view%", matches: "CREATE VIEW v AS …") // true
/// SQLText.equalIgnoringCase("Main", "MAIN")                  // true
/// ```
public enum SQLText {
    /// Whether `text` matches a `GLOB` pattern (`*`, `?`, `[...]`; case-sensitive), as
    /// `sqlite3_strglob`.
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        sqlite3_strglob(pattern, text) == 0
    }

    /// Whether `text` matches a `LIKE` pattern (`%`, `_`; ASCII case-insensitive), as
    /// `sqlite3_strlike`, with an optional escape character (an ASCII one: others are ignored).
    public static func like(_ pattern: String, matches text: String, escape: Character? = nil) -> Bool {
        let escapeCode = escape?.asciiValue.map(UInt32.init) ?? 0
        return sqlite3_strlike(pattern, text, escapeCode) == 0
    }

    /// Compares two strings with ASCII-only case folding, as `sqlite3_stricmp`: negative,
    /// zero or positive, as `a` sorts before, with or after `b`.
    public static func compareIgnoringCase(_ a: String, _ b: String) -> Int {
        Int(sqlite3_stricmp(a, b))
    }

    /// Whether two strings are equal with ASCII-only case folding.
    public static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        sqlite3_stricmp(a, b) == 0
    }

    /// Whether the first `count` bytes of `a` and `b` are equal with ASCII-only case folding,
    /// as `sqlite3_strnicmp(a, b, count) == 0` (a string shorter than `count` ends at its NUL).
    /// `prefixEqualIgnoringCase("-verbose", typed, count: typed.utf8.count)` accepts any
    /// abbreviation of an option.
    public static func prefixEqualIgnoringCase(_ a: String, _ b: String, count: Int) -> Bool {
        sqlite3_strnicmp(a, b, Int32(clamping: count)) == 0
    }

    /// Whether `sql` ends with a complete statement (a semicolon outside any literal,
    /// identifier, comment or trigger body), as `sqlite3_complete`.
    public static func isComplete(_ sql: String) -> Bool {
        sqlite3_complete(sql) != 0
    }

    /// Whether `word` is an SQL keyword (case-insensitive), as `sqlite3_keyword_check`.
    public static func isKeyword(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sqlite3_keyword_check($0.baseAddress, Int32(clamping: $0.count)) != 0 }
        }
    }
}
