import SQLshCatalog
import SQLshCore
import Testing

@Suite struct UnicodePackTests {
    let catalog: Catalog
    let db: Connection
    init() throws {
        catalog = Catalog.builtIn()
        db = try catalogConnection(catalog)
    }

    // MARK: sqlean's documented examples

    @Test func sqleanDocumentationExamples() throws {
        try catalog.enable(["upper", "lower", "like"])
        #expect(try value(db, "select upper('привет')") == .text("ПРИВЕТ"))
        #expect(try value(db, "select nupper('привет')") == .text("ПРИВЕТ"))
        #expect(try value(db, "select lower('ПРИВЕТ')") == .text("привет"))
        #expect(try value(db, "select nlower('ПРИВЕТ')") == .text("привет"))
        #expect(try value(db, "select like('пРиВ_Т', 'привет')") == .integer(1))
        #expect(try value(db, "select 'привет' like 'пРиВ_Т'") == .integer(1))
        #expect(try value(db, "select unaccent('hôtel')") == .text("hotel"))
        #expect(try value(db, "select upper('hello')") == .text("HELLO"))
    }

    // MARK: Case mapping

    @Test func upperIsFullUnicodeMapping() throws {
        #expect(try value(db, "select nupper('straße café')") == .text("STRASSE CAFÉ"))
        #expect(try value(db, "select nupper('ﬁne ŉ')") == .text("FINE ʼN"))
        #expect(try value(db, "select nupper('ǆ σας')") == .text("Ǆ ΣΑΣ"))
        #expect(try value(db, "select nupper('𐐨𐐩 😅a')") == .text("𐐀𐐁 😅A"))  // beyond U+FFFF
        #expect(try value(db, "select nupper('abc')") == .text("ABC"))
    }

    @Test func lowerAndCasefold() throws {
        #expect(try value(db, "select nlower('ÀÉÎÕÜ İ ΣΑΣ')") == .text("àéîõü i σασ"))
        #expect(try value(db, "select nlower('𐐀')") == .text("𐐨"))
        #expect(try value(db, "select casefold('Straße ẞ ΣΑΣ σας ﬁ')") == .text("strasse ss σασ σασ fi"))
        #expect(try value(db, "select casefold(char(0x212A))") == .text("k"))  // Kelvin sign
        #expect(try value(db, "select casefold('MASSE') = casefold('Maße')") == .integer(1))
    }

    @Test func mappingsOnNullNumbersBlobsAndInvalidUTF8() throws {
        for name in ["nupper", "nlower", "casefold", "unaccent"] {
            #expect(try value(db, "select \(name)(null)") == .null, "\(name)")
            #expect(try value(db, "select \(name)('')") == .text(""), "\(name)")
            #expect(try value(db, "select \(name)(123)") == .text("123"), "\(name)")
            #expect(try value(db, "select \(name)(1.5)") == .text("1.5"), "\(name)")
            #expect(try value(db, "select typeof(\(name)(x'616263'))") == .text("text"), "\(name)")
            // Invalid bytes are kept as they are; an embedded NUL does not end the text.
            #expect(try bytes(db, "select \(name)(cast(x'ff41c3' as text))").count == 3, "\(name)")
            #expect(try value(db, "select length(hex(\(name)('a' || char(0) || 'b')))") == .integer(6), "\(name)")
        }
        #expect(try bytes(db, "select nupper(cast(x'ff61c3a9' as text))") == [0xFF, 0x41, 0xC3, 0x89])
        #expect(try bytes(db, "select nlower(cast(x'41c0' as text))") == [0x61, 0xC0])
    }

    @Test func growingResultsStopAtTheLengthLimit() throws {
        // ΐ is 2 bytes, its uppercase 6: the result would exceed SQLITE_LIMIT_LENGTH.
        _ = db.setLimit(.length, 1000)
        #expect(errorMessage(db, "select nupper(replace(hex(zeroblob(200)), '00', 'ΐ'))") == "string or blob too big")
        #expect(try value(db, "select length(nupper(replace(hex(zeroblob(100)), '00', 'ΐ')))") == .integer(300))
    }

    // MARK: unaccent

