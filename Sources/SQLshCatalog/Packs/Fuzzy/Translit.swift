import SQLshCore

/// `fuzzy_translit(text)` / `translit`: text to ASCII as sqlean (SQLite's spellfix) does it.
enum Translit {
    static let entry = CatalogFunction(
        arguments: "text",
        summary: "transliterate text to ASCII",
        details: """
            fuzzy_translit(text) converts text to ASCII as sqlean (after SQLite's spellfix) \
            does: ASCII is kept; Latin letters lose their accents (é -> e, Ł -> L), with \
            spellfix's spellings where they differ (ä -> ae, ö -> oe, ü -> ue, å -> aa, \
            ß -> ss, æ -> ae, þ -> th, ĉ -> ch); Greek and Cyrillic are romanised (θ -> th, \
            ж -> zh, щ -> shch, ю -> iu, and, as in spellfix, ъ -> a and ь -> y); characters with \
            no transliteration (CJK, Arabic, Hebrew, emoji, symbols) become '?'. NULL gives '' \
            (an empty text, as in sqlean). Beyond sqlean: accents come from utf8proc's \
            canonical decompositions, so every accented Latin, Greek and Cyrillic letter of \
            Unicode 15 is covered (Vietnamese ệ -> e, ǎ -> a, where sqlean gives '?'), as is the \
            final sigma ς -> s; combining marks of decomposed text are dropped (sqlean gives \
            '?'); ώ gives o (spellfix's table says i). Each byte that is not valid UTF-8 gives \
            '?', and an embedded NUL is kept (sqlean stops there, and truncates after a 0xFF byte).
            """,
        example: "select fuzzy_translit('Straße Жёлудь café');  -- 'Strasse Zheludy cafe'",
        functions: { make("fuzzy_translit") })

    static let translit = alias("translit", of: entry) { make("translit") }

