internal import CSQLite

/// SQL text split into tokens as SQLite's tokenizer (`sqlite3GetToken`, 3.40) splits it: every
/// byte of the text belongs to exactly one ``SQLToken``, whitespace and comments included, so
/// the tokens' texts put together give the text back. Never fails, never traps: unfinished
/// text (a quote or comment still open) gives tokens flagged ``SQLToken/isUnterminated``, and
/// what SQLite cannot read gives ``SQLToken/Kind/illegal`` tokens (or flagged
/// ``SQLToken/isMalformed`` ones).
///
/// A struct iterator over a borrowed buffer: reading a token allocates nothing. The buffer must
/// outlive the tokenizer (use it inside `withUTF8` or `withUnsafeBufferPointer`).
///
/// ```swift
/// var sql = "select x'00', \"a\"\"b\" -- note"
/// sql.withUTF8 { bytes in
///     for token in SQLTokenizer(bytes) where !token.isTrivia {
///         print(token.kind, token.text(in: bytes))
///     }
///     // keyword select, blob x'00', operator ,, quotedIdentifier "a""b"
/// }
/// ```
///
/// Differences from SQLite, which reads C strings: a NUL byte is an ``SQLToken/Kind/illegal``
/// token of its own rather than the end of the text (inside a quote or a comment it is part of
/// it), and a `/*` at the very end of the text is an unterminated comment (SQLite reads `/`
/// and `*` there).
public struct SQLTokenizer: IteratorProtocol, Sequence {
    /// The UTF-8 text being read.
    public let text: UnsafeBufferPointer<UInt8>
    /// The offset of the next token's first byte; may be set to go on from elsewhere (an
    /// offset past the end gives no more tokens).
    public var position: Int
    /// Whether bare words are looked up in SQLite's keyword list; when not, every bare word is
    /// an ``SQLToken/Kind/identifier``.
    public let recognizesKeywords: Bool

    /// A tokenizer of `text` starting at `position`. A reader that looks for names only (and
    /// takes keywords for names too) passes `recognizesKeywords: false` and saves a lookup per
    /// word.
    public init(_ text: UnsafeBufferPointer<UInt8>, from position: Int = 0, recognizesKeywords: Bool = true) {
        self.text = text
        self.position = position
        self.recognizesKeywords = recognizesKeywords
    }