    @Test func unaccentStripsDiacritics() throws {
        #expect(try value(db, "select unaccent('Hôtel Ångström Łódź')") == .text("Hotel Angstrom Lodz"))
        #expect(try value(db, "select unaccent('ñ ø đ Æ œ ﬁ ħ ı')") == .text("n o d AE oe fi h i"))
        #expect(try value(db, "select unaccent('Tiếng Việt ǺǕ')") == .text("Tieng Viet AU"))
        #expect(try value(db, "select unaccent('ώ й Ё')") == .text("ω и Е"))
        // Decomposed input (NFD): the combining marks go.
        #expect(try value(db, "select unaccent('e' || char(0x301) || 'a' || char(0x308))") == .text("ea"))
        // ß is a letter, not an accented s; other scripts keep their marks.
        #expect(try value(db, "select unaccent('ß が 한국')") == .text("ß が 한국"))
    }

    // MARK: like / nlike

    @Test func likeIgnoresCaseAndAccents() throws {
        #expect(try value(db, "select nlike('hotel', 'HÔTEL')") == .integer(1))
        #expect(try value(db, "select nlike('hotel%', 'Hôtel de ville')") == .integer(1))
        #expect(try value(db, "select nlike('_tel', 'hôtel')") == .integer(0))
        #expect(try value(db, "select nlike('__tel', 'hôtel')") == .integer(1))
        #expect(try value(db, "select nlike('a%', 'Æble')") == .integer(1))  // first letter of AE
        #expect(try value(db, "select nlike('ss', 'ß')") == .integer(0))
        #expect(try value(db, "select nlike('%😅%', 'a😅b')") == .integer(1))
        #expect(try value(db, "select nlike('𐐀', '𐐨')") == .integer(1))  // beyond U+FFFF
        #expect(try value(db, "select nlike('', '')") == .integer(1))
        #expect(try value(db, "select nlike('%', '')") == .integer(1))
        #expect(try value(db, "select nlike('a%b%c', 'aXXbYYc')") == .integer(1))
        #expect(try value(db, "select nlike('a%b%c', 'aXXbYY')") == .integer(0))
    }

    @Test func likeEscapeAndErrors() throws {
        #expect(try value(db, "select nlike('a\\_', 'a_', '\\')") == .integer(1))
        #expect(try value(db, "select nlike('a\\_', 'ab', '\\')") == .integer(0))
        #expect(try value(db, "select nlike('100\\%', '100%', '\\')") == .integer(1))
        #expect(try value(db, "select nlike('ab\\', 'ab', '\\')") == .integer(0))  // final escape
        #expect(try value(db, "select nlike('aé_', 'aÉx', 'é')") == .integer(0))  // é escapes _
        #expect(try value(db, "select nlike('aé_', 'a_', 'é')") == .integer(1))
        #expect(errorMessage(db, "select nlike('a', 'a', 'ab')") == "ESCAPE expression must be a single character")
        #expect(errorMessage(db, "select nlike('a', 'a', '')") == "ESCAPE expression must be a single character")
        #expect(errorMessage(db, "select nlike(hex(zeroblob(25001)), 'a')") == "LIKE or GLOB pattern too complex")
        #expect(try value(db, "select nlike(null, 'a')") == .null)
        #expect(try value(db, "select nlike('a', null)") == .null)
        #expect(try value(db, "select nlike('a', 'a', null)") == .null)
        #expect(try value(db, "select nlike(1, 1.0)") == .integer(0))
        #expect(try value(db, "select nlike(12, 12)") == .integer(1))
        #expect(try value(db, "select nlike(cast(x'ff' as text), cast(x'ff' as text))") == .integer(1))
        #expect(try value(db, "select nlike('_', cast(x'ff' as text))") == .integer(1))
        #expect(try value(db, "select nlike('a', cast(x'ff' as text))") == .integer(0))
    }

    @Test func likeOperatorWhenEnabled() throws {
        try catalog.enable(["like"])
        #expect(try value(db, "select 'Crème Brûlée' like 'creme%'") == .integer(1))
        #expect(try value(db, "select 'a_c' like 'a!_c' escape '!'") == .integer(1))
        #expect(try value(db, "select 'abc' like 'a!_c' escape '!'") == .integer(0))
        #expect(try value(db, "select like('ÉTÉ', 'été')") == .integer(1))
        #expect(errorMessage(db, "select 'a' like 'a' escape 'xy'") == "ESCAPE expression must be a single character")
        // GLOB is not affected.
        #expect(try value(db, "select 'É' glob 'é'") == .integer(0))
    }

    // MARK: NOCASE

