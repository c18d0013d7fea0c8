import SQLshCore

/// Colours for the line being typed: SQL (and dot-command lines) split into spans of
/// ``HighlightKind``, and the pairs of brackets that match. Pure and forgiving: any text,
/// finished or not, valid UTF-8 or not, gives spans; nothing throws or traps.
public struct SQLHighlight: Sendable {
    /// The spans of text other than ``HighlightKind/plain``, in order, not overlapping.
    public var spans: [HighlightSpan] = []
    /// For each bracket outside strings and comments that has a partner, the partner's
    /// offset (Unicode scalars), both ways.
    public var bracketPartners: [Int: Int] = [:]

    /// The offset of the bracket matching the one at `cursor`, else the one just before it
    /// (the cursor just after a `)`), or nil.
    public func partner(near cursor: Int) -> Int? {
        bracketPartners[cursor] ?? bracketPartners[cursor - 1]
    }
}

public enum SQLHighlighter {
    /// Keywords after which `name (` names a table, a module or a common table expression
    /// rather than calling a function.
    private static let tableIntroducers: Set<String> = [
        "TABLE", "INTO", "REFERENCES", "ON", "VIEW", "INDEX", "TRIGGER", "EXISTS", "KEY", "USING", "WITH",
        "RECURSIVE", "UPDATE", "FROM", "JOIN", "AS", "PRAGMA",
    ]

    /// Keywords that end a `WITH` clause's list of common table expressions at its depth.
    private static let cteListEnders: Set<String> = ["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"]

