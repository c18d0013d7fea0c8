/// What a stretch of the line editor's text is, for its colour.
public enum HighlightKind: UInt8, Sendable, CaseIterable {
    /// Operators, punctuation, unknown words: drawn as typed.
    case plain
    /// An SQL keyword (`SELECT`, `from`).
    case keyword
    /// A function SQLite or the catalog knows, called (`upper(`).
    case function
    /// A call of a function that no one knows (`uper(`).
    case unknownFunction
    /// A table, view, column or schema name of the open database, bare or quoted.
    case identifier
    /// A closed string literal or blob (`'text'`, `x'00'`).
    case string
    /// A string or quoted name still open at the end of the text.
    case unterminatedString
    /// A number (`42`, `1.5e3`, `0xFF`).
    case number
    /// A bound parameter (`?1`, `:name`, `@x`, `$x`).
    case parameter
    /// A comment (`-- ...`, `/* ... */`, a `#` line between statements).
    case comment
    /// A known dot-command's name (`.mode`).
    case dotCommand
    /// A line starting with a dot that names no dot-command.
    case unknownDotCommand
    /// An argument of a dot-command.
    case dotArgument
}

/// A stretch of text of one kind: `start..<end`, in Unicode scalars.
public struct HighlightSpan: Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var kind: HighlightKind

    public init(start: Int, end: Int, kind: HighlightKind) {
        self.start = start
        self.end = end
        self.kind = kind
    }
}
