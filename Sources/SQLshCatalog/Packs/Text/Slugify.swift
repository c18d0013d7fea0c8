import SQLshCore

/// `slugify(text)`: a lowercase ASCII slug for URLs and file names.
enum Slugify {
    static let entry = CatalogFunction(
        arguments: "text",
        summary: "lowercase ASCII slug with accents transliterated",
        details: """
            Makes a lowercase ASCII slug: ASCII letters and digits are kept (lowercased), \
            accented Latin letters lose their accents (é -> e, ß -> ss, æ -> ae, ø -> o, Ł -> l, \
            ǆ -> dz), Greek is transliterated as in ELOT 743 (Καλημέρα -> kalimera, with its digraphs: \
            Παπαδόπουλος -> papadopoulos, Ευαγγελία -> evangelia, αυτό -> afto, Μπάμπης -> bambis), Cyrillic \
            as in common Russian, Ukrainian and Serbian romanisation (Москва -> moskva, Їжак -> \
            yizhak), fullwidth ASCII becomes ASCII, and combining marks and zero-width \
            characters are dropped. Every run of other characters (spaces, punctuation, \
            symbols, emoji, scripts without a transliteration here such as CJK, Arabic or \
            Hebrew, invalid UTF-8 bytes) becomes a single '-': slugify('東京 tower') is 'tower'. \
            The slug never starts or ends with '-'; a string with no letters or digits that \
            can be transliterated gives '' (slugify('東京') is ''). NULL gives NULL; integers \
            and reals are slugified as their text form (3.14 gives '3-14'), blobs as text.
            """,
        example: "select slugify('Crème Brûlée, 2 Portions!');  -- 'creme-brulee-2-portions'"
    ) {
        [SQLFunction("slugify", argumentCount: 1, options: .pure, writingResult: slugifyFunction)]
    }
}

private func slugifyFunction(_ arguments: Arguments, _ result: ResultContext) {
    let value = arguments[0]
    if value.isNull { return result.setNull() }
    let input = value.textBytes
    let count = input.count
    guard count > 0 else { return result.setText(utf8: input) }
    // A transliteration is at most 4 ASCII bytes per scalar and a scalar is at least 2 bytes
    // when non-ASCII, so 2 * count + 1 bytes always suffice; no more than the length limit
    // allows is set aside, and a slug that would not fit there is "too big".
    let capacity = min(2 * count + 1, result.lengthLimit)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
        guard let length = slugify(input, into: output) else { return result.setTooBig() }
        result.setText(utf8: UnsafeBufferPointer(rebasing: output[0..<length]))
    }
}

/// Writes the slug of `input` into `output` and returns its length, or nil when it does not fit.
func slugify(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    var length = 0
    var pendingSeparator = false
    func emit(_ byte: UInt8) -> Bool {
        let separator = pendingSeparator && length > 0 ? 1 : 0
        if length + separator >= output.count { return false }
        if pendingSeparator {
            if length > 0 { output[length] = UInt8(ascii: "-"); length += 1 }
            pendingSeparator = false
        }
        output[length] = byte
        length += 1
        return true
    }
    var i = 0
    let n = input.count
    while i < n {
        let byte = input[i]
        if byte < 0x80 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard emit(byte) else { return nil }
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                guard emit(byte | 0x20) else { return nil }
            default: pendingSeparator = true
            }
            i += 1
            continue
        }
        guard let (scalar, size) = UTF8Bytes.decode(input, at: i) else {
            pendingSeparator = true
            i += 1
            continue
        }
        i += size
        if let letter = GreekLetter(scalar) {
            // ELOT 743's digraphs look at the letters around this one.
            let wordStart = length == 0 || pendingSeparator
            let next = GreekLetter.at(input, i)
            let afterNext = next.flatMap { GreekLetter.at(input, i + $0.size) }
            let (text, pair) = letter.transliteration(next: next?.letter, afterNext: afterNext?.letter,
                                                      wordStart: wordStart)
            if pair, let next { i += next.size }
            for b in text.utf8 { guard emit(b) else { return nil } }
        } else if let replacement = Transliteration.ascii(for: scalar) {
            for b in replacement.utf8 { guard emit(b) else { return nil } }
        } else {
            pendingSeparator = true
        }
    }
    return length
}

