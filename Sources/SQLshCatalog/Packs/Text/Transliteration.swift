/// Latin, Greek and Cyrillic letters (and fullwidth ASCII) to lowercase ASCII, for `slugify`.
///
/// `nil` means "not a letter: a separator"; an empty string means "drop without separating"
/// (combining marks, the Cyrillic hard and soft signs).
enum Transliteration {
    /// U+00A0 through U+017F: Latin-1 Supplement and Latin Extended-A.
    private static let latin: [String?] = [
        // U+00A0 - U+00BF: symbols; ª º and superscript digits are kept.
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, "a", nil, nil, nil, nil, nil,
        nil, nil, "2", "3", nil, "u", nil, nil, nil, "1", "o", nil, nil, nil, nil, nil,
        // U+00C0 - U+00DF
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", nil, "o", "u", "u", "u", "u", "y", "th", "ss",
        // U+00E0 - U+00FF
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", nil, "o", "u", "u", "u", "u", "y", "th", "y",
        // U+0100 - U+017F: Latin Extended-A
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
        "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
    ]

    /// U+0410 through U+044F: the basic Cyrillic alphabet (capitals, then small letters).
    private static let cyrillic: [String] = [
        "a", "b", "v", "g", "d", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
        "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
    ]

    /// U+0400 through U+040F (and their small forms U+0450 - U+045F): Cyrillic letters outside
    /// the basic Russian alphabet (Serbian, Macedonian, Ukrainian, Belarusian).
    private static let cyrillicExtra: [String] = [
        "e", "e", "dj", "g", "ye", "dz", "i", "yi", "j", "lj", "nj", "c", "k", "i", "u", "dz",
    ]

    /// U+0391 - U+03A9 and U+03B1 - U+03C9: the Greek alphabet (ELOT 743 / ISO 843 style, as
    /// Greek URLs are usually written); the slot of U+03A2 (unassigned) is final sigma's.
    private static let greek: [String] = [
        "a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p",
        "r", "s", "s", "t", "y", "f", "ch", "ps", "o",
    ]

    /// The ASCII replacement of a non-ASCII scalar: a string (possibly empty) or nil for a
    /// separator.
    static func ascii(for scalar: UInt32) -> String? {
        switch scalar {
        case 0xA0...0x17F:
            return latin[Int(scalar - 0xA0)]
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return ""  // combining marks: the base letter was already written
        case 0x200B...0x200D, 0x2060, 0xFEFF:
            return ""  // zero-width characters
        case 0x0410...0x044F:
            return cyrillic[Int((scalar - 0x0410) % 32)]
        case 0x0400...0x040F:
            return cyrillicExtra[Int(scalar - 0x0400)]
        case 0x0450...0x045F:
            return cyrillicExtra[Int(scalar - 0x0450)]
        case 0x0490, 0x0491: return "g"  // Ґ ґ
        case 0x0391...0x03A9:
            return greek[Int(scalar - 0x0391)]
        case 0x03B1...0x03C9:
            return greek[Int(scalar - 0x03B1)]
        case 0x0386, 0x03AC: return "a"  // Ά ά
        case 0x0388, 0x03AD: return "e"  // Έ έ
        case 0x0389, 0x038A, 0x0390, 0x03AA, 0x03AE, 0x03AF, 0x03CA: return "i"  // Ή Ί ΐ Ϊ ή ί ϊ
        case 0x038C, 0x038F, 0x03CC, 0x03CE: return "o"  // Ό Ώ ό ώ
        case 0x038E, 0x03AB, 0x03B0, 0x03CB, 0x03CD: return "y"  // Ύ Ϋ ΰ ϋ ύ
        case 0xFF10...0xFF19:  // fullwidth digits
            return String(Unicode.Scalar(UInt8(scalar - 0xFF10) + UInt8(ascii: "0")))
        case 0xFF21...0xFF3A:  // fullwidth capital letters
            return String(Unicode.Scalar(UInt8(scalar - 0xFF21) + UInt8(ascii: "a")))
        case 0xFF41...0xFF5A:  // fullwidth small letters
            return String(Unicode.Scalar(UInt8(scalar - 0xFF41) + UInt8(ascii: "a")))
        case 0x01C4...0x01C6, 0x01F1...0x01F3: return "dz"  // Ǆ ǅ ǆ Ǳ ǲ ǳ
        case 0x01C7...0x01C9: return "lj"  // Ǉ ǈ ǉ
        case 0x01CA...0x01CC: return "nj"  // Ǌ ǋ ǌ
        case 0x0192: return "f"
        case 0x0218, 0x0219: return "s"  // Ș ș
        case 0x021A, 0x021B: return "t"  // Ț ț
        case 0x1E9E: return "ss"  // capital sharp s
        case 0xFB00: return "ff"
        case 0xFB01: return "fi"
        case 0xFB02: return "fl"
        case 0xFB03: return "ffi"
        case 0xFB04: return "ffl"
        case 0x0180...0x024F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F:
            return latinLetterFromName(scalar)
        default:
            return nil  // other scripts (CJK, Arabic, Hebrew, ...), symbols, emoji: a separator
        }
    }

    /// Other Latin letters with diacritics (Latin Extended-B, Vietnamese, ...) through their
    /// Unicode name: "LATIN SMALL LETTER A WITH CIRCUMFLEX AND ACUTE" gives "a".
    private static func latinLetterFromName(_ scalar: UInt32) -> String? {
        guard let unicodeScalar = Unicode.Scalar(scalar), let name = unicodeScalar.properties.name else { return nil }
        let prefixes = ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "]
        for prefix in prefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let first = rest.first, first.isASCII, first.isLetter else { return nil }
            let afterLetter = rest.dropFirst()
            if afterLetter.isEmpty || afterLetter.hasPrefix(" WITH ") {
                return String(first).lowercased()
            }
            return nil
        }
        return nil
    }
}