    /// The next token, whitespace and comments included; nil at the end of the text.
    public mutating func next() -> SQLToken? {
        let n = text.count
        let start = position
        guard start >= 0, start < n else { return nil }
        let c = text[start]
        var i = start + 1
        var kind = SQLToken.Kind.operator
        var unterminated = false
        var malformed = false
        switch c {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
            while i < n && Self.isSpace(text[i]) { i += 1 }
            kind = .whitespace
        case UInt8(ascii: "-"):
            if byte(i) == UInt8(ascii: "-") {
                while i < n && text[i] != 0x0A { i += 1 }
                kind = .comment
                unterminated = i == n
            } else if byte(i) == UInt8(ascii: ">") {
                i += byte(i + 1) == UInt8(ascii: ">") ? 2 : 1
            }
        case UInt8(ascii: "/"):
            if byte(i) == UInt8(ascii: "*") {
                kind = .comment
                i += 1
                while i < n && !(text[i] == UInt8(ascii: "/") && text[i - 1] == UInt8(ascii: "*") && i > start + 2) { i += 1 }
                if i < n { i += 1 } else { unterminated = true }
            }
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ";"), UInt8(ascii: "+"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: ","), UInt8(ascii: "&"), UInt8(ascii: "~"):
            break
        case UInt8(ascii: "="):
            if byte(i) == UInt8(ascii: "=") { i += 1 }
        case UInt8(ascii: "<"):
            let d = byte(i)
            if d == UInt8(ascii: "=") || d == UInt8(ascii: ">") || d == UInt8(ascii: "<") { i += 1 }
        case UInt8(ascii: ">"):
            let d = byte(i)
            if d == UInt8(ascii: "=") || d == UInt8(ascii: ">") { i += 1 }
        case UInt8(ascii: "!"):
            if byte(i) == UInt8(ascii: "=") { i += 1 } else { kind = .illegal }
        case UInt8(ascii: "|"):
            if byte(i) == UInt8(ascii: "|") { i += 1 }
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
            kind = c == UInt8(ascii: "'") ? .string : .quotedIdentifier
            (i, unterminated) = quotedEnd(from: i, quote: c)
        case UInt8(ascii: "["):
            kind = .quotedIdentifier
            while i < n && text[i] != UInt8(ascii: "]") { i += 1 }
            if i < n { i += 1 } else { unterminated = true }
        case UInt8(ascii: "."):
            if Self.isDigit(byte(i)) { (i, malformed) = numberEnd(from: start); kind = .number }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            (i, malformed) = numberEnd(from: start)
            kind = .number
        case UInt8(ascii: "?"):
            while i < n && Self.isDigit(text[i]) { i += 1 }
            kind = .parameter
        case UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "#"):
            (i, kind, unterminated, malformed) = namedParameterEnd(from: start)
        case UInt8(ascii: "x"), UInt8(ascii: "X"):
            if byte(i) == UInt8(ascii: "'") {
                kind = .blob
                i += 1
                while i < n && Self.isHexDigit(text[i]) { i += 1 }
                if i >= n || text[i] != UInt8(ascii: "'") || (i - start) % 2 != 0 {
                    malformed = true
                    while i < n && text[i] != UInt8(ascii: "'") { i += 1 }
                }
                if i < n { i += 1 } else { unterminated = true; malformed = false }
            } else {
                while i < n && Self.isIdentifierByte(text[i]) { i += 1 }
                kind = .identifier
            }
        default:
            if Self.isIdentifierStart(c) {
                while i < n && Self.isIdentifierByte(text[i]) { i += 1 }
                kind = recognizesKeywords && isKeyword(start, i) ? .keyword : .identifier
            } else {
                kind = .illegal
            }
        }
        position = i
        return SQLToken(kind: kind, start: start, end: i, isUnterminated: unterminated, isMalformed: malformed)
    }

    /// The next token that is neither whitespace nor a comment; nil at the end of the text.
    public mutating func nextSignificant() -> SQLToken? {
        while let token = next() {
            if !token.isTrivia { return token }
        }
        return nil
    }

    // MARK: Pieces

    /// The byte at `i`, 0 past the end.
    private func byte(_ i: Int) -> UInt8 { i < text.count ? text[i] : 0 }

    /// After the closing quote of a quoted token whose text starts at `from` (a doubled quote
    /// stands for itself); the end of the text, unterminated, when it is not closed.
    private func quotedEnd(from: Int, quote: UInt8) -> (Int, Bool) {
        var i = from
        let n = text.count
        while i < n {
            if text[i] == quote {
                if i + 1 < n && text[i + 1] == quote { i += 2; continue }
                return (i + 1, false)
            }
            i += 1
        }
        return (n, true)
    }

    /// The end of a number starting at `start` (a digit, or `.` and a digit), and whether
    /// identifier bytes stuck to it make it illegal.
    private func numberEnd(from start: Int) -> (Int, Bool) {
        let n = text.count
        var i = start
        if text[i] == UInt8(ascii: "0") && (byte(i + 1) | 0x20) == UInt8(ascii: "x") && Self.isHexDigit(byte(i + 2)) {
            i += 3
            while i < n && Self.isHexDigit(text[i]) { i += 1 }
        } else {
            while i < n && Self.isDigit(text[i]) { i += 1 }
            if i < n && text[i] == UInt8(ascii: ".") {
                i += 1
                while i < n && Self.isDigit(text[i]) { i += 1 }
            }
            if i < n && (text[i] | 0x20) == UInt8(ascii: "e") {
                let d = byte(i + 1)
                if Self.isDigit(d) || ((d == UInt8(ascii: "+") || d == UInt8(ascii: "-")) && Self.isDigit(byte(i + 2))) {
                    i += 2
                    while i < n && Self.isDigit(text[i]) { i += 1 }
                }
            }
        }
        var malformed = false
        while i < n && Self.isIdentifierByte(text[i]) { i += 1; malformed = true }
        return (i, malformed)
    }

    /// A parameter starting with `$`, `@`, `:` or `#` at `start`: its end and class (illegal
    /// without a name), as SQLite reads Tcl's `$a::b(c)` too.
    private func namedParameterEnd(from start: Int) -> (Int, SQLToken.Kind, Bool, Bool) {
        let n = text.count
        var i = start + 1
        var nameBytes = 0
        while i < n {
            let c = text[i]
            if Self.isIdentifierByte(c) {
                nameBytes += 1
                i += 1
            } else if c == UInt8(ascii: "(") && nameBytes > 0 {
                i += 1
                // SQLite's `sqlite3Isspace` here, which takes a vertical tab for space too.
                while i < n && text[i] != UInt8(ascii: ")") && !Self.isSpace(text[i]) && text[i] != 0x0B { i += 1 }
                if i < n && text[i] == UInt8(ascii: ")") { return (i + 1, .parameter, false, false) }
                return (i, .parameter, i == n, i < n)
            } else if c == UInt8(ascii: ":") && byte(i + 1) == UInt8(ascii: ":") {
                i += 2
            } else {
                break
            }
        }
        return (i, nameBytes > 0 ? .parameter : .illegal, false, false)
    }

    /// Whether `text[start..<end]`, a bare word, is one of SQLite's keywords.
    private func isKeyword(_ start: Int, _ end: Int) -> Bool {
        // SQLite's keywords have 2 to 17 letters (AS ... CURRENT_TIMESTAMP).
        let count = end - start
        guard count >= 2, count <= 17, let base = text.baseAddress else { return false }
        return UnsafeRawPointer(base + start).withMemoryRebound(to: CChar.self, capacity: count) {
            sqlite3_keyword_check($0, Int32(count)) != 0
        }
    }

    // MARK: Bytes

    /// Whether `c` is SQLite's whitespace: space, tab, line feed, form feed, carriage return.
    @inlinable public static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0x0C
    }

    /// Whether `c` is an ASCII digit.
    @inlinable public static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    /// Whether `c` is an ASCII hex digit.
    @inlinable public static func isHexDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 || (c | 0x20) &- 0x61 < 6 }

    /// Whether `c` can start a bare word: an ASCII letter, `_`, or any byte from 0x80 up.
    @inlinable public static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c | 0x20) &- 0x61 < 26 || c == 0x5F || c >= 0x80
    }

    /// Whether `c` can be part of a bare word (SQLite's `IdChar`): ASCII letters and digits,
    /// `_`, `$`, and any byte from 0x80 up.
    @inlinable public static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || c &- 0x30 < 10 || c == 0x24
    }

    /// `c` in ASCII lower case.
    @inlinable public static func asciiLowercased(_ c: UInt8) -> UInt8 { c &- 0x41 < 26 ? c | 0x20 : c }

    /// `c` in ASCII upper case.
    @inlinable public static func asciiUppercased(_ c: UInt8) -> UInt8 { c &- 0x61 < 26 ? c & 0xDF : c }
}
