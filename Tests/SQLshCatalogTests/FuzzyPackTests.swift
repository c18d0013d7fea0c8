import SQLshCatalog
import SQLshCore
import Testing

@Suite struct FuzzyPackTests {
    let catalog: Catalog
    let db: Connection
    init() throws {
        catalog = Catalog.builtIn()
        db = try catalogConnection(catalog)
    }

    /// Each function under its two sqlean names.
    static let names: [(String, String)] = [
        ("fuzzy_leven", "levenshtein"), ("fuzzy_damlev", "dlevenshtein"), ("fuzzy_hamming", "hamming"),
        ("fuzzy_osadist", "osa_distance"), ("fuzzy_jarowin", "jaro_winkler"), ("fuzzy_editdist", "edit_distance"),
        ("fuzzy_soundex", "soundex"), ("fuzzy_rsoundex", "rsoundex"), ("fuzzy_caver", "caverphone"),
        ("fuzzy_phonetic", "phonetic_hash"), ("fuzzy_translit", "translit"), ("fuzzy_script", "script_code"),
    ]

    @Test func all24NamesAreInThePack() throws {
        let pack = try #require(catalog.pack(named: "fuzzy"))
        #expect(Set(pack.functions.map(\.name)) == Set(Self.names.flatMap { [$0.0, $0.1] }))
        #expect(pack.functions.allSatisfy { $0.flags == .pure })
    }

    // MARK: sqlean's documented examples, under both names

    @Test func sqleanDocumentationExamples() throws {
        try catalog.enable(["soundex"])
        let examples: [(String, String, SQLValue)] = [
            ("dlevenshtein", "'awesome', 'aewsme'", .integer(2)),
            ("edit_distance", "'awesome', 'aewsme'", .integer(215)),
            ("hamming", "'awesome', 'aewsome'", .integer(2)),
            ("levenshtein", "'awesome', 'aewsme'", .integer(3)),
            ("osa_distance", "'awesome', 'aewsme'", .integer(3)),
            ("caverphone", "'awesome'", .text("AWSM111111")),
            ("phonetic_hash", "'awesome'", .text("ABACAMA")),
            ("soundex", "'awesome'", .text("A250")),
            ("rsoundex", "'awesome'", .text("A03080")),
            ("translit", "'привет'", .text("privet")),
        ]
        for (name, arguments, expected) in examples {
            let long = Self.names.first { $0.1 == name }!.0
            #expect(try value(db, "select \(name)(\(arguments))") == expected, "\(name)")
            #expect(try value(db, "select \(long)(\(arguments))") == expected, "\(long)")
        }
        #expect(try value(db, "select round(jaro_winkler('awesome', 'aewsme'), 3)") == .real(0.907))
        #expect(try value(db, "select round(fuzzy_jarowin('awesome', 'aewsme'), 3)") == .real(0.907))
    }

    // MARK: Distances

    @Test func distancesAsInTheNote() throws {
        #expect(try value(db, "select fuzzy_damlev('ca', 'abc')") == .integer(2))
        #expect(try rows(db, "select osa_distance('ab', 'ba'), osa_distance('abcd', 'acbd')") == [[.integer(2), .integer(2)]])
        #expect(try value(db, "select hamming('abc', 'ab')") == .integer(-1))
        #expect(try value(db, "select hamming('', '')") == .integer(0))
        #expect(try value(db, "select levenshtein('kitten', 'sitting')") == .integer(3))
        #expect(try value(db, "select levenshtein('', 'abc')") == .integer(3))
        #expect(try value(db, "select levenshtein('abc', '')") == .integer(3))
        #expect(try value(db, "select dlevenshtein('', '')") == .integer(0))
    }

    @Test func jaroWinklerQuirks() throws {
        let cases: [(String, String, Double)] = [
            ("DIXON", "DICKSONX", 0.813333333333333), ("DICKSONX", "DIXON", 0.82), ("a", "a", 0.3),
            ("MARTHA", "MARHTA", 0.961111111111111), ("", "", 1.0), ("", "a", 0.0), ("a", "", 0.0),
        ]
        for (a, b, expected) in cases {
            guard case .real(let got) = try value(db, "select jaro_winkler('\(a)', '\(b)')") else {
                Issue.record("\(a), \(b): not a real")
                continue
            }
            #expect(abs(got - expected) < 1e-12, "\(a), \(b): \(got)")
        }
    }

