import Foundation
import SQLshCatalog
import SQLshCore
import Testing

@Suite struct RegexpPackTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    @Test func regexpOperator() throws {
        #expect(try value(db, "select 'the year is 2021' regexp '[0-9]{4}'") == .integer(1))
        #expect(try value(db, "select 'no digits' regexp '[0-9]'") == .integer(0))
        #expect(try value(db, "select regexp('^a.c$', 'abc')") == .integer(1))
        #expect(try value(db, "select 'ABC' regexp 'abc'") == .integer(0))
        #expect(try value(db, "select 'ABC' regexp '(?i)abc'") == .integer(1))
        #expect(try value(db, "select null regexp 'a'") == .null)
        #expect(try value(db, "select 'a' regexp null") == .null)
        #expect(try value(db, "select 12345 regexp '^[0-9]+$'") == .integer(1))
        #expect(try value(db, "select '' regexp '^$'") == .integer(1))
        #expect(try value(db, "select '' regexp 'a'") == .integer(0))
    }

    /// REGEXP and regexpi are the stock shell's (SQLite's regexp.c): characters are Unicode,
    /// but `\d`, `\w` and case folding are ASCII. The sqlean names (regexp_like, ...) have
    /// PCRE2's Unicode classes.
    @Test func regexpUnicode() throws {
        #expect(try value(db, "select 'café' regexp '^caf.$'") == .integer(1))
        #expect(try value(db, "select '٣' regexp '^\\d$'") == .integer(0))
        #expect(try value(db, "select regexp_like('٣', '^\\d$')") == .integer(1))  // UCP: Arabic-Indic digit
        #expect(try value(db, "select 'Ünïcödé' regexp '^\\w+$'") == .integer(0))
        #expect(try value(db, "select regexp_like('Ünïcödé', '^\\w+$')") == .integer(1))
        #expect(try value(db, "select regexpi('^école$', 'ÉCOLE')") == .integer(0))
        #expect(try value(db, "select regexpi('^école$', 'éCOLE')") == .integer(1))
        #expect(try value(db, "select 'a' || char(10) || 'b' regexp 'a.b', 'a' || char(10) regexp 'a$', 'aa' regexp '^a{,2}$'")
                == .integer(1))
        #expect(try rows(db, "select 'a' || char(10) || 'b' regexp 'a.b', 'a' || char(10) regexp 'a$', 'aa' regexp '^a{,2}$'")
                == [[.integer(1), .integer(0), .integer(1)]])
        #expect(try value(db, "select regexp('^école$', 'ÉCOLE')") == .integer(0))
        #expect(try value(db, "select regexpi(null, 'a')") == .null)
    }

    @Test func regexpLike() throws {
        #expect(try value(db, "select regexp_like('the year is 2021', '[0-9]+')") == .integer(1))
        #expect(try value(db, "select regexp_like('the year is 2021', '2k21')") == .integer(0))
        #expect(try value(db, "select regexp_like(null, 'a')") == .null)
        #expect(try value(db, "select regexp_like('a', null)") == .null)
    }

    @Test func invalidPatternGivesPCRE2MessageWithOffset() throws {
        #expect(errorMessage(db, "select regexp('(ab', 'x')") == "regexp: missing closing parenthesis at offset 3 of the pattern")
        #expect(errorMessage(db, "select regexp_like('x', 'a[')") == "regexp_like: missing terminating ] for character class at offset 2 of the pattern")
        #expect(errorMessage(db, "select regexp_replace('x', '*', 'y')")?.hasPrefix("regexp_replace: quantifier does not follow a repeatable item at offset 0") == true)
    }

    @Test func catastrophicBacktrackingEndsInAnError() throws {
        // PCRE2 (a non-ASCII text, or a function that needs the match itself) gives up with an error.
        let message = errorMessage(db, "select regexp('(a+)+$', printf('%.*c', 40, 'a') || 'é')")
        #expect(message?.hasPrefix("regexp: match limit exceeded") == true)
        #expect(errorMessage(db, "select regexp_substr(printf('%.*c', 40, 'a') || 'b', '(a+)+$')")?
            .hasPrefix("regexp_substr: match limit exceeded") == true)
        #expect(errorMessage(db, "select regexp_replace(printf('%.*c', 40, 'a') || 'b', '(a+)+$', '')")?
            .hasPrefix("regexp_replace: match limit exceeded") == true)
        // The function still works afterwards.
        #expect(try value(db, "select regexp('(a+)+$', 'aaa')") == .integer(1))
        // On ASCII text the yes-or-no functions answer simple patterns with an automaton, in
        // linear time: no backtracking at all, even on 1 MB.
        #expect(try value(db, "select regexp('(a+)+$', printf('%.*c', 1000000, 'a') || 'b')") == .integer(0))
        #expect(try value(db, "select regexp_like(printf('%.*c', 1000000, 'a') || 'b', '^(a|aa)+$')") == .integer(0))
    }

    /// REGEXP, regexpi and regexp_like never stop a query on a text that is not UTF-8: each
    /// bad byte is a U+FFFD character, as SQLite's ext/misc/regexp.c decodes it (answers
    /// recorded with sqlite3 3.40.1). The functions that return text still refuse it.
    @Test func invalidUTF8SubjectMatchesAsSQLiteDoes() throws {
        try db.execute("create table u(x); insert into u values (cast(x'ff61' as text)), ('b'), ('a')")
        #expect(try column(db, "select hex(x) from u where x regexp 'a' order by rowid") == [.text("FF61"), .text("61")])
        let cases: [(String, Int64)] = [
            ("select cast(x'ff61' as text) regexp 'a'", 1), ("select cast(x'ff61' as text) regexp '^.a$'", 1),
            ("select cast(x'ff' as text) regexp '^\\W$'", 1), ("select cast(x'e282' as text) regexp '^..$'", 1),
            ("select cast(x'c0af' as text) regexp '^.$'", 1), ("select cast(x'eda080' as text) regexp '^.$'", 1),
            ("select regexpi('A', cast(x'ff41' as text))", 1), ("select regexp_like(cast(x'41ff' as text), 'A.$')", 1),
            ("select cast(x'f09f98' as text) regexp '^...$'", 1), ("select cast(x'ff' as text) regexp '\\xff'", 0),
        ]
        for (sql, expected) in cases { #expect(try value(db, sql) == .integer(expected), "\(sql)") }
        #expect(errorMessage(db, "select regexp_substr(cast(x'4142c3' as text), 'A')") == "regexp_substr: the text is not valid UTF-8 (byte 2)")
        // An invalid pattern is PCRE2's own UTF error.
        #expect(errorMessage(db, "select regexp(cast(x'ff' as text), 'a')")?.hasPrefix("regexp: UTF-8 error") == true)
    }

    @Test func invalidByteFoundAtEveryPositionAndLength() throws {
        for length in 1...20 {
            for position in 0..<length {
                var hex = String(repeating: "61", count: length)
                let start = hex.index(hex.startIndex, offsetBy: 2 * position)
                hex.replaceSubrange(start..<hex.index(start, offsetBy: 2), with: "ff")
                #expect(errorMessage(db, "select regexp_substr(cast(x'\(hex)' as text), 'a')")
                        == "regexp_substr: the text is not valid UTF-8 (byte \(position))")
            }
        }
    }

    /// SQLite's regexp dialect escapes \uXXXX and \xHH: literal characters, also in classes and
    /// ranges, metacharacters included (answers recorded with sqlite3 3.40.1).
    @Test func unicodeEscapesOfSQLitesDialect() throws {
        let cases: [(String, Int64)] = [
            ("select 'abc$¢€xyz' regexp '^abc\\u0024\\u00a2\\u20acxyz$'", 1), ("select 'b' regexp '[\\u0061-\\u0063]'", 1),
            ("select '$' regexp '^\\x24$'", 1), ("select 'a' regexp '\\u0024'", 0), ("select 'x.' regexp 'x\\u002e'", 1),
            ("select 'xy' regexp 'x\\u002e'", 0), ("select '€' regexp '[\\u20ac]'", 1), ("select 'é' regexp '^\\xe9$'", 1),
            ("select 'd' regexp '[\\u0061-\\u0063]'", 0), ("select 'A' regexp '^\\u0041+$'", 1), ("select '\\u0041' regexp 'u0041'", 1),
            ("select regexp_like('a€', '\\u20AC$')", 1),
        ]
        for (sql, expected) in cases { #expect(try value(db, sql) == .integer(expected), "\(sql)") }
        // Quoted with \Q...\E (PCRE2), a backslash and a u are themselves.
        #expect(try value(db, "select '\\u0041' regexp '\\Q\\u0041\\E'") == .integer(1))
    }

    @Test func regexpSubstr() throws {
        #expect(try value(db, "select regexp_substr('the year is 2021', '[0-9]+')") == .text("2021"))
        #expect(try value(db, "select regexp_substr('the year is 2021', '2k21')") == .null)
        #expect(try value(db, "select regexp_substr('abc', 'x*')") == .text(""))
        #expect(try value(db, "select regexp_substr(null, 'a')") == .null)
        #expect(try value(db, "select regexp_substr('a', null)") == .null)
        #expect(try value(db, "select regexp_substr('naïve café', 'c\\w+')") == .text("café"))
    }

    @Test func patternsWithoutJITCodeRunInTheInterpreter() throws {
        // (*NO_JIT) compiles without JIT code: matching must not ask the JIT for it.
        #expect(try value(db, "select regexp_substr('abc', '(*NO_JIT)b')") == .text("b"))
        #expect(try value(db, "select regexp_like('abc', '(*NO_JIT)^a')") == .integer(1))
        #expect(try value(db, "select 'abc' regexp '(*NO_JIT)c$'") == .integer(1))
        #expect(try value(db, "select regexp_replace('abc', '(*NO_JIT)(b)', '[$1]')") == .text("a[b]c"))
        #expect(try value(db, "select regexp_capture('abc', '(*NO_JIT)a(b)', 1)") == .text("b"))
    }

    @Test func regexpCapture() throws {
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', 0)") == .text("2021"))
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', 1)") == .text("21"))
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)')") == .text("2021"))
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', 2)") == .null)
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', -1)") == .null)
        #expect(try value(db, "select regexp_capture('ac', 'a(b)?c', 1)") == .null)
        #expect(try value(db, "select regexp_capture('abc', 'x(.)', 1)") == .null)
        #expect(try value(db, "select regexp_capture('abc', 'b', null)") == .null)
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', 1.0)") == .text("21"))
        #expect(try value(db, "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', '1')") == .text("21"))
        // A group by name.
        #expect(try value(db, "select regexp_capture('years is 2021', '(?<century>\\d\\d)(?<year>\\d\\d)', 'year')") == .text("21"))
        #expect(errorMessage(db, "select regexp_capture('abc', 'b', 'one')") == "regexp_capture: the pattern has no group named 'one'")
        #expect(errorMessage(db, "select regexp_capture('abc', 'b', 1.5)") == "regexp_capture: the group must be an integer or a group name")
        #expect(errorMessage(db, "select regexp_capture('abc', 'b', x'01')") == "regexp_capture: the group must be an integer or a group name")
    }

    @Test func regexpReplace() throws {
        #expect(try value(db, "select regexp_replace('the year is 2021', '[0-9]+', '2050')") == .text("the year is 2050"))
        #expect(try value(db, "select regexp_replace('the year is 2021', '2k21', '2050')") == .text("the year is 2021"))
        #expect(try value(db, "select regexp_replace('a1b22c333', '\\d+', '#')") == .text("a#b#c#"))
        #expect(try value(db, "select regexp_replace('2021-12-31', '(\\d+)-(\\d+)-(\\d+)', '$3.$2.$1')") == .text("31.12.2021"))
        #expect(try value(db, "select regexp_replace('2021-12-31', '(?<y>\\d+)-(?<m>\\d+)-(?<d>\\d+)', '${d}/${m}/${y}')") == .text("31/12/2021"))
        #expect(try value(db, "select regexp_replace('abc', 'b', '[$0]')") == .text("a[b]c"))
        #expect(try value(db, "select regexp_replace('abc', 'b', '$${1}$$')") == .text("a${1}$c"))
        #expect(try value(db, "select regexp_replace('abc', '(b)', '${1}x')") == .text("abxc"))
        #expect(try value(db, "select regexp_replace('abc', 'b', 'cost: $ 5')") == .text("acost: $ 5c"))
        #expect(try value(db, "select regexp_replace('ac', 'a(b)?', '[$1]')") == .text("[]c"))
        #expect(try value(db, "select regexp_replace('abc', '', '-')") == .text("-a-b-c-"))
        #expect(try value(db, "select regexp_replace('été', '', '-')") == .text("-é-t-é-"))
        #expect(try value(db, "select regexp_replace('baaa', 'a*', 'X')") == .text("XbXX"))
        #expect(try value(db, "select regexp_replace('', 'x', 'y')") == .text(""))
        #expect(try value(db, "select regexp_replace(null, 'x', 'y')") == .null)
        #expect(try value(db, "select regexp_replace('x', null, 'y')") == .null)
        #expect(try value(db, "select regexp_replace('x', 'x', null)") == .null)
        #expect(errorMessage(db, "select regexp_replace('abc', '(b)', '$2')") == "regexp_replace: the replacement refers to group 2 but the pattern has 1")
        #expect(errorMessage(db, "select regexp_replace('abc', '(b)', '${nope}')") == "regexp_replace: the pattern has no group named 'nope'")
    }

    @Test func regexpReplaceHasNoSizeLimit() throws {
        // sqlean returned its input unchanged when the result grew by more than 1024 bytes.
        #expect(try value(db, "select length(regexp_replace(printf('%.*c', 2000, 'a'), 'a', 'bbbb'))") == .integer(8000))
        #expect(try value(db, "select length(regexp_replace(printf('%.*c', 1000000, 'a'), 'a', 'xy'))") == .integer(2_000_000))
        #expect(try value(db, "select regexp_like(printf('%.*c', 1000000, 'a') || '123', '[0-9]{3}$')") == .integer(1))
    }

    @Test func wrongArgumentCounts() throws {
        #expect(errorMessage(db, "select regexp('a')") == "wrong number of arguments to function regexp()")
        #expect(errorMessage(db, "select regexp_like('a', 'b', 'c')") == "wrong number of arguments to function regexp_like()")
        #expect(errorMessage(db, "select regexp_capture('a')") == "wrong number of arguments to function regexp_capture()")
        #expect(errorMessage(db, "select regexp_replace('a', 'b')") == "wrong number of arguments to function regexp_replace()")
    }

    @Test func nonConstantPatternsAndGroupBy() throws {
        try db.execute("create table t(s text, p text); insert into t values ('abc', 'b'), ('abc', 'x'), ('xyz', 'x'), ('a1', '\\d')")
        #expect(try column(db, "select s regexp p from t") == [.integer(1), .integer(0), .integer(1), .integer(1)])
        #expect(try rows(db, "select regexp_substr(s, '^.'), count(*) from t group by 1 order by 1")
                == [[.text("a"), .integer(3)], [.text("x"), .integer(1)]])
    }

    @Test func usableInAnIndexExpression() throws {
        try db.execute("create table u(email text); create index u_domain on u(regexp_substr(email, '@.*$'))")
        try db.execute("insert into u values ('a@x.org'), ('b@y.org')")
        #expect(try column(db, "select email from u where regexp_substr(email, '@.*$') = '@y.org'") == [.text("b@y.org")])
    }

    /// SQLite's regexp dialect (the stock shell's): `\uXXXX` and `\xHH` escapes, also in
    /// classes and ranges, and rows that are not valid UTF-8: every pattern sqlite3 accepts
    /// gives sqlite3's answer (its output recorded in golden files).
    @Test(arguments: [
        #"select 'abc$¢€xyz' REGEXP '^abc\u0024\u00a2\u20acxyz$'"#,
        #"select 'x' regexp '[\u0078-\u007a]', 'w' regexp '[\u0078-\u007a]'"#,
        #"select 'a$' regexp '^a\x24$', 'ABC' regexp '^[\x41-\x43]+$', 'abc' regexp 'a\u0062c'"#,
        #"select 'é' regexp '^\u00e9$', 'e' regexp '^[^\u00e9]$', 'u0041' regexp '\\u0041'"#,
        #"select '€' regexp '^[\u20ac\u00a2]$', '$' regexp '^\u0024$', 'x$' regexp 'x\u0024$'"#,
        "with t(x) as (values ('abc'), (cast(x'ff61' as text)), ('a'), (cast(x'61ff' as text)), ('b')) select hex(x) from t where x regexp 'a'",
        "with t(x) as (values (cast(x'c328' as text)), ('(')) select hex(x) from t where x regexp '\\('",
    ])
    func sqlite3sDialectGivesSQLite3sAnswers(sql: String) throws {
        #expect(try StockShell.ours(sql) == StockShell.run(sql), "\(sql)")
    }

    /// The REGEXP operator and regexpi give sqlite3's answers (its ext/misc/regexp.c) for a
    /// matrix of patterns and texts (newlines, non-ASCII letters and digits, case), as
    /// recorded from sqlite3 3.40.1 in a golden file: `.` matches a newline, `$` only the very
    /// end, `{,n}` is a repeat count, `\d` `\w` `\s` `\b` and case folding are ASCII.
    @Test func operatorMatrixGivesSQLite3sAnswers() throws {
        let subjects = ["abc", "ABC", "a' || char(10) || 'b", "a' || char(10) || '", "aa", "aaa", "٣", "Ünïcödé", "École",
                        "ÉCOLE", "x Y", "a.b", "", "a{,2}", "a_b", "123", "é", "Ωmega", "aÉb", "a b"]
        let patterns = [#"^abc$"#, #"a.b"#, #"a$"#, #"^a{,2}$"#, #"a{,2}"#, #"^a{2,}$"#, #"\d"#, #"^\d+$"#, #"^\w+$"#, #"\s"#,
                        #"^\S+$"#, #"[a-c]+"#, #"[^a]"#, #"^.$"#, #"^..$"#, #"(ab|cd)"#, #"a*b"#, #"^$"#, #"x\sy"#, #"\."#,
                        #"\W"#, #"\bb"#, #"a\b"#, #"\D"#, #"^école$"#, #"É"#, #"^[A-Z]+$"#, #"mega$"#, #"^.COLE$"#]
        let values = subjects.enumerated().map { "(\($0.offset), '\($0.element)')" }.joined(separator: ", ")
        var sql = ""
        for pattern in patterns {
            let literal = "'" + pattern.replacingOccurrences(of: "'", with: "''") + "'"
            sql += "with s(i, t) as (values \(values)) select group_concat((t regexp \(literal)) || regexpi(\(literal), t), ' ') from s;\n"
        }
        let ours = StockShell.ours(sql), theirs = try StockShell.run(sql)
        #expect(theirs.error == nil, "\(theirs)")
        #expect(ours == theirs)
    }
}
