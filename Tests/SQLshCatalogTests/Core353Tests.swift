import SQLshCatalog
import SQLshCore
import Testing

/// unhex, unistr, unistr_quote, if, base64 and base85 against SQLite 3.53's answers (its
/// test/basexx1.test figures, and func.c's and printf.c's rules).
@Suite struct Core353Tests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    @Test func unhex() throws {
        #expect(try value(db, "select hex(unhex('ABCD'))") == .text("ABCD"))
        #expect(try value(db, "select hex(unhex('abcd'))") == .text("ABCD"))
        #expect(try value(db, "select unhex('AB CD')") == .null)
        #expect(try value(db, "select hex(unhex('AB CD', ' '))") == .text("ABCD"))
        #expect(try value(db, "select unhex('A BCD', ' ')") == .null)
        #expect(try value(db, "select unhex('ABC')") == .null)
        #expect(try value(db, "select typeof(unhex('')), length(unhex(''))") == .text("blob"))
        #expect(try value(db, "select hex(unhex(' 12 ', ' '))") == .text("12"))
        #expect(try value(db, "select hex(unhex('12€34', '€'))") == .text("1234"))
        #expect(try value(db, "select hex(unhex(1234))") == .text("1234"))
        #expect(try value(db, "select unhex(null)") == .null)
        #expect(try value(db, "select unhex('12', null)") == .null)
        #expect(errorMessage(db, "select unhex()") == "wrong number of arguments to function unhex()")
    }

    @Test func unistr() throws {
        #expect(try value(db, "select unistr('caf\\u00e9')") == .text("café"))
        #expect(try value(db, "select unistr('\\0041\\+01F600\\U0001F600\\\\x')") == .text("A😀😀\\x"))
        #expect(try value(db, "select unistr('plain')") == .text("plain"))
        // SQLite 3.53's test/func9.test 300 and 301: past U+10FFFF is U+FFFD.
        #expect(try value(db, "select hex(unistr('\\UFFFFFFFF'))") == .text("EFBFBD"))
        #expect(try value(db, "select hex(unistr('\\U0010FFFF'))") == .text("F48FBFBF"))
        #expect(try value(db, "select hex(unistr('\\U00110000'))") == .text("EFBFBD"))
        #expect(try value(db, "select unistr(null)") == .null)
        for bad in ["'\\x'", "'\\u12'", "'abc\\'", "'\\+12345'", "'\\U1234567'"] {
            #expect(errorMessage(db, "select unistr(\(bad))") == "invalid Unicode escape", "\(bad)")
        }
        #expect(try value(db, "select unistr(unistr_quote('a' || char(1) || '\\'''))") != .null)
    }

    @Test func unistrQuote() throws {
        #expect(try value(db, "select unistr_quote('it''s')") == .text("'it''s'"))
        #expect(try value(db, "select unistr_quote('a\\b')") == .text("'a\\b'"))
        #expect(try value(db, "select unistr_quote('a' || char(10) || 'b\\' || char(31))")
                == .text("unistr('a\\u000ab\\\\\\u001f')"))
        #expect(try value(db, "select unistr_quote(null)") == .text("NULL"))
        #expect(try value(db, "select unistr_quote(12)") == .text("12"))
        #expect(try value(db, "select unistr_quote(1.5)") == .text("1.5"))
        #expect(try value(db, "select unistr_quote(x'00ff')") == .text("X'00FF'"))
        // Read back, the literal is the same text.
        #expect(try value(db, "select unistr('a\\u000ab\\\\\\u001f') = 'a' || char(10) || 'b\\' || char(31)") == .integer(1))
    }

    @Test func ifFunction() throws {
        #expect(try value(db, "select if(1 > 2, 'yes', 'no')") == .text("no"))
        #expect(try value(db, "select if(1, 'a')") == .text("a"))
        #expect(try value(db, "select if(0, 'a')") == .null)
        #expect(try value(db, "select if(0, 'a', null, 'b', '1x', 'c', 'd')") == .text("c"))
        #expect(try value(db, "select if(0, 'a', 0, 'b')") == .null)
        #expect(try value(db, "select if(0, 'a', 0, 'b', 'e')") == .text("e"))
        #expect(errorMessage(db, "select if(1)") == "wrong number of arguments to function if()")
        #expect(try value(db, "select iif(1, 2, 3)") == .integer(2))
    }

    /// test/basexx1.test 100-108.
    @Test func base64AndBase85() throws {
        #expect(try value(db, "select base64(x'') || base85(x'')") == .text(""))
        #expect(try value(db, "select hex(x'01' || base64('') || base85('') || x'02')") == .text("0102"))
        #expect(try column(db, "select base64(x'000102030405') union all select base64(x'0001020304') union all select base64(x'00010203')")
                == [.text("AAECAwQF\n"), .text("AAECAwQ=\n"), .text("AAECAw==\n")])
        #expect(try value(db, """
            with recursive c(n) as (values(1) union all select n + 1 from c where n < 5000)
            select sum(length(base64(randomblob(n)))) from c
            """) == .integer(16910656))
        // Lines of 80 digits and a tail of one digit more than its bytes (written in place).
        #expect(try value(db, """
            with recursive c(n) as (values(1) union all select n + 1 from c where n < 5000)
            select sum(length(base85(randomblob(n)))) from c
            """) == .integer(15827816))
        for (text, hex) in [("AAECAwQF", "000102030405"), ("AAECAwQ=", "0001020304"), ("AAECAw==", "00010203"),
                            (" AAECAwQF ", "000102030405"), (" AAECAwQ", "0001020304"), ("AAECAw ", "00010203")] {
            #expect(try value(db, "select hex(base64('\(text)'))") == .text(hex), "\(text)")
        }
        #expect(try column(db, "select base85(x'000102030405') union all select base85(x'0001020304') union all select base85(x'00010203')")
                == [.text("##/2,#2/\n"), .text("##/2,#*\n"), .text("##/2,\n")])
        for (text, hex) in [("##/2,#2/", "000102030405"), ("##/2,#*", "0001020304"), ("##/2,", "00010203"),
                            (" ##/2,#2/ ", "000102030405"), (" ##/2,#*", "0001020304"), ("##/2, ", "00010203")] {
            #expect(try value(db, "select hex(base85('\(text)'))") == .text(hex), "\(text)")
        }
        try db.execute("""
            create temp table rb(len int, b blob) strict;
            insert into rb(len) values (1),(2),(3),(4),(5),(150),(151),(152),(153),(1054),(4000),(4001),(4002);
            update rb set b = randomblob(len);
            create temp table junk(j text, rank int);
            insert into junk values ('', 0), (' ', 1), ('~', 2);
            """)
        #expect(try value(db, "select count(*) from rb where base64(base64(b)) != b or base85(base85(b)) != b") == .integer(0))
        #expect(try value(db, """
            select count(*) from rb r, junk j where j.rank = (r.len + r.len / 25) % 3
            and (base64(j.j || base64(b) || j.j) != b or base85(j.j || base85(b) || j.j) != b)
            """) == .integer(0))
    }

    @Test func base64AndBase85Refusals() throws {
        #expect(errorMessage(db, "select base64(null)") == "base64 accepts only blob or text")
        #expect(errorMessage(db, "select base64(1)") == "base64 accepts only blob or text")
        #expect(errorMessage(db, "select base85(1.5)") == "base85 accepts only blob or text.")
        #expect(errorMessage(db, "select base85(null)") == "base85 accepts only blob or text.")
        // Characters before a group are skipped; one that is no digit, pad or whitespace
        // inside a group ends the decoding, as in SQLite.
        #expect(try value(db, "select hex(base64('AAEC!AwQF'))") == .text("000102030405"))
        #expect(try value(db, "select hex(base64('AAECAw!QF'))") == .text("0001020300"))
        #expect(try value(db, "select hex(base64('AAECAwQF' || char(10)))") == .text("000102030405"))
        _ = db.setLimit(.length, 1300)
        try db.execute("create temp table big(b); insert into big values (randomblob(1054))")
        #expect(errorMessage(db, "select base64(b) from big") == "blob expanded to base64 too big")
        #expect(errorMessage(db, "select base85(b) from big") == "blob expanded to base85 too big")
    }

    /// SQLite 3.48's iif: 2 arguments, or 4 and more; 3 stay the engine's lazy iif.
    @Test func iifWithOtherArgumentCounts() throws {
        #expect(try value(db, "select iif(1, 'a')") == .text("a"))
        #expect(try value(db, "select iif(0, 'a')") == .null)
        #expect(try value(db, "select iif(0, 'a', 1, 'b', 'c')") == .text("b"))
        #expect(try value(db, "select iif(0, 'a', 0, 'b')") == .null)
        #expect(try value(db, "select iif(0, 'a', 0, 'b', 'c')") == .text("c"))
        #expect(try value(db, "select iif(null, 'a', 'b')") == .text("b"))
        // The engine's iif with 3 arguments never evaluates the branch not taken.
        #expect(try value(db, "select iif(1, 'a', abs(-9223372036854775808))") == .text("a"))
        #expect(errorMessage(db, "select iif(1)") == "wrong number of arguments to function iif()")
        let many = (0..<63).map { _ in "0, 'x'" }.joined(separator: ", ")
        #expect(try value(db, "select iif(\(many), 'last')") == .text("last"))
    }

    /// date.c's rules for timediff, and its invariant datetime(B, timediff(A, B)) = datetime(A).
    @Test func timediff() throws {
        for (a, b, want) in [("2023-02-15", "2023-03-15", "-0000-01-00 00:00:00.000"),
                             ("2023-03-15", "2023-02-15", "+0000-01-00 00:00:00.000"),
                             ("2024-03-01", "2023-02-28 12:00", "+0001-00-01 12:00:00.000"),
                             ("2024-02-29", "2023-02-28", "+0001-00-01 00:00:00.000"),
                             ("2023-03-31", "2023-02-28", "+0000-01-03 00:00:00.000"),
                             ("2023-01-31", "2023-03-01", "-0000-01-01 00:00:00.000"),
                             ("12:00:00.25", "11:59:59", "+0000-00-00 00:00:01.250"),
                             ("2023-05-17T10:00:00Z", "2023-05-17 12:00:00+02:00", "+0000-00-00 00:00:00.000"),
                             ("2000-01-01", "1999-12-31 23:59:59.999", "+0000-00-00 00:00:00.001")] {
            #expect(try value(db, "select timediff('\(a)', '\(b)')") == .text(want), "\(a) \(b)")
        }
        #expect(try value(db, "select timediff(2460000.5, 2459999.5)") == .text("+0000-00-01 00:00:00.000"))
        #expect(try value(db, "select timediff(null, '2023-01-01')") == .null)
        #expect(try value(db, "select timediff('2023-01-01', 'yesterday')") == .null)
        #expect(try value(db, "select timediff('2023-02-30', '2023-03-02')") == .text("+0000-00-00 00:00:00.000"))
        #expect(try value(db, "select timediff(-1, '2023-01-01')") == .null)
        #expect(try value(db, "select timediff(x'ff', '2023-01-01')") == .null)
        #expect(try value(db, "select length(timediff('now', '2000-01-01'))") == .integer(24))
    }

    @Test func jsonPretty() throws {
        #expect(try value(db, #"select json_pretty('{"a":[1,2,{}],"b":{"c":[]}}')"#)
                == .text("{\n    \"a\": [\n        1,\n        2,\n        {}\n    ],\n    \"b\": {\n        \"c\": []\n    }\n}"))
        #expect(try value(db, #"select json_pretty(' [ 1 , "x\u0041\/" ] ', '--')"#) == .text("[\n--1,\n--\"x\\u0041\\/\"\n]"))
        #expect(try value(db, "select json_pretty('[1]', null)") == .text("[\n    1\n]"))
        #expect(try value(db, "select json_pretty('[1]', '')") == .text("[\n1\n]"))
        #expect(try value(db, "select json_pretty(' -1.5e3 ')") == .text("-1.5e3"))
        #expect(try value(db, "select json_pretty(null)") == .null)
        #expect(try value(db, "select json_pretty(12)") == .text("12"))
        for bad in [#"'[1,]'"#, #"'{"a" 1}'"#, "'01'", "'[1] x'", "''", "'{a:1}'", #"'"\x"'"#, "x'5b'"] {
            #expect(errorMessage(db, "select json_pretty(\(bad))") == "malformed JSON", "\(bad)")
        }
        let deep = String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)
        #expect(errorMessage(db, "select json_pretty('\(deep)')") == "malformed JSON")
        let deepest = String(repeating: "[", count: 1000) + "1" + String(repeating: "]", count: 1000)
        #expect(errorMessage(db, "select json_pretty('\(deepest)', '')") == nil)
        _ = db.setLimit(.length, 1000)
        #expect(errorMessage(db, "select json_pretty('[[[[1]]]]', printf('%300s', ''))") == "string or blob too big")
        #expect(try value(db, "select length(json_pretty('[[[[1]]]]', printf('%30s', '')))") == .integer(497))
    }

    /// test/basexx1.test 112-116.
    @Test func isBase85() throws {
        #expect(try value(db, "select is_base85(' '||base85(x'123456')||char(10))") == .integer(1))
        #expect(try value(db, #"select is_base85('#$%&*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz')"#) == .integer(1))
        for c in ["'!'", #"'"'"#, "''''", "'('", "')'", "char(123)", "'|'", "char(125)", "'~'", "char(127)"] {
            #expect(try value(db, "select is_base85(\(c))") == .integer(0), "\(c)")
        }
        #expect(try value(db, "select is_base85('')") == .integer(1))
        #expect(try value(db, "select is_base85('ab' || char(0) || '~')") == .integer(1))
        #expect(try value(db, "select is_base85(NULL)") == .null)
        for bad in ["1", "1.1", "x'00'"] {
            #expect(errorMessage(db, "select is_base85(\(bad))") == "is_base85 accepts only text or NULL")
        }
    }
}
