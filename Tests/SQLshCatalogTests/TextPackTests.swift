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
        #expect(try value(db, "select reverse(-1.5)") == .text("5.1-"))
        // A blob gives a blob with its bytes reversed (as Postgres reverses a bytea).
        #expect(try value(db, "select reverse(x'0102ff')") == .blob([0xFF, 0x02, 0x01]))
        #expect(try value(db, "select reverse(x'c3a9')") == .blob([0xA9, 0xC3]))
        #expect(try value(db, "select typeof(reverse(x''))") == .text("blob"))
        #expect(try value(db, "select length(reverse(zeroblob(1000000)))") == .integer(1_000_000))
        #expect(try value(db, "with b(v) as (select randomblob(1000000)) select reverse(reverse(v)) = v from b")
                == .integer(1))
        #expect(try value(db, "with b(v) as (select randomblob(1000000)) select substr(reverse(v), 1000000) = substr(v, 1, 1) from b")
                == .integer(1))
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
        #expect(try value(db, "select slugify('Їжак Ђорђе Ґ')") == .text("yizhak-djordje-g"))
        #expect(try value(db, "select slugify('Καλημέρα κόσμε, Ψυχή!')") == .text("kalimera-kosme-psychi"))
        #expect(try value(db, "select slugify('ΆΈΉΊΌΎΏ ϊϋΐΰ')") == .text("aeiioyo-iyiy"))
        // ELOT 743's digraphs: ου; αυ/ευ/ηυ voiced or not by the next letter; μπ, ντ, γκ at the
        // start of a word or inside it; γγ.
        #expect(try value(db, "select slugify('Παπαδόπουλος')") == .text("papadopoulos"))
        #expect(try value(db, "select slugify('Ευαγγελία Αυτοκίνητο ευχαριστώ Ζευς')") == .text("evangelia-aftokinito-efcharisto-zefs"))
        #expect(try value(db, "select slugify('Μπάμπης Ντίνος πέντε Γκάτσος άγκυρα')") == .text("bambis-dinos-pende-gatsos-angyra"))
        #expect(try value(db, "select slugify('ΟΥΡΑΝΟΣ ηύρα Μαΐου όυ αϋπνία')") == .text("ouranos-ivra-maiou-oy-aypnia"))
        #expect(try value(db, "select slugify('東京 tower')") == .text("tower"))
        #expect(try value(db, "select slugify('東京タワー')") == .text(""))
        #expect(try value(db, "select slugify('שלום عالم नमस्ते x')") == .text("x"))
        #expect(try value(db, "select slugify('ＦＵＬＬ ｗｉｄｔｈ １２')") == .text("full-width-12"))
        #expect(try value(db, "select slugify('Ǆemal ǈubav Ǌ ǳ Ĳssel')") == .text("dzemal-ljubav-nj-dz-ijssel"))
        #expect(try value(db, "select slugify('Œuvre ﬁnale Ħ ẞ Ỳ Ð þ')") == .text("oeuvre-finale-h-ss-y-d-th"))
        #expect(try value(db, "select slugify('x²')") == .text("x2"))
        #expect(try value(db, "select slugify(3.14)") == .text("3-14"))
        #expect(try value(db, "select slugify(x'41c3a9')") == .text("ae"))
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

    /// reverse() against Swift's own Character reversal, on strings of every length up to 40
    /// mixing ASCII, CR LF, lone CR, accents, combining marks and emoji sequences.
    @Test func reverseMatchesCharacterReversal() throws {
        let pieces = ["a", "b", "Z", "0", " ", "\r\n", "\r", "\n", "é", "e\u{301}", "👍🏽", "👨‍👩‍👧", "日", "'"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let statement = try db.prepare("select reverse(?)")
        for length in 0...40 {
            for round in 0..<8 {
                // Mostly ASCII so the fast path and its fallbacks are both exercised.
                let sample = (0..<length).map { _ in round < 3 ? pieces[next() % 4] : pieces[next() % pieces.count] }.joined()
                try statement.bind(sample, at: 1)
                #expect(try statement.step())
                #expect(statement.string(at: 0) == String(sample.reversed()), "\(Array(sample.unicodeScalars))")
                statement.reset()
            }
        }
    }

    @Test func reverseWordPath() throws {
        #expect(try value(db, "select reverse('0123456789abcdefXYZ')") == .text("ZYXfedcba9876543210"))
        #expect(try value(db, "select reverse('0123456789' || char(13, 10) || 'abcdefXYZ')") == .text("ZYXfedcba\r\n9876543210"))
    }

    @Test func charLength() throws {
        for name in ["char_length", "character_length", "text_length"] {
            #expect(try value(db, "select \(name)('Crème')") == .integer(5))
            #expect(try value(db, "select \(name)('')") == .integer(0))
            #expect(try value(db, "select \(name)(null)") == .null)
            #expect(try value(db, "select \(name)(12.5)") == .integer(4))
            #expect(try value(db, "select \(name)('👍🏽')") == .integer(2))
            #expect(try value(db, "select \(name)(cast(x'ff41c3a9' as text))") == .integer(3))
            #expect(try value(db, "select \(name)(cast(x'610062' as text))") == .integer(3))
            #expect(errorMessage(db, "select \(name)()") == "wrong number of arguments to function \(name)()")
        }
        #expect(try value(db, "select char_length(printf('%.*c', 1000000, 'x'))") == .integer(1_000_000))
    }

    @Test func textLeftAndRight() throws {
        #expect(try rows(db, "select text_left('Crème brûlée', 5), text_left('abcdef', -2), text_left('abc', 10), text_left('abc', 0), text_left('abc', -10)")
                == [[.text("Crème"), .text("abcd"), .text("abc"), .text(""), .text("")]])
        #expect(try rows(db, "select text_right('Crème brûlée', 6), text_right('abcdef', -2), text_right('abc', 10), text_right('abc', 0), text_right('abc', -10)")
                == [[.text("brûlée"), .text("cdef"), .text("abc"), .text(""), .text("")]])
        #expect(try value(db, "select text_left(null, 1)") == .null)
        #expect(try value(db, "select text_right('a', null)") == .null)
        #expect(try value(db, "select text_left(12345, 2.0)") == .text("12"))
        #expect(try value(db, "select text_left('abc', '2')") == .text("ab"))
        #expect(errorMessage(db, "select text_left('abc', 'x')") == "length parameter should be integer")
        #expect(errorMessage(db, "select text_right('abc', 1.5)") == "length parameter should be integer")
        #expect(try bytes(db, "select text_right(cast(x'41ff42' as text), 2)") == [0xFF, 0x42])
        #expect(try value(db, "select length(text_left(printf('%.*c', 1000000, 'x'), 999999))") == .integer(999_999))
        #expect(errorMessage(db, "select text_left('a')") == "wrong number of arguments to function text_left()")
    }

    @Test func padding() throws {
        #expect(try rows(db, "select lpad('42', 5, '0'), lpad('hello', 3), lpad('ab', 5), lpad('ab', 6, 'xyz'), lpad('ab', 0), lpad('ab', -1)")
                == [[.text("00042"), .text("hel"), .text("   ab"), .text("xyzxab"), .text(""), .text("")]])
        #expect(try rows(db, "select rpad('ab', 5, 'xy'), rpad('été', 4, '·'), rpad('ab', 4), rpad('ab', 5, '')")
                == [[.text("abxyx"), .text("été·"), .text("ab  "), .text("ab")]])
        #expect(try value(db, "select text_lpad('7', 3, '0')") == .text("007"))
        #expect(try value(db, "select text_rpad('7', 3, '0')") == .text("700"))
        #expect(try value(db, "select lpad(null, 3)") == .null)
        #expect(try value(db, "select lpad('a', 3, null)") == .null)
        #expect(try value(db, "select length(rpad('', 1000000, 'ab'))") == .integer(1_000_000))
        #expect(errorMessage(db, "select lpad('a', 'x')") == "length parameter should be integer")
        #expect(errorMessage(db, "select lpad('a', 4000000000, 'x')") == "string or blob too big")
        #expect(errorMessage(db, "select lpad('a')") == "wrong number of arguments to function lpad()")
    }

    @Test func splitPart() throws {
        #expect(try rows(db, "select split_part('a,b,,d', ',', 1), split_part('a,b,,d', ',', 2), split_part('a,b,,d', ',', 3), split_part('a,b,,d', ',', -1), split_part('a,b,,d', ',', 9), split_part('a,b,,d', ',', -9)")
                == [[.text("a"), .text("b"), .text(""), .text("d"), .text(""), .text("")]])
        #expect(try value(db, "select split_part('abc~@~def~@~ghi', '~@~', 2)") == .text("def"))
        #expect(try value(db, "select split_part('abc', '', 1)") == .text("abc"))
        #expect(try value(db, "select split_part('abc', '', 2)") == .text(""))
        #expect(try value(db, "select split_part('', ',', 1)") == .text(""))
        #expect(try value(db, "select text_split('x y z', ' ', 3)") == .text("z"))
        #expect(try value(db, "select split_part('été,hiver', ',', 1)") == .text("été"))
        #expect(try value(db, "select split_part(null, ',', 1)") == .null)
        #expect(errorMessage(db, "select split_part('a', ',', 0)") == "part parameter should not be 0")
        #expect(errorMessage(db, "select split_part('a', ',', 'x')") == "part parameter should be integer")
        #expect(try value(db, "select split_part(printf('%.*c', 1000000, 'x') || ',end', ',', 2)") == .text("end"))
    }

    @Test func translate() throws {
        #expect(try rows(db, "select translate('Crème brûlée', 'èûé', 'eue'), translate('a-b-c', '-', ''), translate('12345', '143', 'ax')")
                == [[.text("Creme brulee"), .text("abc"), .text("a2x5")]])
        #expect(try value(db, "select translate('aaa', 'aa', 'xy')") == .text("xxx"))
        #expect(try value(db, "select text_translate('abc', 'abc', 'ABC')") == .text("ABC"))
        #expect(try value(db, "select translate('', 'a', 'b')") == .text(""))
        #expect(try value(db, "select translate('abc', null, 'b')") == .null)
        #expect(try bytes(db, "select translate(cast(x'41ff' as text), cast(x'ff' as text), 'z')") == [0x41, 0x7A])
        #expect(errorMessage(db, "select translate('a', 'b')") == "wrong number of arguments to function translate()")
    }

    @Test func textFunctionsInIndexExpressions() throws {
        try db.execute("create table k(s text); create index k1 on k(split_part(s, '-', 1)); create index k2 on k(lpad(s, 8, '0')); create index k3 on k(char_length(s))")
        try db.execute("insert into k values ('ab-cd'), ('x-y')")
        #expect(try column(db, "select s from k where split_part(s, '-', 1) = 'x'") == [.text("x-y")])
    }
}
