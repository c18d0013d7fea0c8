import SQLshCore

/// `is_base85(X)` as SQLite 3.53's shell (ext/misc/base85.c): whether a text holds only
/// base85 digits and white space.
enum IsBase85 {
    /// Whether every byte before the first NUL is a base85 digit or C white space
    /// (space, tab, newline, vertical tab, form feed, carriage return).
    static func check(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // A digit is '#' to '&' or '*' to 'z' (Base85.offset's non-zero cases), compared
        // with wrapping subtraction: two comparisons a range.
        for c in text {
            if c &- 0x2a <= 0x7a - 0x2a || c &- 0x23 <= 0x26 - 0x23 { continue }
            if c == 0 { break }
            if c == 0x20 || c &- 0x09 <= 0x0d - 0x09 { continue }
            return false
        }
        return true
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "whether a text is base85 digits and white space only (SQLite 3.53's shell)",
        details: """
            is_base85(X) is 1 when text X holds only the digits base85() writes ('#' to 'z' \
            less ' ( ) { | } and the like) and white space (the newlines base85() writes \
            included), up to a NUL character if any; else 0. '' is 1. NULL gives NULL; any \
            other type is an error: "is_base85 accepts only text or NULL". As the sqlite3 3.53 \
            shell, where it cannot be used in triggers or views.
            """,
        example: "SELECT is_base85(base85(x'123456')), is_base85('~');  -- 1|0",
        functions: {
            [SQLFunction("is_base85", argumentCount: 1, options: [.pure, .directOnly], writingResult: { arguments, result in
                let value = arguments[0]
                switch value.storageType {
                case .text: result.set(Int64(check(value.textBytes) ? 1 : 0))
                case .null: result.setNull()
                default: throw Core353Error("is_base85 accepts only text or NULL")
                }
            })]
        })
}
