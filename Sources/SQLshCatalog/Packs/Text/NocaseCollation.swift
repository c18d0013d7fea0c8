import SQLshCore

/// sqlean's `text_nocase` collation: texts compared character by character after Unicode
/// case folding.
enum NocaseCollation {
    static let entry = CatalogFunction(
        name: "text_nocase", kind: .collation, arity: "2",
        summary: "collation ignoring case in every script",
        details: """
            COLLATE text_nocase compares texts character by character after simple Unicode \
            case folding, so 'cómo estás' = 'CÓMO ESTÁS' COLLATE text_nocase and Greek, \
            Cyrillic or Armenian capitals equal their small letters (SQLite's NOCASE only \
            folds ASCII). The first differing character decides, by code point; a text that \
            is a prefix of the other sorts first. Unlike sqlean's, texts of different byte \
            lengths can be equal ('ſ' = 's', 'K' (Kelvin sign) = 'k'). One-to-many foldings \
            are not applied ('ß' <> 'ss'). Invalid UTF-8 bytes compare as themselves, after \
            every character.
            """,
        example: "select 'Cómo Estás' = 'CÓMO ESTÁS' collate text_nocase;  -- 1",
        register: { try $0.addCollation("text_nocase", compare: compare) },
        unregister: { try $0.removeCollation(named: "text_nocase") })

    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let x = a.assumingMemoryBound(to: UInt8.self), y = b.assumingMemoryBound(to: UInt8.self)
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if x[i] == y[j], x[i] < 0x80 {  // equal ASCII: the common case
                i += 1
                j += 1
                continue
            }
            let (c, m) = ScalarDecoding.unit(x, at: i), (d, n) = ScalarDecoding.unit(y, at: j)
            let fc = UnicodeCase.simpleFold(c), fd = UnicodeCase.simpleFold(d)
            if fc != fd { return fc < fd ? -1 : 1 }
            i += m
            j += n
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return 0
    }
}
