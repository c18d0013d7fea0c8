import CUTF8Proc

/// Case mapping, case folding and accent stripping of single Unicode scalars, from utf8proc's
/// tables (Unicode 15 with Debian's libutf8proc 2.8), for the `unicode` and `fuzzy` packs (and
/// the text pack's full case folding, Packs/Text/UnicodeCase).
///
/// Invalid UTF-8 never reaches these functions: callers keep an invalid byte as it is.
enum UnicodeScalarMapping {
    /// A decomposition buffer large enough for any canonical decomposition with case folding
    /// (the longest are 4 scalars; utf8proc reports a larger need, which callers treat as "no
    /// mapping").
    static let decompositionCapacity = 16

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (unaccent, translit, slugify): every character; without it unaccent costs 11% more instructions.
    /// utf8proc options as the C enum type.
    @inline(__always)
    static func options(_ values: utf8proc_option_t...) -> utf8proc_option_t {
        var raw: UInt32 = 0
        for value in values { raw |= value.rawValue }
        return utf8proc_option_t(rawValue: raw)
    }

    static let foldOptions = options(UTF8PROC_CASEFOLD)
    static let stripOptions = options(UTF8PROC_DECOMPOSE, UTF8PROC_STRIPMARK)

    /// Writes `scalar` as UTF-8.
    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        UTF8Encoding.encode(scalar) { out.append($0) }
    }

    /// Calls `body` with the scalars utf8proc maps `scalar` to under `options`, or nil when the
    /// mapping does not fit the buffer (never the case for the options used here).
    @inline(__always)
    static func withDecomposition<R>(_ scalar: UInt32, _ options: utf8proc_option_t,
                                     _ body: (UnsafeBufferPointer<Int32>?) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: decompositionCapacity) { buffer in
            let count = utf8proc_decompose_char(Int32(bitPattern: scalar), buffer.baseAddress, decompositionCapacity,
                                                options, nil)
            guard count >= 0, count <= decompositionCapacity else { return body(nil) }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    // MARK: Case

    /// Appends the full uppercase mapping: utf8proc's simple mapping, and for the few letters
    /// whose uppercase is several letters (ß -> SS, ŉ -> ʼN, ﬁ -> FI, Greek with iota
    /// subscript), the standard library's full mapping (SpecialCasing.txt).
    static func appendUpper(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 {
            let byte = UInt8(scalar)
            out.append(byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte)
            return
        }
        if hasSpecialUppercase(scalar), let unicodeScalar = Unicode.Scalar(scalar) {
            for s in unicodeScalar.properties.uppercaseMapping.unicodeScalars { appendUTF8(s.value, to: &out) }
            return
        }
        appendUTF8(UInt32(bitPattern: utf8proc_toupper(Int32(bitPattern: scalar))), to: &out)
    }

    /// Whether a scalar lies where SpecialCasing.txt has unconditional multi-letter uppercase
    /// mappings (a cheap gate before asking for the full mapping).
    @inline(__always)
    static func hasSpecialUppercase(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xDF, 0x149, 0x1F0, 0x390, 0x3B0, 0x587, 0x1E96...0x1E9A, 0x1F50...0x1FFC, 0xFB00...0xFB17: return true
        default: return false
        }
    }

    /// Appends the simple lowercase mapping (İ -> i, as sqlean).
    @inline(__always)
    static func appendLower(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 {
            let byte = UInt8(scalar)
            out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            return
        }
        appendUTF8(UInt32(bitPattern: utf8proc_tolower(Int32(bitPattern: scalar))), to: &out)
    }

    /// Appends the full case folding (ß -> ss, ΣΑΣ -> σασ, Kelvin sign -> k).
    static func appendFold(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0x80 {
            let byte = UInt8(scalar)
            out.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            return
        }
        withDecomposition(scalar, foldOptions) { mapped in
            guard let mapped else { return appendUTF8(scalar, to: &out) }
            for s in mapped { appendUTF8(UInt32(bitPattern: s), to: &out) }
        }
    }

    /// The simple case folding of one scalar (a single scalar: ς and Σ give σ).
    @inline(__always)
    static func simpleFold(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar >= 0x41 && scalar <= 0x5A ? scalar + 0x20 : scalar }
        let upper = utf8proc_toupper(Int32(bitPattern: scalar))
        return UInt32(bitPattern: utf8proc_tolower(upper))
    }

    // MARK: Accents

    /// Whether a scalar is in one of the blocks of combining diacritical marks, which
    /// `unaccent` drops wherever they stand (text in decomposed form, NFD).
    @inline(__always)
    static func isCombiningDiacritic(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return false
        }
    }

    /// Whether accents are stripped by decomposition: Latin, Greek, Cyrillic and the letter-like
    /// signs (Ω, K, Å). Other scripts keep their marks, which are not accents there (Japanese
    /// dakuten, Hebrew points, Hangul jamo).
    @inline(__always)
    static func stripsByDecomposition(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00C0...0x024F, 0x0370...0x052F, 0x1E00...0x1FFF, 0x2126, 0x212A, 0x212B, 0x2C60...0x2C7F,
             0xA640...0xA69F, 0xA720...0xA7FF, 0xAB30...0xAB6F:
            return true
        default:
            return false
        }
    }

    /// Letters whose accent-free form is not given by canonical decomposition (a stroke or bar
    /// is part of the letter, or a ligature): the small table `unaccent` adds to utf8proc's.
    static func letterWithoutDecomposition(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x0189: return "D"
        case 0x0256: return "d"
        case 0x01FE: return "O"
        case 0x01FF: return "o"
        case 0x013F: return "L"
        case 0x0140: return "l"
        case 0x0180: return "b"
        case 0x0197: return "I"
        case 0x0268: return "i"
        case 0x01B5: return "Z"
        case 0x01B6: return "z"
        case 0x0243: return "B"
        case 0x023A: return "A"
        case 0x2C65: return "a"
        default: return strokeLetterOrLigature(scalar)
        }
    }

    /// The stroke letters and ligatures `unaccent` and `fuzzy_translit` (after spellfix) spell
    /// alike: Æ -> AE, Đ -> D, Ø -> O, Ł -> L, Œ -> OE, ﬁ -> fi.
    static func strokeLetterOrLigature(_ scalar: UInt32) -> StaticString? {
        switch scalar {
        case 0x00C6: return "AE"
        case 0x00E6: return "ae"
        case 0x0152: return "OE"
        case 0x0153: return "oe"
        case 0x00D0, 0x0110: return "D"
        case 0x00F0, 0x0111: return "d"
        case 0x00D8: return "O"
        case 0x00F8: return "o"
        case 0x0126: return "H"
        case 0x0127: return "h"
        case 0x0131: return "i"
        case 0x0132: return "IJ"
        case 0x0133: return "ij"
        case 0x0141: return "L"
        case 0x0142: return "l"
        case 0x0166: return "T"
        case 0x0167: return "t"
        case 0xFB00: return "ff"
        case 0xFB01: return "fi"
        case 0xFB02: return "fl"
        case 0xFB03: return "ffi"
        case 0xFB04: return "ffl"
        case 0xFB05, 0xFB06: return "st"
        default: return nil
        }
    }

    /// The accented Latin letters most text has (U+00C0 - U+024F), whose unaccented form is
    /// looked up rather than asked of utf8proc on every call: built once from the general path
    /// below. Each entry holds up to three UTF-8 bytes and their count in the top byte (all ones:
    /// longer, use the general path).
    static let latinUnaccented: [UInt32] = (0xC0..<0x250).map { scalar in
        var bytes: [UInt8] = []
        unaccentedSlowly(UInt32(scalar), to: &bytes)
        if bytes.count > 3 { return UInt32.max }  // never the case; then the slow path serves it
        var packed = UInt32(bytes.count) << 24
        for (i, byte) in bytes.enumerated() { packed |= UInt32(byte) << (8 * UInt32(i)) }
        return packed
    }

    /// Appends `scalar` without its accents: Ł -> L, é -> e, Æ -> AE, ﬁ -> fi; a combining
    /// diacritic gives nothing; ß and other letters without accents are kept.
    @inline(__always)
    static func appendUnaccented(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0xC0 { return appendUTF8(scalar, to: &out) }
        if scalar < 0x250 {
            let packed = latinUnaccented[Int(scalar - 0xC0)]
            if packed == UInt32.max { return unaccentedSlowly(scalar, to: &out) }
            for i in 0..<(packed >> 24) { out.append(UInt8(truncatingIfNeeded: packed >> (8 * i))) }
            return
        }
        unaccentedSlowly(scalar, to: &out)
    }

    /// ``appendUnaccented(_:to:)`` through the table and utf8proc.
    static func unaccentedSlowly(_ scalar: UInt32, to out: inout [UInt8]) {
        if scalar < 0xC0 { return appendUTF8(scalar, to: &out) }
        if isCombiningDiacritic(scalar) { return }
        if let replacement = letterWithoutDecomposition(scalar) {
            replacement.withUTF8Buffer { out.append(contentsOf: $0) }
            return
        }
        guard stripsByDecomposition(scalar) else { return appendUTF8(scalar, to: &out) }
        withDecomposition(scalar, stripOptions) { mapped in
            guard let mapped, !mapped.isEmpty else { return appendUTF8(scalar, to: &out) }
            for s in mapped { appendUTF8(UInt32(bitPattern: s), to: &out) }
        }
    }

    /// The key sqlean's Unicode `like` and `NOCASE` compare: the simple case folding of the
    /// first letter of the accent-free form (É, é and e all give e; Æ gives a; ß stays ß).
    static func comparisonKey(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar >= 0x41 && scalar <= 0x5A ? scalar + 0x20 : scalar }
        if scalar >= 0xC0, scalar < 0x250 { return latinComparisonKeys[Int(scalar - 0xC0)] }
        return comparisonKeySlowly(scalar)
    }

    /// ``comparisonKey(_:)`` of U+00C0 - U+024F, built once from the general path.
    static let latinComparisonKeys: [UInt32] = (0xC0..<0x250).map { comparisonKeySlowly(UInt32($0)) }

    /// ``comparisonKey(_:)`` through the table and utf8proc.
    static func comparisonKeySlowly(_ scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return scalar >= 0x41 && scalar <= 0x5A ? scalar + 0x20 : scalar }
        if scalar < 0xC0 || isCombiningDiacritic(scalar) { return simpleFold(scalar) }
        if let replacement = letterWithoutDecomposition(scalar) {
            return simpleFold(replacement.withUTF8Buffer { UInt32($0[0]) })
        }
        guard stripsByDecomposition(scalar) else { return simpleFold(scalar) }
        return withDecomposition(scalar, stripOptions) { mapped in
            guard let mapped, let first = mapped.first else { return simpleFold(scalar) }
            return simpleFold(UInt32(bitPattern: first))
        }
    }
}

