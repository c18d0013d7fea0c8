import SQLshShell

/// The keys sqlsh handles on top of libedit's, as functions of the buffer: Up and Down that
/// move between the buffer's lines before they reach history, Right, End and Alt-F that take
/// the suggestion, Home and End on the current line, and Enter that runs a complete input
/// and otherwise starts a new line.
public struct LineEditor: Sendable {
    /// Up and Down through history.
    public var history = HistoryNavigation()
    /// Whether suggestions are shown (with highlighting only: without colour they could not
    /// be told from typed text).
    public var suggests: Bool

    /// An editor; `suggests`: see ``suggests``.
    public init(suggests: Bool = true) {
        self.suggests = suggests
    }

    /// The suggestion shown for `buffer` (its cursor at the end), or nil.
    public func suggestion(for buffer: EditBuffer) -> [Unicode.Scalar]? {
        guard suggests, buffer.isAtEnd else { return nil }
        return Suggestion.rest(after: buffer.text, in: history.entries)
    }

    /// Up and Ctrl-P: the line above, at the same column, else the previous history entry.
    public mutating func up(_ buffer: EditBuffer) -> EditorAction {
        if let offset = buffer.offsetAbove { return .moveCursor(to: offset) }
        return history.older(than: buffer.text).map(EditorAction.replace) ?? .beep
    }

    /// Down and Ctrl-N: the line below, else the next history entry (past the newest, the
    /// line that was being typed).
    public mutating func down(_ buffer: EditBuffer) -> EditorAction {
        if let offset = buffer.offsetBelow { return .moveCursor(to: offset) }
        return history.newer().map(EditorAction.replace) ?? .beep
    }

    /// Right and Ctrl-F: at the end of the buffer, take the suggestion; else one character on.
    public func right(_ buffer: EditBuffer) -> EditorAction {
        if let rest = suggestion(for: buffer) { return .insert(rest) }
        return .moveCursor(to: min(buffer.cursor + 1, buffer.text.count))
    }

    /// End and Ctrl-E: at the end of the buffer, take the suggestion; else the end of the line.
    public func lineEnd(_ buffer: EditBuffer) -> EditorAction {
        if let rest = suggestion(for: buffer) { return .insert(rest) }
        return .moveCursor(to: buffer.line(of: buffer.cursor).end)
    }

    /// Home and Ctrl-A: the start of the line (at it already, of the buffer).
    public func lineStart(_ buffer: EditBuffer) -> EditorAction {
        let start = buffer.line(of: buffer.cursor).start
        return .moveCursor(to: buffer.cursor == start ? 0 : start)
    }

    /// Alt-F: at the end of the buffer, take the suggestion's next word; else move past the
    /// next word, as emacs does.
    public func forwardWord(_ buffer: EditBuffer) -> EditorAction {
        if let rest = suggestion(for: buffer) { return .insert(Suggestion.firstWord(of: rest)) }
        return .moveCursor(to: EditBuffer.endOfWord(in: buffer.text, from: buffer.cursor))
    }

    /// Enter: a complete input (with `earlierLines`, the lines the shell already has) ends the
    /// line; an unfinished one gets a line break at the cursor.
    public static func enter(_ buffer: EditBuffer, earlierLines: [String]) -> EditorAction {
        var text = earlierLines.joined(separator: "\n")
        if !earlierLines.isEmpty { text += "\n" }
        text += buffer.string
        return InputCompleteness.isComplete(Array(text.utf8)) ? .acceptLine : .insert(["\n"])
    }
}
