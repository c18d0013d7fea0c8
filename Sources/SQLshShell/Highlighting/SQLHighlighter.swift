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
    /// functions and schema names apart.
    public static func highlight(_ text: [Unicode.Scalar], names: HighlightNames) -> SQLHighlight {
        var result = SQLHighlight()
        let n = text.count
        var i = 0
        var statementStarted = false
        var atLineStart = true
        var openBrackets: [Int] = []
        /// The previous word or punctuation outside comments (upper-cased words), for context.
        var previous = ""
        /// The bracket depth of a `WITH` whose list of common table expressions is still open:
        /// there `, name (` names the next one rather than calling a function.
        var cteListDepth: Int?

        func add(_ start: Int, _ end: Int, _ kind: HighlightKind) {
            guard kind != .plain, end > start else { return }
            result.spans.append(HighlightSpan(start: start, end: end, kind: kind))
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" }

        while i < n {
            let c = text[i]
            if c == "\n" { i += 1; atLineStart = true; continue }
            if isSpace(c) { i += 1; continue }
            let lineStart = atLineStart
            atLineStart = false
            // A dot-command or a `#` comment: a line of its own between statements.
            if lineStart && !statementStarted && (c == "." || c == "#") && (i == 0 || text[i - 1] == "\n") {
                var end = i
                while end < n && text[end] != "\n" { end += 1 }
                if c == "#" {
                    add(i, end, .comment)
                } else {
                    dotLine(text, from: i, to: end, names: names, into: &result)
                }
                i = end
                continue
            }
            let start = i
            // Comments.
            if c == "-" && i + 1 < n && text[i + 1] == "-" {
                while i < n && text[i] != "\n" { i += 1 }
                add(start, i, .comment)
                continue
            }
            if c == "/" && i + 1 < n && text[i + 1] == "*" {
                i += 2
                while i < n && !(text[i] == "*" && i + 1 < n && text[i + 1] == "/") { i += 1 }
                i = min(n, i + 2)
                add(start, i, .comment)
                continue
            }
            statementStarted = true
            // Strings, quoted names, blobs.
            if c == "'" || c == "\"" || c == "`" || c == "[" || ((c == "x" || c == "X") && i + 1 < n && text[i + 1] == "'") {
                let isBlob = c == "x" || c == "X"
                if isBlob { i += 1 }
                let open = text[i]
                let close: Unicode.Scalar = open == "[" ? "]" : open
                i += 1
                var closed = false
                while i < n {
                    if text[i] == close {
                        if close != "]" && i + 1 < n && text[i + 1] == close { i += 2; continue }
                        closed = true
                        i += 1
                        break
                    }
                    i += 1
                }
                if !closed {
                    add(start, i, .unterminatedString)
                } else if open == "'" {
                    add(start, i, .string)
                } else {
                    let name = String(String.UnicodeScalarView(text[(start + 1)..<(i - 1)]))
                    add(start, i, names.identifiers.contains(asciiLowercased(name)) ? .identifier : .plain)
                }
                previous = "'"
                continue
            }
            // Numbers.
            if isDigit(c) || (c == "." && i + 1 < n && isDigit(text[i + 1])) {
                if c == "0" && i + 1 < n && (text[i + 1] == "x" || text[i + 1] == "X") {
                    i += 2
                    while i < n && isHexDigit(text[i]) { i += 1 }
                } else {
                    while i < n && isDigit(text[i]) { i += 1 }
                    if i < n && text[i] == "." { i += 1; while i < n && isDigit(text[i]) { i += 1 } }
                    if i < n && (text[i] == "e" || text[i] == "E") {
                        var j = i + 1
                        if j < n && (text[j] == "+" || text[j] == "-") { j += 1 }
                        if j < n && isDigit(text[j]) {
                            i = j
                            while i < n && isDigit(text[i]) { i += 1 }
                        }
                    }
                }
                // `12abc` is not a number: drawn plain.
                if i < n && isIdentifierPart(text[i]) {
                    while i < n && isIdentifierPart(text[i]) { i += 1 }
                    previous = "1"
                    continue
                }
                add(start, i, .number)
                previous = "1"
                continue
            }
            // Parameters.
            if c == "?" || c == ":" || c == "@" || c == "$" {
                i += 1
                while i < n && isIdentifierPart(text[i]) { i += 1 }
                if c == "?" || i - start > 1 { add(start, i, .parameter) }
                previous = "?"
                continue
            }
            // Words: keywords, functions, names.
            if isIdentifierStart(c) {
                while i < n && isIdentifierPart(text[i]) { i += 1 }
                let word = String(String.UnicodeScalarView(text[start..<i]))
                let upper = asciiUppercased(word)
                var j = i
                while j < n && (isSpace(text[j]) || text[j] == "\n") { j += 1 }
                let called = j < n && text[j] == "("
                let lower = asciiLowercased(word)
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
                add(start, i, kind)
                if previous != "." {
                    if upper == "WITH" {
                        cteListDepth = openBrackets.count
                    } else if cteListDepth == openBrackets.count && cteListEnders.contains(upper) {
                        cteListDepth = nil
                    }
                }
                previous = upper
                continue
            }
            // Punctuation.
            i += 1
            switch c {
            case "(":
                openBrackets.append(start)
            case ")":
                if let open = openBrackets.popLast() {
                    result.bracketPartners[open] = start
                    result.bracketPartners[start] = open
                }
            case ";":
                statementStarted = false
                openBrackets.removeAll()
                cteListDepth = nil
            default:
                break
            }
            previous = String(c)
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
    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }
    private static func isHexDigit(_ c: Unicode.Scalar) -> Bool {
        isDigit(c) || (c.value >= 65 && c.value <= 70) || (c.value >= 97 && c.value <= 102)
    }
    private static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 65 && c.value <= 90) || (c.value >= 97 && c.value <= 122) || c == "_" || c.value >= 0x80
    }
    private static func isIdentifierPart(_ c: Unicode.Scalar) -> Bool {
        isIdentifierStart(c) || isDigit(c) || c == "$"
    }
}