    static func make(_ name: String) -> [SQLFunction] {
        let scratch = ByteScratch()
        return [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setText(utf8: UnsafeBufferPointer(start: nil, count: 0)) }
            let input = value.textBytes
            if UTF8Bytes.isASCII(input) { return result.setText(utf8: input) }
            scratch.withBuffer { out in
                transliterate(input, into: &out)
                out.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }
        }]
    }

    /// Replaces `out` with the ASCII transliteration of `input`.
    static func transliterate(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(input.count)
        ScalarDecoding.forEachUnit(input) { scalar, invalidByte in
            if invalidByte { out.append(UInt8(ascii: "?")) } else { append(scalar, to: &out) }
        }
    }

    /// Appends the ASCII transliteration of one scalar.
    static func append(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 { return out.append(UInt8(scalar)) }
        if scalar < latinEnd {
            // The Latin letters of Europe, worked out once (a decomposition by utf8proc per
            // character made accented text several times slower than ASCII).
            var entry = latin[Int(scalar)]
            let count = Int(entry & 0xFF)
            if count <= 7 {
                for _ in 0..<count {
                    entry >>= 8
                    out.append(UInt8(truncatingIfNeeded: entry))
                }
                return
            }
        }
        transliterate(scalar, to: &out)
    }

    /// The scalars ``latin`` covers: U+0000 to U+024F (Latin-1, Latin Extended-A and -B).
    private static let latinEnd: UInt32 = 0x250

    /// The transliteration of each scalar below ``latinEnd``: its length in the low byte, then
    /// up to 7 bytes; a length over 7 sends the scalar to ``transliterate(_:to:)``.
    private static let latin: [UInt64] = (0..<latinEnd).map { scalar in
        var bytes: [UInt8] = []
        transliterate(scalar, to: &bytes)
        guard bytes.count <= 7 else { return 0xFF }
        return bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) } << 8 | UInt64(bytes.count)
    }

    /// ``append(_:to:)`` without the table of Latin letters.
    private static func transliterate(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 { return out.append(UInt8(scalar)) }
        if let spelled = table(scalar) { return spelled.withUTF8Buffer { out.append(contentsOf: $0) } }
        if UnicodeScalarMapping.isCombiningDiacritic(scalar) { return }
        let written: Bool = UnicodeScalarMapping.withDecomposition(scalar, UnicodeScalarMapping.stripOptions) { mapped in
            guard let mapped, !mapped.isEmpty, !(mapped.count == 1 && UInt32(bitPattern: mapped[0]) == scalar) else { return false }
            for s in mapped {
                let base = UInt32(bitPattern: s)
                if base < 0x80 {
                    out.append(UInt8(base))
                } else if let spelled = table(base) {
                    spelled.withUTF8Buffer { out.append(contentsOf: $0) }
                } else {
                    out.append(UInt8(ascii: "?"))
                }
            }
            return true
        }
        if !written { out.append(UInt8(ascii: "?")) }
    }

    /// The first ASCII letter of a scalar's transliteration, or nil (for the character classes of
    /// edit_distance).
    static func asciiLetter(_ scalar: UInt32) -> UInt8? {
        var buffer: [UInt8] = []
        append(scalar, to: &buffer)
        guard let first = buffer.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else { return nil }
        return first
    }

    /// spellfix's spellings for what canonical decomposition does not give: letters without a
    /// decomposition (ß, Þ, Ŋ), spellfix's own choices (Ä -> Ae, Ĉ -> Ch, Ŀ -> L.), Greek and
    /// Cyrillic; then the stroke letters and ligatures it spells as `unaccent` does (Ł, Đ, Æ, ﬁ:
    /// ``UnicodeScalarMapping/strokeLetterOrLigature(_:)``).
    static func table(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x00A0: return " "
        case 0x00B5: return "u"
        case 0x00C4: return "Ae"
        case 0x00C5: return "Aa"
        case 0x00D6: return "Oe"
        case 0x00D7: return "x"
        case 0x00DC: return "Ue"
        case 0x00DE: return "Th"
        case 0x00DF: return "ss"
        case 0x00E4: return "ae"
        case 0x00E5: return "aa"
        case 0x00F6: return "oe"
        case 0x00F7: return ":"
        case 0x00FC: return "ue"
        case 0x00FE: return "th"
        case 0x0108: return "Ch"
        case 0x0109: return "ch"
        case 0x011C: return "Gh"
        case 0x011D: return "gh"
        case 0x0124: return "Hh"
        case 0x0125: return "hh"
        case 0x0134: return "Jh"
        case 0x0135: return "jh"
        case 0x0138: return "k"
        case 0x013F: return "L."
        case 0x0140: return "l."
        case 0x0149: return "'n"
        case 0x014A: return "NG"
        case 0x014B: return "ng"
        case 0x015C: return "Sh"
        case 0x015D: return "sh"
        case 0x017F: return "s"
        case 0x0192: return "f"
        case 0x0391...0x03A9: return greekCapital(scalar)
        case 0x03B1...0x03C9: return greekSmall(scalar)
        case 0x0400...0x045F: return cyrillic(scalar)
        default: return UnicodeScalarMapping.strokeLetterOrLigature(scalar)
        }
    }

    private static func greekCapital(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x0391: return "A"
        case 0x0392: return "B"
        case 0x0393: return "G"
        case 0x0394: return "D"
        case 0x0395: return "E"
        case 0x0396: return "Z"
        case 0x0397: return "I"
        case 0x0398: return "Th"
        case 0x0399: return "I"
        case 0x039A: return "K"
        case 0x039B: return "L"
        case 0x039C: return "M"
        case 0x039D: return "N"
        case 0x039E: return "X"
        case 0x039F: return "O"
        case 0x03A0: return "P"
        case 0x03A1: return "R"
        case 0x03A3: return "S"
        case 0x03A4: return "T"
        case 0x03A5: return "Y"
        case 0x03A6: return "F"
        case 0x03A7: return "Ch"
        case 0x03A8: return "Ps"
        case 0x03A9: return "O"
        default: return nil
        }
    }

    private static func greekSmall(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x03B1: return "a"
        case 0x03B2: return "b"
        case 0x03B3: return "g"
        case 0x03B4: return "d"
        case 0x03B5: return "e"
        case 0x03B6: return "z"
        case 0x03B7: return "i"
        case 0x03B8: return "th"
        case 0x03B9: return "i"
        case 0x03BA: return "k"
        case 0x03BB: return "l"
        case 0x03BC: return "m"
        case 0x03BD: return "n"
        case 0x03BE: return "x"
        case 0x03BF: return "o"
        case 0x03C0: return "p"
        case 0x03C1: return "r"
        case 0x03C2, 0x03C3: return "s"
        case 0x03C4: return "t"
        case 0x03C5: return "y"
        case 0x03C6: return "f"
        case 0x03C7: return "ch"
        case 0x03C8: return "ps"
        case 0x03C9: return "o"
        default: return nil
        }
    }

    /// Cyrillic U+0400 - U+045F as spellfix romanises it (letters with a decomposition, such as
    /// Ё and Й, are left to it).
    private static func cyrillic(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x0402, 0x040B, 0x040F: return "D"
        case 0x0404: return "E"
        case 0x0405: return "Z"
        case 0x0406, 0x0409: return "I"
        case 0x0408: return "J"
        case 0x040A: return "N"
        case 0x0410: return "A"
        case 0x0411: return "B"
        case 0x0412: return "V"
        case 0x0413: return "G"
        case 0x0414: return "D"
        case 0x0415: return "E"
        case 0x0416: return "Zh"
        case 0x0417: return "Z"
        case 0x0418: return "I"
        case 0x041A: return "K"
        case 0x041B: return "L"
        case 0x041C: return "M"
        case 0x041D: return "N"
        case 0x041E: return "O"
        case 0x041F: return "P"
        case 0x0420: return "R"
        case 0x0421: return "S"
        case 0x0422: return "T"
        case 0x0423: return "U"
        case 0x0424: return "F"
        case 0x0425: return "Kh"
        case 0x0426: return "Tc"
        case 0x0427: return "Ch"
        case 0x0428: return "Sh"
        case 0x0429: return "Shch"
        case 0x042A: return "a"
        case 0x042B, 0x042C: return "Y"
        case 0x042D: return "E"
        case 0x042E: return "Iu"
        case 0x042F: return "Ia"
        case 0x0430: return "a"
        case 0x0431: return "b"
        case 0x0432: return "v"
        case 0x0433: return "g"
        case 0x0434: return "d"
        case 0x0435: return "e"
        case 0x0436: return "zh"
        case 0x0437: return "z"
        case 0x0438: return "i"
        case 0x043A: return "k"
        case 0x043B: return "l"
        case 0x043C: return "m"
        case 0x043D: return "n"
        case 0x043E: return "o"
        case 0x043F: return "p"
        case 0x0440: return "r"
        case 0x0441: return "s"
        case 0x0442: return "t"
        case 0x0443: return "u"
        case 0x0444: return "f"
        case 0x0445: return "kh"
        case 0x0446: return "tc"
        case 0x0447: return "ch"
        case 0x0448: return "sh"
        case 0x0449: return "shch"
        case 0x044A: return "a"
        case 0x044B, 0x044C: return "y"
        case 0x044D: return "e"
        case 0x044E: return "iu"
        case 0x044F: return "ia"
        case 0x0452, 0x045B, 0x045F: return "d"
        case 0x0454: return "e"
        case 0x0455: return "z"
        case 0x0456, 0x0459: return "i"
        case 0x0458: return "j"
        case 0x045A: return "n"
        default: return nil
        }
    }
}