/// A text decoded into scalars for the functions that compare characters: each invalid UTF-8
/// byte becomes a unit of its own, `0x110000 + byte`, which equals no scalar.
enum ScalarDecoding {
    /// The unit an invalid byte decodes to.
    @inline(__always)
    static func invalidUnit(_ byte: UInt8) -> UInt32 { 0x11_0000 + UInt32(byte) }

    /// The unit at `i` of `bytes` (a scalar, or an invalid byte as ``invalidUnit(_:)``) and its
    /// length in bytes.
    @inline(__always)
    static func unit(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (unit: UInt32, length: Int) {
        let byte = bytes[i]
        if byte < 0x80 { return (UInt32(byte), 1) }
        if let (scalar, length) = UTF8Bytes.decode(bytes, at: i) { return (scalar, length) }
        return (invalidUnit(byte), 1)
    }

    /// Replaces the contents of `scalars` with the units of `bytes`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into scalars: inout [UInt32]) {
        scalars.removeAll(keepingCapacity: true)
        scalars.reserveCapacity(bytes.count)
        if UTF8Bytes.isASCII(bytes) {
            for byte in bytes { scalars.append(UInt32(byte)) }
            return
        }
        var i = 0
        while i < bytes.count {
            let (unit, length) = unit(bytes, at: i)
            scalars.append(unit)
            i += length
        }
    }

    /// Calls `body` with each unit of `bytes` and whether it is an invalid byte.
    @inline(__always)
    static func forEachUnit(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (_ scalar: UInt32, _ invalidByte: Bool) -> Void) {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte < 0x80 {
                body(UInt32(byte), false)
                i += 1
            } else if let (scalar, length) = UTF8Bytes.decode(bytes, at: i) {
                body(scalar, false)
                i += length
            } else {
                body(UInt32(byte), true)
                i += 1
            }
        }
    }
}