    @Test func nocaseCollationWhenEnabled() throws {
        #expect(try value(db, "select 'É' = 'é' collate nocase") == .integer(0))
        try catalog.enable(["nocase"])
        #expect(try value(db, "select 'É' = 'é' collate nocase") == .integer(1))
        #expect(try value(db, "select 'Привет' = 'привет' collate nocase") == .integer(1))
        #expect(try value(db, "select 'é' = 'e' collate nocase") == .integer(0))
        #expect(try value(db, "select 'ABC' = 'abc' collate nocase") == .integer(1))
        try db.execute("create table words(w text collate nocase)")
        try db.execute("insert into words values ('eb'), ('Éa'), ('ea'), ('EA'), ('éa'), ('b'), ('Ä')")
        #expect(try column(db, "select w from words order by w, w collate binary")
                == ["Ä", "b", "EA", "ea", "Éa", "éa", "eb"].map { SQLValue.text($0) })
        #expect(try value(db, "select count(distinct w) from words") == .integer(5))
    }

    // MARK: unicode_version

    @Test func unicodeVersion() throws {
        #expect(try value(db, "select unicode_version()") == .text("15.0.0"))
        #expect(errorMessage(db, "select unicode_version(1)") == "wrong number of arguments to function unicode_version()")
    }

    // MARK: Staying identical to sqlite3

    /// Queries on the names sqlean replaces, with every kind of argument.
    static let builtInProbes = """
        select upper('abc é ß'), lower('ABC É'), upper(null), lower(12.5), upper(x'61ff62'), \
        quote(upper(cast(x'61006200' as text))), length(lower('A' || char(0) || 'B'));
        select 'É' like 'é', 'ABC' like 'a_c', 'a%c' like 'a!%c' escape '!', like('a', null), \
        'x' like 'X' escape null;
        select 'É' = 'é' collate nocase, 'ABC' = 'abc' collate nocase, 'a' < 'B' collate nocase, \
        ('a' || char(0) || 'x') = ('A' || char(0) || 'y') collate nocase;
        select soundex('Ashcraft'), soundex(null), soundex('1abc'), soundex(''), soundex('é'), \
        soundex('Tymczak'), soundex(12);
        drop table if exists t; create table t(a text collate nocase); insert into t values ('b'), ('A'), ('é'), ('E'), ('a'), (null);
        select group_concat(a, ',') from (select a from t order by a, a collate binary);
        """

    @Test func disabledByDefaultAndIdenticalToSQLite() throws {
        for name in ["upper", "lower", "like", "nocase", "soundex"] {
            #expect(!catalog.isEnabled(name), "\(name)")
        }
        for name in ["nupper", "nlower", "casefold", "unaccent", "nlike", "unicode_version", "fuzzy_soundex"] {
            #expect(catalog.isEnabled(name), "\(name)")
        }
        let expected = try StockShell.run(Self.builtInProbes)
        #expect(StockShell.ours(Self.builtInProbes, on: db) == expected)
    }

    @Test func enablingThenDisablingGivesSQLitesOwnBack() throws {
        let expected = try StockShell.run(Self.builtInProbes)
        try catalog.enable(["upper", "lower", "like", "nocase", "soundex"])
        let other = try catalogConnection(catalog)
        #expect(StockShell.ours(Self.builtInProbes, on: other) != expected)
        try catalog.disable(["upper", "lower", "like", "nocase", "soundex"])
        #expect(StockShell.ours(Self.builtInProbes, on: other) == expected)
        #expect(try value(other, "select upper('é')") == .text("é"))
        // The LIKE optimisation is back with SQLite's own LIKE.
        try other.execute("create table words(w text collate nocase); create index words_w on words(w)")
        let plan = try rows(other, "explain query plan select * from words where w like 'ab%'").map { $0[3] }
        #expect(plan == [.text("SEARCH words USING COVERING INDEX words_w (w>? AND w<?)")])
        // And on a connection opened afterwards, nothing is registered at all.
        let fresh = try catalogConnection(catalog)
        #expect(StockShell.ours(Self.builtInProbes, on: fresh) == expected)
    }

    @Test func enablingWhileAStatementRunsFailsCleanly() throws {
        try catalog.enable(["like"])
        let running = try db.prepare("select 1 union all select 2")
        #expect(try running.step())
        #expect(throws: SQLiteError.self) { try catalog.disable(["like"]) }
        #expect(catalog.isEnabled("like"))
        #expect(try running.step())
        #expect(try !running.step())
        #expect(try value(db, "select 'É' like 'é'") == .integer(1))
        try catalog.disable(["like"])
        #expect(try value(db, "select 'É' like 'é'") == .integer(0))
    }
}
