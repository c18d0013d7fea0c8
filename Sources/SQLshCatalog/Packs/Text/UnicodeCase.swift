import CUTF8Proc

/// Unicode case mapping and case folding for the text pack, from utf8proc's tables (folding
/// through Support/UnicodeScalarMapping, as the unicode pack), with the
/// full (one-to-many) mappings of SpecialCasing.txt where a character has one (ß -> SS,
/// ﬁ -> FI, İ -> i̇). Texts are read as units: a valid UTF-8 scalar, or a single invalid byte
/// (value 0x110000 + byte), which no mapping changes.
enum UnicodeCase {
    /// The first value used for invalid bytes.
    static let invalidBase: UInt32 = 0x110000

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (text_upper, text_lower...): every character.
    /// Calls `body` with the full case folding of `c` (1 to 3 scalars; empty when utf8proc has
    /// none), from the same decomposition the unicode pack folds with.
    @inline(__always)
    static func withFullFold<R>(_ c: UInt32, _ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        UnicodeScalarMapping.withDecomposition(c, UnicodeScalarMapping.foldOptions) {
            body($0 ?? UnsafeBufferPointer(start: nil, count: 0))
        }
    }

    /// Whether `c` has a one-to-many case mapping, which utf8proc's simple mappings lack:
    /// exactly the characters whose case folding is several scalars (ß, ŉ, ǰ, İ, the Greek
    /// letters with iota subscript, the Latin and Armenian ligatures...).
    @inline(__always)
    static func hasSpecialCasing(_ c: UInt32) -> Bool {
        withFullFold(c) { $0.count > 1 }
    }

    /// The simple (one-to-one) case folding of a unit, for comparisons scalar by scalar:
    /// the folding when it is one scalar, else the lowercase mapping (ß stays ß).
    @inline(__always)
    static func simpleFold(_ c: UInt32) -> UInt32 {
        if c < 0x80 { return c &- 65 < 26 ? c | 0x20 : c }
        if c < 0x800 { return twoByte.fold[Int(c - 0x80)] }
        if c >= invalidBase { return c }
        return computeSimpleFold(c)
    }

    private static func computeSimpleFold(_ c: UInt32) -> UInt32 {
        withFullFold(c) { folded in
            if folded.count == 1 { return UInt32(bitPattern: folded[0]) }
            return UInt32(bitPattern: utf8proc_tolower(Int32(bitPattern: c)))
        }
    }

    /// Whether a unit is a word character for `text_title`: a letter, a combining mark, a
    /// decimal digit, a letter number or connector punctuation (_) of any script.
    @inline(__always)
    static func isWordCharacter(_ c: UInt32) -> Bool {
        if c < 0x80 {
            let byte = UInt8(c)
            return (byte | 0x20) &- 97 < 26 || byte &- 48 < 10 || byte == 95
        }
        if c >= invalidBase { return false }
        let category = utf8proc_category(Int32(bitPattern: c)).rawValue
        // Lu Ll Lt Lm Lo Mn Mc Me Nd Nl, and Pc.
        return (category >= UTF8PROC_CATEGORY_LU.rawValue && category <= UTF8PROC_CATEGORY_NL.rawValue)
            || category == UTF8PROC_CATEGORY_PC.rawValue
    }

    enum Mode { case upper, lower, title, fold }

    /// Appends the mapping of one non-ASCII unit (at most 12 bytes: room for them must have
    /// been reserved).
    static func appendMapping(_ c: UInt32, mode: Mode, titleCase: Bool, to out: ByteBuffer) {
        if c >= invalidBase { return out.append(UInt8(c - invalidBase)) }
        if mode == .fold {
            withFullFold(c) { folded in
                if folded.isEmpty { return appendScalar(c, to: out) }
                for scalar in folded { appendScalar(UInt32(bitPattern: scalar), to: out) }
            }
            return
        }
        if c < 0x800, mode != .fold {
            // Latin, Greek, Cyrillic, Armenian...: from the table, unless one-to-many.
            let k = Int(c - 0x80)
            if !twoByte.special[k] {
                let mapped = mode == .upper ? twoByte.upper[k] : mode == .lower || !titleCase ? twoByte.lower[k] : twoByte.title[k]
                return appendScalar(mapped, to: out)
            }
        }
        if hasSpecialCasing(c), let scalar = Unicode.Scalar(c) {
            let properties = scalar.properties
            let mapped: String
            switch mode {
            case .upper: mapped = properties.uppercaseMapping
            case .lower: mapped = properties.lowercaseMapping
            default: mapped = titleCase ? properties.titlecaseMapping : properties.lowercaseMapping
            }
            return out.append(contentsOf: mapped.utf8)
        }
        let value = Int32(bitPattern: c)
        let mapped: Int32
        switch mode {
        case .upper: mapped = utf8proc_toupper(value)
        case .lower: mapped = utf8proc_tolower(value)
        default: mapped = titleCase ? utf8proc_totitle(value) : utf8proc_tolower(value)
        }
        appendScalar(UInt32(bitPattern: mapped), to: out)
    }

    /// The mappings of the two-byte UTF-8 range, U+0080 to U+07FF (Latin-1 and its
    /// extensions, Greek, Cyrillic, Armenian, Hebrew, Arabic...), computed once from utf8proc
    /// so that the common non-ASCII letters cost a table read.
    struct TwoByteTable {
        var upper: [UInt32] = [], lower: [UInt32] = [], title: [UInt32] = [], fold: [UInt32] = []
        /// Whether the scalar has a one-to-many mapping (ß, ŉ, ǰ, ΐ, İ...).
        var special: [Bool] = []
    }

    static let twoByte: TwoByteTable = {
        var table = TwoByteTable()
        for c in UInt32(0x80)..<0x800 {
            let value = Int32(bitPattern: c)
            table.upper.append(UInt32(bitPattern: utf8proc_toupper(value)))
            table.lower.append(UInt32(bitPattern: utf8proc_tolower(value)))
            table.title.append(UInt32(bitPattern: utf8proc_totitle(value)))
            table.fold.append(computeSimpleFold(c))
            table.special.append(hasSpecialCasing(c))
        }
        return table
    }()

    /// Appends the UTF-8 encoding of a valid scalar (room for 4 bytes must have been reserved).
    @inline(__always)
    static func appendScalar(_ c: UInt32, to out: ByteBuffer) {
        UTF8Encoding.encode(c) { out.append($0) }
    }
}
