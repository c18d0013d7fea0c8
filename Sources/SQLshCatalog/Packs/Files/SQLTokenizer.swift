/// One token of SQL text (or of the arguments of a `read_csv(...)` call): its kind and byte
/// range.
struct SQLToken: Equatable {
    enum Kind: Equatable {
        /// A keyword or a bare name.
        case word
        /// `'...'` (`''` inside stands for `'`).
        case string
        /// `"..."`, `` `...` `` or, in SQL, `[...]`.
        case quotedName
        case number
        /// Any other character, or `:=`, `||`, `<=` and the like.
        case punctuation
        /// `?1`, `:name`, `@name`, `$name`.
        case variable
        /// `X'...'`.
        case blob
    }
    var kind: Kind
    var range: Range<Int>
}

/// A tokenizer of SQL as SQLite reads it, enough to find statement ends, FROM clauses and
/// the extent of calls; comments and spaces are skipped. In `arguments` mode `[` and `]` are
/// punctuation (DuckDB's lists) rather than SQLite's bracketed names.
struct SQLTokenizer {
    let text: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ text: UnsafeBufferPointer<UInt8>, from position: Int = 0) {
        self.text = text
        self.position = position
    }

    /// Whether a byte can be part of a name (ASCII letters, digits, `_`, `$`, and every byte
    /// of a multi-byte UTF-8 character).
    @inline(__always) static func isNameByte(_ c: UInt8) -> Bool {
        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    @inline(__always) private func byte(_ i: Int) -> UInt8 { i < text.count ? text[i] : 0 }

    /// The next token, nil at the end of the text (or at a NUL byte).
    mutating func next(arguments: Bool = false) -> SQLToken? {
        skipSpaceAndComments()
        guard position < text.count, text[position] != 0 else { return nil }
        let start = position
        let c = text[position]
        switch c {
        case UInt8(ascii: "'"):
            position = quotedEnd(from: start, quote: c)
            return SQLToken(kind: .string, range: start..<position)
        case UInt8(ascii: "\""), UInt8(ascii: "`"):
            position = quotedEnd(from: start, quote: c)
            return SQLToken(kind: .quotedName, range: start..<position)
        case UInt8(ascii: "[") where !arguments:
            var i = start + 1
            while i < text.count && text[i] != UInt8(ascii: "]") { i += 1 }
            position = min(i + 1, text.count)
            return SQLToken(kind: .quotedName, range: start..<position)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            position = numberEnd(from: start)
            return SQLToken(kind: .number, range: start..<position)
        case UInt8(ascii: ".") where byte(start + 1) >= 0x30 && byte(start + 1) <= 0x39:
            position = numberEnd(from: start)
            return SQLToken(kind: .number, range: start..<position)
        case UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "$"),
             UInt8(ascii: ":") where c != UInt8(ascii: ":") || (byte(start + 1) != UInt8(ascii: "=") && Self.isNameByte(byte(start + 1))):
            position += 1
            while position < text.count && Self.isNameByte(text[position]) { position += 1 }
            if c == UInt8(ascii: "?") || position > start + 1 { return SQLToken(kind: .variable, range: start..<position) }
            return SQLToken(kind: .punctuation, range: start..<position)
        default:
            break
        }
        if (c | 0x20) == UInt8(ascii: "x") && byte(start + 1) == UInt8(ascii: "'") {
            position = quotedEnd(from: start + 1, quote: UInt8(ascii: "'"))
            return SQLToken(kind: .blob, range: start..<position)
        }
        if Self.isNameByte(c) {
            while position < text.count && Self.isNameByte(text[position]) { position += 1 }
            return SQLToken(kind: .word, range: start..<position)
        }
        position += 1
        let pair = (c, byte(position))
        switch pair {
        case (UInt8(ascii: ":"), UInt8(ascii: "=")), (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "<"), UInt8(ascii: "=")),
             (UInt8(ascii: ">"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: ">")), (UInt8(ascii: "!"), UInt8(ascii: "=")),
             (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")):
            position += 1
        case (UInt8(ascii: "-"), UInt8(ascii: ">")):
            position += byte(position + 1) == UInt8(ascii: ">") ? 2 : 1
        default:
            break
        }
        return SQLToken(kind: .punctuation, range: start..<position)
    }

    private mutating func skipSpaceAndComments() {
        while position < text.count {
            let c = text[position]
            if c == 32 || (c >= 9 && c <= 13) {
                position += 1
            } else if c == UInt8(ascii: "-") && byte(position + 1) == UInt8(ascii: "-") {
                while position < text.count && text[position] != 10 { position += 1 }
            } else if c == UInt8(ascii: "/") && byte(position + 1) == UInt8(ascii: "*") {
                position += 2
                while position < text.count && !(text[position] == UInt8(ascii: "*") && byte(position + 1) == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(position + 2, text.count)
            } else {
                return
            }
        }
    }

    /// Past the closing quote of a quoted token starting at `start` (a doubled quote stands
    /// for itself); the end of the text when it is not closed.
    private func quotedEnd(from start: Int, quote: UInt8) -> Int {
        var i = start + 1
        while i < text.count {
            if text[i] == quote {
                if byte(i + 1) == quote { i += 2; continue }
                return i + 1
            }
            i += 1
        }
        return text.count
    }

    private func numberEnd(from start: Int) -> Int {
        var i = start
        if byte(i) == 48 && (byte(i + 1) | 0x20) == UInt8(ascii: "x") {
            i += 2
            while i < text.count && Self.isNameByte(text[i]) { i += 1 }
            return i
        }
        while i < text.count && (Self.isNameByte(text[i]) || text[i] == UInt8(ascii: ".")) {
            if (text[i] | 0x20) == UInt8(ascii: "e") && (byte(i + 1) == UInt8(ascii: "+") || byte(i + 1) == UInt8(ascii: "-")) {
                i += 2
                continue
            }
            i += 1
        }
        return i
    }

    /// The text of a quoted token without its quotes, doubled quotes undone (for `[...]`,
    /// what is between the brackets).
    static func unquoted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        guard range.count >= 2 else { return [] }
        let open = bytes[range.lowerBound]
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open
        var end = range.upperBound
        if bytes[end - 1] == close { end -= 1 }
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

    /// A word's bytes lowercased (ASCII), for comparing with keywords.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
