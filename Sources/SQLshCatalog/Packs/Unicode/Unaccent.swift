import SQLshCore

/// sqlean's `unaccent(text)`.
enum Unaccent {
    static let entry = CaseMapping.entry(
        "unaccent", summary: "remove accents and other diacritics from letters",
        details: """
            unaccent(text) removes diacritics: each Latin, Greek or Cyrillic letter is replaced \
            by its canonical decomposition (utf8proc) without the combining marks (é -> e, \
            ñ -> n, Ǻ -> A, ώ -> ω, й -> и), and letters whose mark is part of the letter get \
            their base from a small table (Ł -> L, ø -> o, đ -> d, ħ -> h, ı -> i) as do the \
            ligatures (Æ -> AE, œ -> oe, ﬁ -> fi). Combining diacritical marks standing \
            alone (text in decomposed form, NFD) are removed too, so 'e' followed by U+0301 \
            gives 'e' (sqlean keeps them). ß, þ and letters without a diacritic are unchanged; \
            marks of other scripts are kept (Japanese が stays が, Hebrew points stay). Covers \
            all of Unicode 15, where sqlean's table stops at Unicode 5.1 and U+FFFF. \
            \(CaseMapping.common.replacingBytes("Case mapping", with: "Decomposition"))
            """,
        example: "select unaccent('Hôtel Ångström Łódź');  -- 'Hotel Angstrom Lodz'",
        replacesBuiltIn: false, restore: nil) {
            TextMapping.map($0, $1, scratch: $2, ascii: TextMapping.same, scalar: UnicodeScalarMapping.appendUnaccented)
        }
}
