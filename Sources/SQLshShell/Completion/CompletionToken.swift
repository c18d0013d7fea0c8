import SQLshCore

/// A token of the text before the cursor as completion reads it (usually an unfinished
/// statement): SQLite's tokens (``SQLTokenizer``) in four kinds, with their text.
struct CompletionToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a keyword or an identifier.
        case word
        /// A quoted identifier (`"x"`, `[x]`, `` `x` ``); ``text`` is the name without quotes.
        case quoted
        /// A string literal, a number, a parameter or a blob.
        case literal
        /// Operators, punctuation, and characters SQLite cannot read.
        case punctuation
    }
    var kind: Kind
    /// The token's text (for ``Kind/quoted`` and strings, without the quotes).
    var text: String
    /// Where the token starts in the input (a UTF-8 offset).
    var start: Int
    /// Where the token ends in the input (a UTF-8 offset, past its closing quote).
    var end: Int
    /// Whether the token runs to the end of the input unterminated (an open quote).
    var isOpen = false

    /// The upper-cased text of a bare word, for keyword comparisons.
    var keyword: String? { kind == .word ? asciiUppercased(text) : nil }

    /// The tokens of `text`, whitespace and comments left out. `endsInComment` tells whether
    /// the text ends inside a comment (nothing to complete there).
    static func tokens(of text: String) -> (tokens: [CompletionToken], endsInComment: Bool) {
        var text = text
        return text.withUTF8 { bytes in
            var tokens: [CompletionToken] = []
            for token in SQLTokenizer(bytes) {
                let kind: Kind
                var value: String
                switch token.kind {
                case .whitespace:
                    continue
                case .comment:
                    if token.isUnterminated { return (tokens, true) }
                    continue
                case .illegal where bytes[token.start] == 0x0B:
                    continue  // a vertical tab: space here
                case .keyword, .identifier:
                    kind = .word
                    value = token.text(in: bytes)
                case .quotedIdentifier:
                    kind = .quoted
                    value = String(decoding: token.unquoted(in: bytes), as: UTF8.self)
                case .string:
                    kind = .literal
                    value = String(decoding: token.unquoted(in: bytes), as: UTF8.self)
                case .number, .parameter, .blob:
                    kind = .literal
                    value = token.text(in: bytes)
                case .operator, .illegal:
                    kind = .punctuation
                    value = token.text(in: bytes)
                }
                tokens.append(CompletionToken(kind: kind, text: value, start: token.start, end: token.end,
                                              isOpen: token.isUnterminated))
            }
            return (tokens, false)
        }
    }
}

/// ASCII upper case (SQL keywords are ASCII; identifiers keep their other characters).
func asciiUppercased(_ s: String) -> String {
    String(decoding: s.utf8.map { ($0 >= 97 && $0 <= 122) ? $0 - 32 : $0 }, as: UTF8.self)
}

/// ASCII lower case.
func asciiLowercased(_ s: String) -> String {
    String(decoding: s.utf8.map { ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }, as: UTF8.self)
}

/// Whether `name` starts with `prefix`, ignoring ASCII case.
func hasPrefixIgnoringCase(_ name: String, _ prefix: String) -> Bool {
    let n = Array(name.utf8), p = Array(prefix.utf8)
    guard p.count <= n.count else { return false }
    for k in 0..<p.count {
        var a = n[k], b = p[k]
        if a >= 65 && a <= 90 { a += 32 }
        if b >= 65 && b <= 90 { b += 32 }
        if a != b { return false }
    }
    return true
}
