import SQLshCore

/// `fuzzy_script(text)` / `script_code`: the ISO 15924 number of a text's script, as sqlean.
enum ScriptCode {
    static let entry = fuzzyEntry(
        "fuzzy_script", arity: "1", arguments: "text", summary: "ISO 15924 code of the script a text is written in",
        details: """
            fuzzy_script(text) returns the ISO 15924 number of the script of the text, as \
            sqlean (after spellfix) detects it: 215 Latin (ASCII letters and apostrophes, and \
            every character from U+0080 to U+02AE), 220 Cyrillic (U+0400 - U+04FF), 200 Greek \
            (U+0386 - U+03CE), 125 Hebrew (U+0590 - U+05FF), 160 Arabic (U+0600 - U+06FF); \
            998 when several of these occur, 215 for digits alone, and 999 when none occurs \
            (NULL, '', punctuation, CJK and other scripts). Numbers and blobs are read as their \
            text form. A byte that is not valid UTF-8 is ignored (sqlean decodes it leniently \
            into some character); an embedded NUL does not end the text.
            """,
        example: "select fuzzy_script('hello'), fuzzy_script('привет'), fuzzy_script('hello привет');  -- 215|220|998",
        make: make)
    static let scriptCode = alias("script_code", of: entry) { make("script_code") }

    @Sendable static func make(_ name: String) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.set(Int64(999)) }
            result.set(Int64(code(value.textBytes)))
        }]
    }

    static let latin = 1, cyrillic = 2, greek = 4, hebrew = 8, arabic = 16

    static func code(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var mask = 0
        var digitSeen = false
        ScalarDecoding.forEachUnit(bytes) { c, invalidByte in
            if invalidByte { return }
            switch c {
            case 0..<0x80:
                if SpellfixClass.middle[Int(c)] < SpellfixClass.digit {
                    mask |= latin
                } else if c >= 0x30, c <= 0x39 {
                    digitSeen = true
                }
            case 0x80..<0x02AF: mask |= latin
            case 0x0400...0x04FF: mask |= cyrillic
            case 0x0386...0x03CE: mask |= greek
            case 0x0590...0x05FF: mask |= hebrew
            case 0x0600...0x06FF: mask |= arabic
            default: break
            }
        }
        if mask == 0, digitSeen { mask = latin }
        switch mask {
        case 0: return 999
        case latin: return 215
        case cyrillic: return 220
        case greek: return 200
        case hebrew: return 125
        case arabic: return 160
        default: return 998
        }
    }
}