    @Test func editDistanceAsInTheNote() throws {
        #expect(try value(db, "select edit_distance('abc', 'ABC')") == .integer(0))
        #expect(try value(db, "select edit_distance('', 'abc')") == .integer(75))
        #expect(try value(db, "select edit_distance('abc', '')") == .integer(300))
        #expect(try value(db, "select edit_distance('ab*', 'abcdef')") == .integer(0))
        #expect(try value(db, "select edit_distance('*', 'abc')") == .integer(0))
        #expect(try value(db, "select edit_distance('héllo', 'héllo')") == .integer(0))
        // Beyond sqlean: accented letters take their letter's group, case does not count.
        #expect(try value(db, "select edit_distance('café', 'CAFÉ')") == .integer(0))
        #expect(try value(db, "select edit_distance('cafe', 'café')") == .integer(40))
        #expect(errorMessage(db, "select edit_distance(null, 'a')") == "NULL input to editdist()")
        #expect(errorMessage(db, "select fuzzy_editdist('a', null)") == "NULL input to editdist()")
    }

    /// Plain reference implementations with the full table, on random texts.
    @Test func distancesMatchReferenceImplementations() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabets: [[Character]] = [Array("abc"), Array("abcdefgh"), Array("aéб😅 ")]
        for round in 0..<400 {
            let alphabet = alphabets.randomElement(using: &generator)!
            // Mostly short texts, and some around the 64 characters of the bit-parallel path.
            let lengths = round % 4 == 0 ? 55...75 : 0...9
            let a = String((0..<Int.random(in: lengths, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: lengths, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
            #expect(try value(db, "select levenshtein('\(a)', '\(b)')") == .integer(Int64(Reference.levenshtein(x, y))), "\(a) \(b)")
            #expect(try value(db, "select dlevenshtein('\(a)', '\(b)')") == .integer(Int64(Reference.damerau(x, y))), "\(a) \(b)")
            #expect(try value(db, "select osa_distance('\(a)', '\(b)')") == .integer(Int64(Reference.sqleanOSA(x, y))), "\(a) \(b)")
            let hamming = x.count == y.count ? zip(x, y).filter { $0 != $1 }.count : -1
            #expect(try value(db, "select hamming('\(a)', '\(b)')") == .integer(Int64(hamming)), "\(a) \(b)")
        }
    }

    @Test func distanceArgumentsNullTypesAndInvalidUTF8() throws {
        for name in ["fuzzy_leven", "levenshtein", "fuzzy_damlev", "dlevenshtein", "fuzzy_hamming", "hamming",
                     "fuzzy_osadist", "osa_distance", "fuzzy_jarowin", "jaro_winkler"] {
            #expect(errorMessage(db, "select \(name)(null, 'a')") == "arguments should not be NULL", "\(name)")
            #expect(errorMessage(db, "select \(name)('a', null)") == "arguments should not be NULL", "\(name)")
            #expect(errorMessage(db, "select \(name)('a')") == "wrong number of arguments to function \(name)()")
            #expect(errorMessage(db, "select \(name)('a', 'b', 'c')") == "wrong number of arguments to function \(name)()")
        }
        // Numbers and blobs as their text; characters, not bytes; invalid bytes are characters.
        #expect(try value(db, "select levenshtein(123, 124)") == .integer(1))
        #expect(try value(db, "select levenshtein(1.5, '1.5')") == .integer(0))
        #expect(try value(db, "select levenshtein(x'616263', 'abd')") == .integer(1))
        #expect(try value(db, "select levenshtein('héllo', 'hello')") == .integer(1))
        #expect(try value(db, "select hamming('日本語', '日本人')") == .integer(1))
        #expect(try value(db, "select levenshtein(cast(x'ff' as text), cast(x'fe' as text))") == .integer(1))
        #expect(try value(db, "select levenshtein(cast(x'ff' as text), 'ÿ')") == .integer(1))
        #expect(try value(db, "select levenshtein('a' || char(0) || 'b', 'a' || char(0) || 'c')") == .integer(1))
    }

    @Test func hugeInputsGiveAnErrorOrAResultNeverAHang() throws {
        #expect(errorMessage(db, "select levenshtein(hex(zeroblob(20000)), hex(zeroblob(20000)))")
                == "levenshtein: the texts are too long to compare (the product of their lengths exceeds 1000000000 characters)")
        #expect(errorMessage(db, "select fuzzy_jarowin(hex(zeroblob(20000)), hex(zeroblob(20000)))")?.hasPrefix("fuzzy_jarowin: the texts are too long") == true)
        #expect(errorMessage(db, "select edit_distance(hex(zeroblob(20000)), hex(zeroblob(20000)) || 'a')")?.hasPrefix("edit_distance: the texts are too long") == true)
        // One short text and one of 5 MB: linear memory, a result.
        #expect(try value(db, "select levenshtein('a', hex(zeroblob(2500000)))") == .integer(5_000_000))
        #expect(try value(db, "select dlevenshtein(hex(zeroblob(2500000)), '0a')") == .integer(4_999_999))
        #expect(try value(db, "select hamming(hex(zeroblob(2500000)), hex(zeroblob(2500000)))") == .integer(0))
        // Many distinct characters in both texts: refused before allocating the kept rows.
        let distinct = "(select group_concat(char(value), '') from generate_series(0x4E00, 0x4E00 + 3000))"
        #expect(errorMessage(db, "select dlevenshtein(\(distinct), \(distinct))") == "dlevenshtein: too many distinct characters to compare")
    }

    // MARK: Phonetic codes

    @Test func soundexAsInTheNote() throws {
        let cases = ["Robert": "R163", "Ashcraft": "A261", "ASHCRAFT": "A226", "Tymczak": "T522", "1abc": "1120",
                     " abc": " 120", "": "", "Pfister": "P236", "Müller": "M460"]
        for (input, code) in cases {
            #expect(try value(db, "select fuzzy_soundex('\(input)')") == .text(code), "\(input)")
        }
        #expect(try value(db, "select fuzzy_soundex(null)") == .null)
        #expect(try value(db, "select fuzzy_rsoundex('Robert'), fuzzy_rsoundex('')") == .text("R901096"))
        #expect(try value(db, "select rsoundex(null)") == .null)
    }

    @Test func caverphoneAsInTheNote() throws {
        let cases = ["awesome": "AWSM111111", "stevenson": "STFNSN1111", "Stevenson": "TFNSN11111", "123": "1111111111",
                     "": "", "tough": "TF11111111"]
        for (input, code) in cases {
            #expect(try value(db, "select caverphone('\(input)')") == .text(code), "\(input)")
        }
        #expect(try value(db, "select fuzzy_caver(null)") == .null)
    }

    @Test func phoneticHashAsInTheNote() throws {
        let cases = ["awesome": "ABACAMA", "knight": "MACD", "KNIGHT": "CMACD", "a1b2 c3": "A9B9C9", "": "", "é": "C"]
        for (input, code) in cases {
            #expect(try value(db, "select phonetic_hash('\(input)')") == .text(code), "\(input)")
        }
        #expect(try value(db, "select fuzzy_phonetic(null)") == .null)
        #expect(try value(db, "select fuzzy_phonetic(cast(x'ff80' as text))") == .text(""))
    }

    // MARK: translit and script_code

    @Test func translitAsSpellfix() throws {
        #expect(try value(db, "select translit(null)") == .text(""))
        #expect(try value(db, "select translit('Ä ä ö ü å æ ß þ ø Ł Ĉ Ŀ ŉ µ ×')") == .text("Ae ae oe ue aa ae ss th o L Ch L. 'n u x"))
        #expect(try value(db, "select translit('Жёлудь щука ъ ь Юля')") == .text("Zheludy shchuka a y Iulia"))
        #expect(try value(db, "select translit('θψ Ώ ά')") == .text("thps O a"))
        #expect(try value(db, "select translit('東京 😅')") == .text("?? ?"))
        // Beyond spellfix's table: every decomposable letter, final sigma, NFD marks.
        #expect(try value(db, "select translit('Tiếng Việt ǎ λόγος')") == .text("Tieng Viet a logos"))
        #expect(try value(db, "select translit('e' || char(0x301))") == .text("e"))
        #expect(try bytes(db, "select translit(cast(x'61ff62' as text))") == Array("a?b".utf8))
        #expect(try value(db, "select length(translit('a' || char(0) || 'b'))") == .integer(1))  // length() stops at NUL
        #expect(try value(db, "select length(hex(translit('a' || char(0) || 'b')))") == .integer(6))
        #expect(try value(db, "select translit(12)") == .text("12"))
    }

    @Test func scriptCodes() throws {
        let cases: [(String, Int64)] = [("'hello'", 215), ("'привет'", 220), ("'γεια'", 200), ("'שלום'", 125),
                                        ("'مرحبا'", 160), ("'hello привет'", 998), ("'123'", 215), ("null", 999),
                                        ("''", 999), ("'東京'", 999), ("'...'", 999), ("'café'", 215)]
        for (input, code) in cases {
            #expect(try value(db, "select script_code(\(input))") == .integer(code), "\(input)")
            #expect(try value(db, "select fuzzy_script(\(input))") == .integer(code), "\(input)")
        }
        #expect(try value(db, "select script_code(cast(x'ff80' as text))") == .integer(999))
    }

    // MARK: soundex and SQLite's own

    @Test func soundexStartsAsSQLitesOwn() throws {
        #expect(try value(db, "select soundex('Ashcraft')") == .text("A226"))
        #expect(try value(db, "select soundex(null)") == .text("?000"))
        try catalog.enable(["soundex"])
        #expect(try value(db, "select soundex('Ashcraft')") == .text("A261"))
        #expect(try value(db, "select soundex(null)") == .null)
        try catalog.disable(["soundex"])
        #expect(try value(db, "select soundex('Ashcraft')") == .text("A226"))
        #expect(try value(db, "select soundex('1abc')") == .text("A120"))
        #expect(try value(db, "select fuzzy_soundex('Ashcraft')") == .text("A261"))
    }
}

/// Textbook versions with the full table, to check the row-saving ones against.
enum Reference {
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return d[a.count][b.count]
    }

