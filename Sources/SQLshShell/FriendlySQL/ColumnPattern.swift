import CPCRE2

/// The regular expression of `columns('regex')`, compiled by PCRE2 as the catalog's
/// `regexp_like` compiles one (UTF-8, Unicode properties): a column is chosen when the
/// pattern matches somewhere in its name.
final class ColumnPattern {
    private let code: OpaquePointer
    private let matchData: OpaquePointer

    /// The compiled `pattern`; nil when PCRE2 rejects it (the query is then left as written).
    init?(_ pattern: String) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let bytes = Array(pattern.utf8) + [0]
        let compiled = bytes.withUnsafeBufferPointer { pattern in
            pcre2_compile_8(pattern.baseAddress, pattern.count - 1, PCRE2_UTF | PCRE2_UCP, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { return nil }
        guard let matchData = pcre2_match_data_create_from_pattern_8(compiled, nil) else {
            pcre2_code_free_8(compiled)
            return nil
        }
        code = compiled
        self.matchData = matchData
    }

    deinit {
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// Whether the pattern matches somewhere in `name`.
    func matches(_ name: String) -> Bool {
        let bytes = Array(name.utf8) + [0]
        return bytes.withUnsafeBufferPointer { subject in
            pcre2_match_8(code, subject.baseAddress, subject.count - 1, 0, 0, matchData, nil) >= 0
        }
    }
}
