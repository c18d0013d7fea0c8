/// A forgiving SQL tokenizer for completion: it reads the text before the cursor, which is
/// usually an unfinished statement, and never fails.
struct CompletionToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a keyword or an identifier.
        case word
        /// A quoted identifier (`"x"`, `[x]`, `` `x` ``); ``text`` is the name without quotes.
        case quoted
        /// A string literal, a number, a parameter or a blob.
        case literal
        /// Punctuation and operators, one token per character.
        case punctuation
    }
    var kind: Kind
    /// The token's text (for ``Kind/quoted``, the name without its quotes).
    var text: String
    /// Where the token starts in the input (a UTF-8 offset).
    var start: Int
    /// Where the token ends in the input (a UTF-8 offset, past its closing quote).
    var end: Int
    /// Whether the token runs to the end of the input unterminated (an open quote).
    var isOpen = false

    /// The upper-cased text of a bare word, for keyword comparisons.
    var keyword: String? { kind == .word ? asciiUppercased(text) : nil }
}

enum CompletionTokenizer {
    /// Splits `text` into tokens, skipping whitespace and comments. `endsInComment` tells
    /// whether the text ends inside a comment (nothing to complete there).
    static func tokens(_ text: String) -> (tokens: [CompletionToken], endsInComment: Bool) {
        let b = Array(text.utf8)
        var tokens: [CompletionToken] = []
        var i = 0
        func string(_ from: Int, _ to: Int) -> String { String(decoding: b[from..<to], as: UTF8.self) }
        while i < b.count {
            let c = b[i]
            if c == 32 || (c >= 9 && c <= 13) { i += 1; continue }
            if c == UInt8(ascii: "-") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "-") {
                while i < b.count && b[i] != 10 { i += 1 }
                if i == b.count { return (tokens, true) }
                continue
            }
            if c == UInt8(ascii: "/") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < b.count && !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                if i + 1 >= b.count { return (tokens, true) }
                i += 2
                continue
            }
            let start = i
            if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`") || c == UInt8(ascii: "[") {
                let close = c == UInt8(ascii: "[") ? UInt8(ascii: "]") : c
                var value: [UInt8] = []
                i += 1
                var closed = false
                while i < b.count {
                    if b[i] == close {
                        if close != UInt8(ascii: "]") && i + 1 < b.count && b[i + 1] == close {
                            value.append(close); i += 2; continue
                        }
                        closed = true; i += 1; break
                    }
                    value.append(b[i]); i += 1
                }
                let kind: CompletionToken.Kind = c == UInt8(ascii: "'") ? .literal : .quoted
                tokens.append(CompletionToken(kind: kind, text: String(decoding: value, as: UTF8.self),
                                              start: start, end: i, isOpen: !closed))
                continue
            }
            if isIdentifierStart(c) {
                while i < b.count && isIdentifierPart(b[i]) { i += 1 }
                // x'00' blob literals
                if i - start == 1 && (c | 0x20) == UInt8(ascii: "x") && i < b.count && b[i] == UInt8(ascii: "'") {
                    i += 1
                    while i < b.count && b[i] != UInt8(ascii: "'") { i += 1 }
                    let open = i == b.count
                    if !open { i += 1 }
                    tokens.append(CompletionToken(kind: .literal, text: string(start, i), start: start, end: i, isOpen: open))
                    continue
                }
                tokens.append(CompletionToken(kind: .word, text: string(start, i), start: start, end: i))
                continue
            }
            if (c >= 48 && c <= 57) || c == UInt8(ascii: "?") || c == UInt8(ascii: ":")
                || c == UInt8(ascii: "@") || c == UInt8(ascii: "$") {
                i += 1
                while i < b.count && isIdentifierPart(b[i]) { i += 1 }
                if (c >= 48 && c <= 57) && i < b.count && b[i] == UInt8(ascii: ".") {
                    i += 1
                    while i < b.count && isIdentifierPart(b[i]) { i += 1 }
                }
                tokens.append(CompletionToken(kind: .literal, text: string(start, i), start: start, end: i))
                continue
            }
            i += 1
            tokens.append(CompletionToken(kind: .punctuation, text: string(start, i), start: start, end: i))
        }
        return (tokens, false)
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80
    }

    static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 48 && c <= 57) || c == UInt8(ascii: "$")
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
