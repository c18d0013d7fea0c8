/// One token of SQL text, as ``SQLTokenizer`` reads it: its class and its byte range in the
/// UTF-8 text it was read from. The token holds no text: read it from the buffer with
/// ``text(in:)`` or ``unquoted(in:)``.
///
/// ```swift
/// var sql = "select [a b] from t"
/// sql.withUTF8 { bytes in
///     var tokens = SQLTokenizer(bytes)
///     _ = tokens.nextSignificant()                  // keyword `select`
///     let name = tokens.nextSignificant()!          // quotedIdentifier, 7..<12
///     String(decoding: name.unquoted(in: bytes), as: UTF8.self)   // "a b"
/// }
/// ```
public struct SQLToken: Equatable, Sendable {
    /// SQLite's classes of tokens.
    public enum Kind: UInt8, Equatable, Sendable, CaseIterable {
        /// Spaces, tabs, line feeds, form feeds and carriage returns (not vertical tabs,
        /// which SQLite does not take for space: they are ``illegal``).
        case whitespace
        /// `-- ...` up to (not including) the line end, or `/* ... */`.
        case comment
        /// A bare word on SQLite's keyword list (`sqlite3_keyword_check`), any case.
        case keyword
        /// A bare word that is no keyword: ASCII letters, digits, `_`, `$` and every byte from
        /// 0x80 up (so any UTF-8 character, and any byte of invalid UTF-8), not starting with a
        /// digit or `$`.
        case identifier
        /// `"name"`, `` `name` `` (a doubled quote stands for one) or `[name]` (no escapes).
        case quotedIdentifier
        /// `'text'` (`''` stands for `'`).
        case string
        /// `x'00ff'` or `X'...'`.
        case blob
        /// `42`, `1.5`, `.5`, `1e10`, `2.5E-3`, `0xFF`.
        case number
        /// `?`, `?NNN`, `:name`, `@name`, `$name`, `#name` and Tcl's `$a::b(c)`.
        case parameter
        /// Punctuation and operators: `( ) , ; . + - * / % & ~ | || = == < <= <> << > >= >> != -> ->>`.
        case `operator`
        /// What SQLite cannot read: a lone `!`, `:`, `@`, `$` or `#`, a NUL byte, a vertical
        /// tab, and `{ } [ ] ^ \` and other characters outside SQL.
        case illegal
    }

    /// The token's class.
    public var kind: Kind
    /// The offset of the token's first byte in the text.
    public var start: Int
    /// The offset just past the token's last byte.
    public var end: Int
    /// Whether the text ends inside the token: an open quote (`'abc`, `"ab`, `[ab`, `x'00`),
    /// an open `/*` comment, a `--` comment with no line end after it, or a Tcl parameter's
    /// open parenthesis (`$a(b`). The token runs to the end of the text.
    public var isUnterminated: Bool
    /// Whether SQLite would read the token as illegal although its shape is clear: a number
    /// with letters stuck to it (`12abc`, `0x`, `1e`), a blob with an odd number of digits or
    /// a non-hex one (`x'abc'`), a Tcl parameter whose parenthesis holds a space (`$a(b c)`).
    public var isMalformed: Bool

    /// A token of `kind` over `start..<end`.
    public init(kind: Kind, start: Int, end: Int, isUnterminated: Bool = false, isMalformed: Bool = false) {
        self.kind = kind
        self.start = start
        self.end = end
        self.isUnterminated = isUnterminated
        self.isMalformed = isMalformed
    }

    /// The token's bytes: `start..<end`.
    @inlinable public var range: Range<Int> { start..<end }

    /// Whether the token is whitespace or a comment: nothing to SQLite's parser.
    @inlinable public var isTrivia: Bool { kind == .whitespace || kind == .comment }

    /// Whether the token is a bare word: a keyword or an identifier.
    @inlinable public var isWord: Bool { kind == .keyword || kind == .identifier }

    /// The token's text in `bytes` (the buffer it was read from), decoded as UTF-8 (invalid
    /// bytes become U+FFFD).
    public func text(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped(bytes.count)]), as: UTF8.self)
    }

    /// The token's text in ASCII lower case (other characters as they are), for comparing a
    /// word with keywords or names: `FROM` → `from`.
    public func lowercasedText(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let range = clamped(bytes.count)
        return String(unsafeUninitializedCapacity: range.count) { out in
            var k = 0
            for i in range { out[k] = SQLTokenizer.asciiLowercased(bytes[i]); k += 1 }
            return k
        }
    }

    /// The token's text in ASCII upper case (other characters as they are): `from` → `FROM`.
    public func uppercasedText(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let range = clamped(bytes.count)
        return String(unsafeUninitializedCapacity: range.count) { out in
            var k = 0
            for i in range { out[k] = SQLTokenizer.asciiUppercased(bytes[i]); k += 1 }
            return k
        }
    }

    /// Whether the token's bytes are `word`, ASCII case ignored (`word` should be ASCII).
    ///
    /// ```swift
    /// token.matches("from", in: bytes)   // true for FROM, From, from
    /// ```
    public func matches(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = clamped(bytes.count)
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { word in
            var k = 0
            for i in range {
                if SQLTokenizer.asciiLowercased(bytes[i]) != SQLTokenizer.asciiLowercased(word[k]) { return false }
                k += 1
            }
            return true
        }
    }

    /// Whether the token is the operator `op` (`"("`, `"||"`).
    public func isOperator(_ op: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kind == .operator && matches(op, in: bytes)
    }

    /// The name or text inside a quoted token, its quotes removed and a doubled quote undone
    /// (`"a""b"` → `a"b`; `[a]]` → `a`; `'it''s'` → `it's`); for an unterminated token, all
    /// that follows the opening quote. Other tokens: their bytes as they are.
    public func unquoted(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let range = clamped(bytes.count)
        guard kind == .quotedIdentifier || kind == .string, !range.isEmpty else { return Array(bytes[range]) }
        let open = bytes[range.lowerBound]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
        let end = isUnterminated ? range.upperBound : max(range.lowerBound + 1, range.upperBound - 1)
        var result: [UInt8] = []
        result.reserveCapacity(end - range.lowerBound)
        var i = range.lowerBound + 1
        while i < end {
            let c = bytes[i]
            result.append(c)
            if c == close && open != UInt8(ascii: "[") && i + 1 < end && bytes[i + 1] == close { i += 2 } else { i += 1 }
        }
        return result
    }

    /// The token's range cut to a buffer of `count` bytes (a token from another buffer reads
    /// nothing past its end).
    private func clamped(_ count: Int) -> Range<Int> {
        let lower = Swift.min(Swift.max(start, 0), count)
        return lower..<Swift.min(Swift.max(end, lower), count)
    }
}