    /// Splits `text` (Unicode scalars) into highlight spans with `names` telling keywords,
    /// functions and schema names apart. The SQL is read by ``SQLTokenizer`` over the text's
    /// UTF-8; spans and brackets are given in Unicode scalars.
    public static func highlight(_ text: [Unicode.Scalar], names: HighlightNames) -> SQLHighlight {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        for scalar in text {
            if scalar.value < 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        return bytes.withUnsafeBufferPointer { highlight(text, utf8: $0, names: names) }
    }

    private static func highlight(_ text: [Unicode.Scalar], utf8 bytes: UnsafeBufferPointer<UInt8>,
                                  names: HighlightNames) -> SQLHighlight {
        var result = SQLHighlight()
        let n = bytes.count
        var tokens = SQLTokenizer(bytes)
        var offsets = ScalarOffsets(bytes)
        var statementStarted = false
        /// The offsets (Unicode scalars) of the `(` not closed yet.
        var openBrackets: [Int] = []
        /// The previous word or punctuation outside comments (upper-cased words), for context.
        var previous = ""
        /// The bracket depth of a `WITH` whose list of common table expressions is still open:
        /// there `, name (` names the next one rather than calling a function.
        var cteListDepth: Int?

        /// A span over the bytes `start..<end`.
        func add(_ start: Int, _ end: Int, _ kind: HighlightKind) {
            guard kind != .plain, end > start else { return }
            let from = offsets.scalar(at: start)
            result.spans.append(HighlightSpan(start: from, end: offsets.scalar(at: end), kind: kind))
        }

        while let token = tokens.next() {
            let start = token.start
            let c = bytes[start]
            // Spaces, and the vertical tab SQLite does not take for one.
            if token.kind == .whitespace || (token.kind == .illegal && c == 0x0B) { continue }
            // A dot-command or a `#` comment: a line of its own between statements.
            if !statementStarted && (c == UInt8(ascii: ".") || c == UInt8(ascii: "#"))
                && (start == 0 || bytes[start - 1] == 0x0A) {
                var end = start
                while end < n && bytes[end] != 0x0A { end += 1 }
                if c == UInt8(ascii: "#") {
                    add(start, end, .comment)
                } else {
                    let from = offsets.scalar(at: start)
                    dotLine(text, from: from, to: offsets.scalar(at: end), names: names, into: &result)
                }
                tokens.position = end
                continue
            }
            switch token.kind {
            case .comment:
                add(start, token.end, .comment)
                continue
            case .whitespace:
                continue
            default:
                statementStarted = true
            }
            switch token.kind {
            case .string, .blob, .quotedIdentifier:
                if token.isUnterminated {
                    add(start, token.end, .unterminatedString)
                } else if token.kind != .quotedIdentifier {
                    add(start, token.end, .string)
                } else {
                    let name = SQLToken(kind: .identifier, start: start + 1, end: token.end - 1).lowercasedText(in: bytes)
                    add(start, token.end, names.identifiers.contains(name) ? .identifier : .plain)
                }
                previous = "'"
            case .number:
                // `12abc` is not a number: drawn plain. `0x`, a hex number being typed, is.
                if !token.isMalformed || (token.end - start == 2 && c == UInt8(ascii: "0")
                                          && (bytes[start + 1] | 0x20) == UInt8(ascii: "x")) {
                    add(start, token.end, .number)
                }
                previous = "1"
            case .parameter:
                add(start, token.end, .parameter)
                previous = "?"
            case .keyword, .identifier:
                // Words: keywords, functions, names.
                let upper = token.uppercasedText(in: bytes)
                let lower = token.lowercasedText(in: bytes)
                var j = token.end
                while j < n && (SQLTokenizer.isSpace(bytes[j]) || bytes[j] == 0x0B) { j += 1 }
                let called = j < n && bytes[j] == UInt8(ascii: "(")
                let kind: HighlightKind
                if called && names.functions.contains(lower) && !(previous == "." ) {
                    kind = .function
                } else if names.keywords.contains(upper) && previous != "." {
                    kind = .keyword
                } else if names.identifiers.contains(lower) {
                    kind = .identifier
                } else if called && previous != "." && !tableIntroducers.contains(previous)
                            && !(previous == "," && cteListDepth == openBrackets.count) {
                    kind = .unknownFunction
                } else {
                    kind = .plain
                }
                add(start, token.end, kind)
                if previous != "." {
                    if upper == "WITH" {
                        cteListDepth = openBrackets.count
                    } else if cteListDepth == openBrackets.count && cteListEnders.contains(upper) {
                        cteListDepth = nil
                    }
                }
                previous = upper
            case .operator, .illegal, .whitespace, .comment:
                // Punctuation; a `:`, `@` or `$` without a name is an unfinished parameter.
                switch c {
                case UInt8(ascii: "("):
                    openBrackets.append(offsets.scalar(at: start))
                case UInt8(ascii: ")"):
                    let close = offsets.scalar(at: start)
                    if let open = openBrackets.popLast() {
                        result.bracketPartners[open] = close
                        result.bracketPartners[close] = open
                    }
                case UInt8(ascii: ";"):
                    statementStarted = false
                    openBrackets.removeAll()
                    cteListDepth = nil
                default:
                    break
                }
                if token.kind == .illegal && (c == UInt8(ascii: ":") || c == UInt8(ascii: "@") || c == UInt8(ascii: "$")) {
                    previous = "?"
                } else {
                    previous = token.text(in: bytes)
                }
            }
        }
        return result
    }

    /// A dot-command line from `start` to `end`: the name, then its arguments (quoted ones
    /// as strings, an unclosed quote to the end of the line as unterminated).
    private static func dotLine(_ text: [Unicode.Scalar], from start: Int, to end: Int, names: HighlightNames,
                                into result: inout SQLHighlight) {
        var i = start + 1
        while i < end && !isBlank(text[i]) { i += 1 }
        let name = String(String.UnicodeScalarView(text[(start + 1)..<i]))
        let known = names.isDotCommand(name)
        result.spans.append(HighlightSpan(start: start, end: i, kind: known ? .dotCommand : .unknownDotCommand))
        while i < end {
            while i < end && isBlank(text[i]) { i += 1 }
            guard i < end else { break }
            let argument = i
            if text[i] == "'" || text[i] == "\"" {
                let quote = text[i]
                i += 1
                var closed = false
                while i < end {
                    if quote == "\"" && text[i] == "\\" { i = min(end, i + 2); continue }
                    if text[i] == quote { closed = true; i += 1; break }
                    i += 1
                }
                result.spans.append(HighlightSpan(start: argument, end: i, kind: closed ? .string : .unterminatedString))
                continue
            }
            while i < end && !isBlank(text[i]) { i += 1 }
            result.spans.append(HighlightSpan(start: argument, end: i, kind: .dotArgument))
        }
    }

    private static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\r" }
}

/// Unicode scalar offsets of UTF-8 byte offsets, read going forward: each byte is counted once
/// however many offsets are asked for, as long as they do not go back.
private struct ScalarOffsets {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The last byte offset asked for, and its scalar offset.
    var byte = 0
    var scalar = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The scalar offset of the byte offset `offset` (at a scalar's first byte, or the end).
    mutating func scalar(at offset: Int) -> Int {
        if offset < byte {
            byte = 0
            scalar = 0
        }
        let end = min(offset, bytes.count)
        while byte < end {
            // Every byte but a continuation byte starts a scalar.
            if bytes[byte] & 0xC0 != 0x80 { scalar += 1 }
            byte += 1
        }
        return scalar
    }
}
