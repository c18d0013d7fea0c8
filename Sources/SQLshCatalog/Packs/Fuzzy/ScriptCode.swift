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

    /// For each ASCII byte: ``latin`` for a letter or another character below the digit
    /// class (spellfix's midClass, as sqlean), ``asciiDigit`` for a digit, 0 otherwise.
    private static let asciiFlags: [UInt8] = (0..<128).map { c in
        if SpellfixClass.middle[c] < SpellfixClass.digit { return UInt8(latin) }
        return c >= 0x30 && c <= 0x39 ? asciiDigit : 0
    }
    private static let asciiDigit: UInt8 = 0x80

    /// The script bit of a character above ASCII.
    private static func scriptBit(_ c: UInt32) -> Int {
        switch c {
        case 0x80..<0x02AF: return latin
        case 0x0400...0x04FF: return cyrillic
        case 0x0386...0x03CE: return greek
        case 0x0590...0x05FF: return hebrew
        case 0x0600...0x06FF: return arabic
        default: return 0
        }
    }

    static func code(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Bytes read in place: ASCII through a table, two-byte sequences (every script above but
        // CJK and others, which count for nothing) decoded inline, the rest by the decoder. An
        // invalid byte counts for nothing.
        var mask = 0
        var asciiSeen: UInt8 = 0
        asciiFlags.withUnsafeBufferPointer { flags in
            let flags = flags.baseAddress.unsafelyUnwrapped
            guard let p = bytes.baseAddress else { return }
            let n = bytes.count
            var i = 0
            while i < n {
                let byte = p[i]
                if byte < 0x80 {
                    asciiSeen |= flags[Int(byte)]
                    i &+= 1
                    continue
                }
                if byte >= 0xC2, byte <= 0xDF, i &+ 1 < n, p[i &+ 1] & 0xC0 == 0x80 {
                    mask |= scriptBit(UInt32(byte & 0x1F) << 6 | UInt32(p[i &+ 1] & 0x3F))
                    i &+= 2
                    continue
                }
                if let (scalar, length) = UTF8Bytes.decode(bytes, at: i) {
                    mask |= scriptBit(scalar)
                    i &+= length
                } else {
                    i &+= 1
                }
            }
        }
        mask |= Int(asciiSeen & UInt8(latin))
        let digitSeen = asciiSeen & asciiDigit != 0
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
