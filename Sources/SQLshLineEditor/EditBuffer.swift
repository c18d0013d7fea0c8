import SQLshShell

/// The text being edited, as Unicode scalars, and the cursor's offset in it. A statement of
/// several lines is one buffer, its lines split at line breaks.
public struct EditBuffer: Equatable, Sendable {
    /// The text.
    public var text: [Unicode.Scalar]
    /// The cursor: an offset in ``text`` (0 ... count).
    public var cursor: Int

    /// A buffer; the cursor at the end when nil, clamped to the text.
    public init(_ text: [Unicode.Scalar] = [], cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
    }

    /// A buffer of `string`; the cursor (in Unicode scalars) at the end when nil.
    public init(_ string: String, cursor: Int? = nil) {
        self.init(Array(string.unicodeScalars), cursor: cursor)
    }

    /// The text as a string.
    public var string: String { String(String.UnicodeScalarView(text)) }

    /// The text before the cursor.
    public var beforeCursor: String { String(String.UnicodeScalarView(text[..<cursor])) }

    /// The text after the cursor.
    public var afterCursor: String { String(String.UnicodeScalarView(text[cursor...])) }

    /// Whether the cursor is at the end of the buffer.
    public var isAtEnd: Bool { cursor == text.count }

    /// Whether the text holds something but blanks and line breaks.
    public var hasText: Bool { text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\n" }) }

    /// The line `offset` is on (from 0), and where that line starts and ends (before its
    /// line break).
    public func line(of offset: Int) -> (index: Int, start: Int, end: Int) {
        var index = 0, start = 0
        for i in 0..<min(offset, text.count) where text[i] == "\n" {
            index += 1
            start = i + 1
        }
        var end = start
        while end < text.count && text[end] != "\n" { end += 1 }
        return (index, start, end)
    }

    /// The display width of `text[from..<to]`.
    public func columns(from: Int, to: Int) -> Int {
        var width = 0
        for i in from..<to { width += DisplayWidth.of(text[i]) }
        return width
    }

    /// The offset on the line around `offset` nearest to `column` without passing it.
    func offset(atColumn column: Int, onLineOf offset: Int) -> Int {
        let line = line(of: offset)
        var result = line.start, width = 0
        while result < line.end {
            let w = DisplayWidth.of(text[result])
            if width + w > column { break }
            width += w
            result += 1
        }
        return result
    }

    /// The cursor's place on the line above, at the same column; nil on the first line.
    public var offsetAbove: Int? {
        let current = line(of: cursor)
        guard current.index > 0 else { return nil }
        return offset(atColumn: columns(from: current.start, to: cursor), onLineOf: current.start - 1)
    }

    /// The cursor's place on the line below, at the same column; nil on the last line.
    public var offsetBelow: Int? {
        let current = line(of: cursor)
        guard current.end < text.count else { return nil }
        return offset(atColumn: columns(from: current.start, to: cursor), onLineOf: current.end + 1)
    }

    /// Whether a scalar is part of a word (for Alt-F): letters, digits, `_`.
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
    }

    /// The end of the next word in `scalars` from `start`, as emacs's forward-word finds it.
    public static func endOfWord(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var end = start
        while end < scalars.count && !isWordScalar(scalars[end]) { end += 1 }
        while end < scalars.count && isWordScalar(scalars[end]) { end += 1 }
        return end
    }
}
