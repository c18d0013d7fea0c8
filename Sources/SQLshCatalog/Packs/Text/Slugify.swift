import SQLshCore

/// `slugify(text)`: a lowercase ASCII slug for URLs and file names.
enum Slugify {
    static let entry = CatalogFunction(
        arguments: "text",
        summary: "lowercase ASCII slug with accents transliterated",
        details: """
            Makes a lowercase ASCII slug: ASCII letters and digits are kept (lowercased), \
            accented Latin letters lose their accents (é -> e, ß -> ss, æ -> ae, ø -> o, Ł -> l, \
            ǆ -> dz), Greek is transliterated as in ELOT 743 (Καλημέρα -> kalimera), Cyrillic \
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
    @inline(__always) func emit(_ byte: UInt8) -> Bool {
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
        if let replacement = Transliteration.ascii(for: scalar) {
            for b in replacement.utf8 { guard emit(b) else { return nil } }
        } else {
            pendingSeparator = true
        }
    }
    return length
}