    /// Lowrance-Wagner with the whole (n+2) x (m+2) table.
    static func damerau(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        let n = a.count, m = b.count, maxDistance = n + m
        var d = Array(repeating: Array(repeating: 0, count: m + 2), count: n + 2)
        var lastRow: [Unicode.Scalar: Int] = [:]
        d[0][0] = maxDistance
        for i in 0...n { d[i + 1][0] = maxDistance; d[i + 1][1] = i }
        for j in 0...m { d[0][j + 1] = maxDistance; d[1][j + 1] = j }
        for i in stride(from: 1, through: n, by: 1) {
            var lastColumn = 0
            for j in stride(from: 1, through: m, by: 1) {
                let k = lastRow[b[j - 1]] ?? 0, l = lastColumn
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                if cost == 0 { lastColumn = j }
                d[i + 1][j + 1] = min(d[i][j] + cost, d[i + 1][j] + 1, d[i][j + 1] + 1,
                                      d[k][l] + (i - k - 1) + 1 + (j - l - 1))
            }
            lastRow[a[i - 1]] = i
        }
        return d[n + 1][m + 1]
    }

    /// sqlean's optimal string alignment, as the note writes it.
    static func sqleanOSA(_ a0: [Unicode.Scalar], _ b0: [Unicode.Scalar]) -> Int {
        if a0.isEmpty { return b0.count }
        if b0.isEmpty { return a0.count }
        var p = 0
        while p < a0.count, p < b0.count, a0[p] == b0[p] { p += 1 }
        let a = Array(a0[p...]), b = Array(b0[p...])
        let n = a.count, m = b.count
        func at(_ s: [Unicode.Scalar], _ i: Int) -> Unicode.Scalar? { i < s.count ? s[i] : nil }
        var d = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { d[i][0] = i }
        for j in 0...m { d[0][j] = j }
        for i in stride(from: 1, through: n, by: 1) {
            for j in stride(from: 1, through: m, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, at(a, i) == b[j - 1], a[i - 1] == at(b, j) {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + cost)
                }
            }
        }
        return d[n][m]
    }
}
