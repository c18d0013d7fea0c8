/// The character classes of SQLite's spellfix extension, which sqlean's `fuzzy_editdist` and
/// `fuzzy_phonetic` use: letters grouped by how they sound.
enum SpellfixClass {
    static let silent: UInt8 = 0, vowel: UInt8 = 1, b: UInt8 = 2, c: UInt8 = 3, d: UInt8 = 4, h: UInt8 = 5
    static let l: UInt8 = 6, r: UInt8 = 7, m: UInt8 = 8, y: UInt8 = 9, digit: UInt8 = 10, space: UInt8 = 11
    static let other: UInt8 = 12

    /// The class of an ASCII character inside a word (spellfix's midClass).
    static let middle: [UInt8] = (0..<128).map { classOf(UInt8($0), initial: false) }
    /// The class at the start of a word (spellfix's initClass): Y is a consonant there and the
    /// apostrophe is not silent.
    static let initial: [UInt8] = (0..<128).map { classOf(UInt8($0), initial: true) }

    /// The symbol phonetic_hash writes for each class.
    static let symbols: [UInt8] = Array(".ABCDHLRMY9 ?".utf8)

    private static func classOf(_ c: UInt8, initial: Bool) -> UInt8 {
        switch c {
        case 0x09, 0x0C, 0x0D, 0x20: return space
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit
        case UInt8(ascii: "'"): return initial ? other : silent
        default: break
        }
        guard (c | 0x20) >= 0x61, (c | 0x20) <= 0x7A else { return other }
        switch Character(Unicode.Scalar(c | 0x20)) {
        case "a", "e", "i", "o", "u": return vowel
        case "y": return initial ? y : vowel
        case "b", "f", "p", "v", "w": return b
        case "c", "g", "j", "k", "q", "s", "x", "z": return SpellfixClass.c
        case "d", "t": return d
        case "h": return silent
        case "l": return l
        case "r": return r
        case "m", "n": return m
        default: return other
        }
    }
}
