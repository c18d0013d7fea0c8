import SQLshCore

/// sqlean's phonetic codes on ASCII: Soundex, refined Soundex and Caverphone.
enum PhoneticCodes {
    static let common = """
        NULL gives NULL; '' gives ''; numbers and blobs are coded as their text form. sqlean \
        refuses other text ("argument should be ASCII string"); here text that is not ASCII is \
        first transliterated as fuzzy_translit does (Müller is coded as Mueller, Ærø as \
        AEro), and a byte that is not valid UTF-8 becomes '?'.
        """

    /// A one-text phonetic function: NULL gives NULL, other text is made ASCII first, and
    /// `code` writes the result into `out` from the ASCII bytes.
    static func function(_ name: String,
                         _ code: @escaping @Sendable (UnsafeBufferPointer<UInt8>, inout [UInt8]) -> Void) -> [SQLFunction] {
        let ascii = ByteScratch(), output = ByteScratch()
        return [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            let input = value.textBytes
            output.withBuffer { out in
                out.removeAll(keepingCapacity: true)
                if UTF8Bytes.isASCII(input) {
                    code(input, &out)
                } else {
                    ascii.withBuffer { transliterated in
                        Translit.transliterate(input, into: &transliterated)
                        transliterated.withUnsafeBufferPointer { code($0, &out) }
                    }
                }
                out.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }
        }]
    }

    static func upper(_ c: UInt8) -> UInt8 { c >= 0x61 && c <= 0x7A ? c - 0x20 : c }

    // MARK: Soundex

    static let soundex = fuzzyEntry(
        "fuzzy_soundex", arity: "1", arguments: "text", summary: "Soundex code of a text (sqlean's)",
        details: """
            fuzzy_soundex(text) is sqlean's Soundex code: the first character upper-cased \
            (whatever it is, a digit or a space included), then up to three digits for the \
            consonants that follow (b f p v = 1, c g j k q s x z = 2, d t = 3, l = 4, m n = 5, \
            r = 6), skipping vowels and repeats, and a consonant separated from one of the same \
            digit by a lower-case h or w (sqlean's rule: Ashcraft gives A261, ASHCRAFT A226); \
            padded with 0 to four characters. fuzzy_soundex('1abc') is '1120'. \(common)
            """,
        example: "select fuzzy_soundex('Robert'), fuzzy_soundex('Tymczak');  -- 'R163'|'T522'",
        make: { function($0, soundexCode) })

    /// `soundex` replaces SQLite's core soundex() (Debian builds SQLite with SQLITE_SOUNDEX),
    /// which differs: it starts disabled, and disabling it puts SQLite's back.
    static let soundexAlias = {
        let base = alias("soundex", of: soundex) { function("soundex", soundexCode) }
        return CatalogFunction(
            name: base.name, kind: base.kind, arity: base.arity, arguments: base.arguments,
            flags: base.flags, summary: base.summary + "; replaces SQLite's soundex() when enabled",
            details: base.details + """
                 Starts disabled, because SQLite's own soundex() gives other codes ('?000' for \
                NULL and letterless text, leading non-letters skipped: soundex('1abc') is A120, \
                no h/w rule): `.enable soundex` turns sqlean's on; `.disable soundex` gives \
                SQLite's back. fuzzy_soundex is always sqlean's.
                """,
            example: base.example,
            register: { connection in try connection.add(function("soundex", soundexCode)[0]) },
            unregister: { connection in
                if SQLiteBuiltInRestoring.hasCoreSoundex {
                    try connection.add(SQLiteBuiltInRestoring.soundex())
                } else {
                    try connection.removeFunction(named: "soundex", argumentCount: 1)
                }
            }).disabledByDefault()
    }()

    static func soundexDigit(_ c: UInt8) -> UInt8 {
        switch c | 0x20 {
        case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "p"), UInt8(ascii: "v"): return UInt8(ascii: "1")
        case UInt8(ascii: "c"), UInt8(ascii: "g"), UInt8(ascii: "j"), UInt8(ascii: "k"), UInt8(ascii: "q"),
             UInt8(ascii: "s"), UInt8(ascii: "x"), UInt8(ascii: "z"): return UInt8(ascii: "2")
        case UInt8(ascii: "d"), UInt8(ascii: "t"): return UInt8(ascii: "3")
        case UInt8(ascii: "l"): return UInt8(ascii: "4")
        case UInt8(ascii: "m"), UInt8(ascii: "n"): return UInt8(ascii: "5")
        case UInt8(ascii: "r"): return UInt8(ascii: "6")
        default: return UInt8(ascii: "0")
        }
    }

    static func soundexCode(_ s: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        guard let first = s.first else { return }
        out.append(upper(first))
        var i = 1
        while out.count < 4, i < s.count {
            let d = soundexDigit(s[i])
            if d != soundexDigit(s[i - 1]), d != UInt8(ascii: "0") {
                let separatedByHW = i > 1 && d == soundexDigit(s[i - 2])
                    && (s[i - 1] == UInt8(ascii: "h") || s[i - 1] == UInt8(ascii: "w"))
                if !separatedByHW { out.append(d) }
            }
            i += 1
        }
        while out.count < 4 { out.append(UInt8(ascii: "0")) }
    }

    // MARK: Refined Soundex

    static let rsoundex = fuzzyEntry(
        "fuzzy_rsoundex", arity: "1", arguments: "text", summary: "refined Soundex code of a text",
        details: """
            fuzzy_rsoundex(text) is the refined Soundex code, as sqlean computes it: the first \
            character upper-cased, then a digit for every character, the first included \
            (b p = 1, f v = 2, c k s = 3, g j = 4, q x z = 5, d t = 6, l = 7, m n = 8, r = 9, \
            anything else 0), leaving out a digit equal to the one just written; no length \
            limit. \(common)
            """,
        example: "select fuzzy_rsoundex('awesome'), fuzzy_rsoundex('Robert');  -- 'A03080'|'R901096'",
        make: { function($0, refinedSoundexCode) })
    static let rsoundexAlias = alias("rsoundex", of: rsoundex) { function("rsoundex", refinedSoundexCode) }

    static func refinedDigit(_ c: UInt8) -> UInt8 {
        switch c | 0x20 {
        case UInt8(ascii: "b"), UInt8(ascii: "p"): return UInt8(ascii: "1")
        case UInt8(ascii: "f"), UInt8(ascii: "v"): return UInt8(ascii: "2")
        case UInt8(ascii: "c"), UInt8(ascii: "k"), UInt8(ascii: "s"): return UInt8(ascii: "3")
        case UInt8(ascii: "g"), UInt8(ascii: "j"): return UInt8(ascii: "4")
        case UInt8(ascii: "q"), UInt8(ascii: "x"), UInt8(ascii: "z"): return UInt8(ascii: "5")
        case UInt8(ascii: "d"), UInt8(ascii: "t"): return UInt8(ascii: "6")
        case UInt8(ascii: "l"): return UInt8(ascii: "7")
        case UInt8(ascii: "m"), UInt8(ascii: "n"): return UInt8(ascii: "8")
        case UInt8(ascii: "r"): return UInt8(ascii: "9")
        default: return UInt8(ascii: "0")
        }
    }

    static func refinedSoundexCode(_ s: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        guard let first = s.first else { return }
        out.append(upper(first))
        var last: UInt8 = 0
        for c in s {
            let d = refinedDigit(c)
            if d != last {
                out.append(d)
                last = d
            }
        }
    }
}
