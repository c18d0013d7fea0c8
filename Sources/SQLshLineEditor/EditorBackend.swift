/// What the line editor needs of libedit and the terminal, given by the executable's adapter
/// (and by a fake in the tests): libedit's buffer and its editing calls, keys, the screen.
public protocol EditorBackend: AnyObject {
    /// libedit's buffer and cursor.
    var buffer: EditBuffer { get }
    /// Inserts text at the cursor.
    func insert(_ text: String)
    /// Deletes `count` characters before the cursor.
    func delete(_ count: Int)
    /// Moves the cursor by `offset` characters (clamped to the buffer).
    func moveCursor(by offset: Int)
    /// Pushes keys back to be read next, as if typed.
    func push(_ keys: String)
    /// The next key (a Unicode scalar), or nil at the end of input.
    func readKey() -> UInt32?
    /// The next key within `milliseconds`, or nil.
    func readKey(within milliseconds: Int32) -> UInt32?
    /// Writes on the terminal the line is drawn on.
    func write(_ text: String)
    /// The terminal's width in columns, nil when unknown.
    func terminalWidth() -> Int?
    /// The terminal's height in rows, nil when unknown.
    func terminalHeight() -> Int?
    /// Bytes typed or pasted and not read yet.
    func pendingInput() -> Int
    /// Whether libedit draws the line itself (its output pipe could not be made).
    var drawsLineItself: Bool { get }
    /// Has libedit draw the prompt and line afresh (when it draws them itself).
    func refreshLibedit()
    /// Writes out what libedit has buffered.
    func flushLibedit()
    /// Rings the bell for each refusal libedit drew, emptying its output.
    func ringBells()
    /// Gives the terminal back in its usual mode (false) or takes it for editing (true).
    func prepareTerminal(forEditing: Bool)
    /// libedit's history entries, newest first.
    func historyEntries() -> [String]
    /// Whether the terminal rewraps its lines when its width changes.
    var reflowsLines: Bool { get }
    /// Tells libedit the terminal's size changed.
    func resize()
    /// Whether the key bindings are emacs's (else vi's).
    var isEmacs: Bool { get }
}

/// What libedit is to do after an editor function (its `CC_` codes).
public enum EditorResult: Equatable, Sendable {
    /// Redraw the line.
    case refresh
    /// Redraw and ring the bell.
    case refreshBeep
    /// End the line.
    case newline
    /// Redraw the prompt and line on a new row.
    case redisplay
    /// The function failed.
    case error
}
