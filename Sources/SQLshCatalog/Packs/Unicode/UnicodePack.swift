import CUTF8Proc
import SQLshCore

/// The `unicode` pack: sqlean's unicode extension (case mapping, folding, accent removal, a
/// case- and accent-insensitive LIKE and NOCASE) on utf8proc's Unicode 15 tables.
///
/// The names that would replace SQLite's own (`upper`, `lower`, `like`, the `NOCASE`
/// collation) start disabled, so that output stays identical to `sqlite3` until enabled.
enum UnicodePack {
    static let pack = FunctionPack(
        name: "unicode",
        summary: "Unicode case mapping, folding, unaccent, case- and accent-insensitive LIKE and NOCASE (sqlean names, utf8proc)",
        functions: [
            CaseMapping.upperEntry("upper", replacesBuiltIn: true),
            CaseMapping.lowerEntry("lower", replacesBuiltIn: true),
            CaseMapping.upperEntry("nupper", replacesBuiltIn: false),
            CaseMapping.lowerEntry("nlower", replacesBuiltIn: false),
            CaseMapping.casefold,
            Unaccent.entry,
            UnicodeLike.like,
            UnicodeLike.nlike,
            unicodeVersion,
            UnicodeNocase.entry,
        ])

    static let unicodeVersion = CatalogFunction(
        summary: "the version of the Unicode tables the unicode pack uses",
        details: """
            unicode_version() returns the Unicode version of the utf8proc tables behind the \
            unicode pack (and the fuzzy pack's transliteration), for example '15.0.0' with \
            Debian's libutf8proc 2.8. sqlean returns '5.1.0.12', the version of its own tables.
            """,
        example: "select unicode_version() >= '15';  -- 1",
        functions: {
            [SQLFunction("unicode_version", argumentCount: 0, options: .pure) { _, result in
                guard let version = utf8proc_unicode_version() else { return result.setNull() }
                // A constant of the library: handed over without a copy, so that a query
                // copying the factored-out constant into every row copies a pointer.
                result.setText(permanentCString: version)
            }]
        })
}
