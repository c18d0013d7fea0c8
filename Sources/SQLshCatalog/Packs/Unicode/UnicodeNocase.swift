import SQLshCore

/// sqlean's replacement of the `NOCASE` collation: case- and accent-insensitive for all of
/// Unicode.
enum UnicodeNocase {
    static let entry = CatalogFunction(
        name: "nocase", kind: .collation, arity: "2",
        summary: "Unicode NOCASE collation ignoring case and accents, replacing SQLite's NOCASE when enabled",
        details: """
            Replaces the NOCASE collation (COLLATE NOCASE, and columns declared with it) as \
            sqlean's unicode extension does. Texts are compared character by character on the \
            same keys as the Unicode like(): the simple case folding of the first letter of the \
            accent-free form (utf8proc, all of Unicode), so 'É' = 'é' and 'Привет' = 'привет'. \
            When the keys are all equal, the text with fewer bytes sorts first, so as in sqlean \
            'é' = 'e' is false ('é' sorts just after 'e'); unlike sqlean's, the order is a \
            proper total order (keys first, then byte length). A byte that is not valid UTF-8 \
            sorts as a character of its own after all others. Starts disabled: enabling it \
            changes how existing NOCASE indexes should be ordered (run REINDEX nocase after \
            `.enable nocase` and after `.disable nocase` on databases with such indexes). \
            `.disable nocase` puts back an exact copy of SQLite's ASCII-only NOCASE.
            """,
        example: "select 'Élan' = 'élan' collate nocase;  -- 1",
        register: { try $0.addCollation("NOCASE", compare: compare) },
        unregister: { try $0.addCollation("NOCASE", compare: SQLiteBuiltInRestoring.nocaseCompare) }
    ).disabledByDefault()

    /// Compares the key sequences, then the byte lengths.
    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let x = a.bindMemory(to: UInt8.self), y = b.bindMemory(to: UInt8.self)
        var i = 0, j = 0
        while i < x.count, j < y.count {
            let cx = x[i], cy = y[j]
            if cx < 0x80, cy < 0x80 {
                let kx = cx >= 0x41 && cx <= 0x5A ? cx + 0x20 : cx
                let ky = cy >= 0x41 && cy <= 0x5A ? cy + 0x20 : cy
                if kx != ky { return kx < ky ? -1 : 1 }
                i += 1
                j += 1
                continue
            }
            let (ux, lx) = ScalarDecoding.unit(x, at: i)
            let (uy, ly) = ScalarDecoding.unit(y, at: j)
            let kx = LikeMatcher.key(ux), ky = LikeMatcher.key(uy)
            if kx != ky { return kx < ky ? -1 : 1 }
            i += lx
            j += ly
        }
        if i < x.count { return 1 }
        if j < y.count { return -1 }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }
}
