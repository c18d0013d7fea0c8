/// What a key does to libedit's buffer, worked out by ``LineEditor``: the adapter applies it.
public enum EditorAction: Equatable, Sendable {
    /// Moves the cursor to an offset in the buffer.
    case moveCursor(to: Int)
    /// Inserts text at the cursor.
    case insert([Unicode.Scalar])
    /// Replaces the whole buffer, the cursor at its end.
    case replace([Unicode.Scalar])
    /// Refuses the key (the terminal's bell).
    case beep
    /// Ends the line: the input is read.
    case acceptLine
}