/// A Greek letter for ELOT 743's digraphs: its small unaccented form, and whether it had an
/// accent (tonos) or a diaeresis (dialytika), which keep it out of a digraph.
struct GreekLetter {
    /// The small letter without marks (final sigma as σ).
    let base: UInt32
    /// The letter as written alone (`ascii(for:)`).
    let alone: String
    let accented: Bool
    let diaeresis: Bool

    init?(_ scalar: UInt32) {
        var base = scalar, accented = false, diaeresis = false
        switch scalar {
        case 0x0391...0x03A9 where scalar != 0x03A2: base = scalar + 0x20
        case 0x03B1...0x03C9: break
        case 0x0386, 0x03AC: base = 0x03B1; accented = true
        case 0x0388, 0x03AD: base = 0x03B5; accented = true
        case 0x0389, 0x03AE: base = 0x03B7; accented = true
        case 0x038A, 0x03AF: base = 0x03B9; accented = true
        case 0x038C, 0x03CC: base = 0x03BF; accented = true
        case 0x038E, 0x03CD: base = 0x03C5; accented = true
        case 0x038F, 0x03CE: base = 0x03C9; accented = true
        case 0x03AA, 0x03CA: base = 0x03B9; diaeresis = true
        case 0x0390: base = 0x03B9; diaeresis = true; accented = true
        case 0x03AB, 0x03CB: base = 0x03C5; diaeresis = true
        case 0x03B0: base = 0x03C5; diaeresis = true; accented = true
        default: return nil
        }
        if base == 0x03C2 { base = 0x03C3 }
        guard let alone = Transliteration.ascii(for: scalar) else { return nil }
        self.base = base
        self.alone = alone
        self.accented = accented
        self.diaeresis = diaeresis
    }

    /// The Greek letter at byte `i` of `input` and its size in bytes, if there is one.
    static func at(_ input: UnsafeBufferPointer<UInt8>, _ i: Int) -> (letter: GreekLetter, size: Int)? {
        guard i < input.count, input[i] >= 0x80, let (scalar, size) = UTF8Bytes.decode(input, at: i),
              let letter = GreekLetter(scalar) else { return nil }
        return (letter, size)
    }

    /// θ κ ξ π σ τ φ χ ψ: after them αυ, ευ, ηυ are read af, ef, if.
    private static let voiceless: Set<UInt32> = [0x03B8, 0x03BA, 0x03BE, 0x03C0, 0x03C3, 0x03C4, 0x03C6, 0x03C7, 0x03C8]

    /// This letter's ASCII as ELOT 743 writes it before `next` (and `afterNext`), at the start
    /// of a word or not, and whether `next` was used up with it: ου -> ou; αυ, ευ, ηυ -> av, ev,
    /// iv before a vowel or voiced consonant, af, ef, if before a voiceless one or at the end
    /// of the word; μπ, ντ, γκ -> b, d, g at the start of a word, mb, nd, ng inside; γγ -> ng,
    /// γξ -> nx, γχ -> nch. A first letter with an accent or a second with a diaeresis makes
    /// no digraph (όυ, αϋ).
    func transliteration(next: GreekLetter?, afterNext: GreekLetter?, wordStart: Bool) -> (String, Bool) {
        guard let next, !accented, !diaeresis, !next.diaeresis else { return (alone, false) }
        switch (base, next.base) {
        case (0x03BF, 0x03C5):  // ου
            return ("ou", true)
        case (0x03B1, 0x03C5), (0x03B5, 0x03C5), (0x03B7, 0x03C5):  // αυ ευ ηυ
            let voiced = afterNext.map { !Self.voiceless.contains($0.base) } ?? false
            return (alone + (voiced ? "v" : "f"), true)
        case (0x03BC, 0x03C0):  // μπ
            return (wordStart ? "b" : "mb", true)
        case (0x03BD, 0x03C4):  // ντ
            return (wordStart ? "d" : "nd", true)
        case (0x03B3, 0x03BA):  // γκ
            return (wordStart ? "g" : "ng", true)
        case (0x03B3, 0x03B3):  // γγ
            return ("ng", true)
        case (0x03B3, 0x03BE):  // γξ
            return ("nx", true)
        case (0x03B3, 0x03C7):  // γχ
            return ("nch", true)
        default:
            return (alone, false)
        }
    }
}
