import SQLshCatalog
import SQLshCore
import Testing

@Suite struct TextPackTests {
    let db: Connection
    init() throws { db = try catalogConnection() }

    @Test func reverseASCII() throws {
        #expect(try value(db, "select reverse('hello')") == .text("olleh"))
        #expect(try value(db, "select reverse('')") == .text(""))
        #expect(try value(db, "select reverse('a')") == .text("a"))
        #expect(try value(db, "select reverse('ab' || char(13, 10) || 'c')") == .text("c\r\nba"))
        #expect(try value(db, "select reverse(char(10, 13))") == .text("\r\n"))
        #expect(try value(db, "select text_reverse('abc')") == .text("cba"))
    }

    @Test func reverseGraphemeClusters() throws {
        // Precomposed and combining accents stay on their letter.
        #expect(try value(db, "select reverse('Crème')") == .text("emèrC"))
        #expect(try value(db, "select reverse('e\u{301}a')") == .text("ae\u{301}"))
        // Emoji with a skin-tone modifier, a ZWJ family and a flag stay whole.
        #expect(try value(db, "select reverse('a👍🏽b')") == .text("b👍🏽a"))
        #expect(try value(db, "select reverse('x👨‍👩‍👧y')") == .text("y👨‍👩‍👧x"))
        #expect(try value(db, "select reverse('🇫🇷🇩🇪')") == .text("🇩🇪🇫🇷"))
        #expect(try value(db, "select reverse('日本語')") == .text("語本日"))
    }

    @Test func reverseNullNumbersAndBlobs() throws {
        #expect(try value(db, "select reverse(null)") == .null)
        #expect(try value(db, "select reverse(123)") == .text("321"))
        #expect(try value(db, "select reverse(1.5)") == .text("5.1"))
        #expect(try value(db, "select reverse(x'616263')") == .text("cba"))
        #expect(try value(db, "select typeof(reverse(x''))") == .text("text"))
    }

    @Test func reverseInvalidUTF8KeepsEveryByte() throws {
        #expect(try bytes(db, "select reverse(cast(x'ff41' as text))") == [0x41, 0xFF])
        #expect(try bytes(db, "select reverse(cast(x'41c3a9ff42e282' as text))") == [0x82, 0xE2, 0x42, 0xFF, 0xC3, 0xA9, 0x41])
        // Embedded NUL is kept.
        #expect(try bytes(db, "select reverse(cast(x'610062' as text))") == [0x62, 0x00, 0x61])
    }

    @Test func reverseLongInputs() throws {
        #expect(try value(db, "select length(reverse(replace(printf('%.*c', 1000000, 'x'), 'x', 'ab')))") == .integer(2_000_000))
        #expect(try value(db, "select substr(reverse(replace(printf('%.*c', 1000000, 'x'), 'x', 'ab')), 1, 4)") == .text("baba"))
        #expect(try value(db, "select length(reverse(replace(printf('%.*c', 300000, 'x'), 'x', 'é👍🏽')))") == .integer(900_000))
        #expect(try value(db, "select substr(reverse(replace(printf('%.*c', 300000, 'x'), 'x', 'é👍🏽')), 1, 3)") == .text("👍🏽é"))
    }

    @Test func reverseIsInvolutionOnSamples() throws {
        for sample in ["hello world", "Crème Brûlée", "👨‍👩‍👧 and 🇫🇷", "e\u{301}\u{302}x", "a\r\nb"] {
            let escaped = sample.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
            #expect(try value(db, "select reverse(reverse('\(escaped)'))") == .text(sample))
        }
    }

    @Test func reverseWrongArgumentCount() throws {
        #expect(errorMessage(db, "select reverse()") == "wrong number of arguments to function reverse()")
        #expect(errorMessage(db, "select reverse('a', 'b')") == "wrong number of arguments to function reverse()")
    }

    @Test func reverseInIndexExpressionAndGroupBy() throws {
        try db.execute("create table t(s text); insert into t values ('abc'), ('cba'), ('xyz')")
        try db.execute("create index t_rev on t(reverse(s))")
        #expect(try column(db, "select s from t where reverse(s) = 'cba'") == [.text("abc")])
        #expect(try column(db, "select count(*) from t group by reverse(s) order by 1") == [.integer(1), .integer(1), .integer(1)])
    }

    @Test func slugify() throws {
        #expect(try value(db, "select slugify('Crème Brûlée')") == .text("creme-brulee"))
        #expect(try value(db, "select slugify('  Hello, World!  ')") == .text("hello-world"))
        #expect(try value(db, "select slugify('Straße Æble Øre Łódź')") == .text("strasse-aeble-ore-lodz"))
        #expect(try value(db, "select slugify('e\u{301}te\u{301}')") == .text("ete"))
        #expect(try value(db, "select slugify('Tiếng Việt')") == .text("tieng-viet"))
        #expect(try value(db, "select slugify('Москва')") == .text("moskva"))
        #expect(try value(db, "select slugify('a---b___c')") == .text("a-b-c"))
        #expect(try value(db, "select slugify('👍 emoji 👍')") == .text("emoji"))
        #expect(try value(db, "select slugify('!!!')") == .text(""))
        #expect(try value(db, "select slugify('')") == .text(""))
        #expect(try value(db, "select slugify(null)") == .null)
        #expect(try value(db, "select slugify(42)") == .text("42"))
        #expect(try value(db, "select slugify(cast(x'41ff42' as text))") == .text("a-b"))
        #expect(errorMessage(db, "select slugify()") == "wrong number of arguments to function slugify()")
    }

    @Test func slugifyLongInput() throws {
        #expect(try value(db, "select length(slugify(replace(printf('%.*c', 500000, 'x'), 'x', 'É ')))") == .integer(999_999))
    }

    @Test func slugifyInIndexExpression() throws {
        try db.execute("create table p(title text); create index p_slug on p(slugify(title))")
        try db.execute("insert into p values ('Crème Brûlée'), ('Tarte Tatin')")
        #expect(try column(db, "select title from p where slugify(title) = 'tarte-tatin'") == [.text("Tarte Tatin")])
    }
}
