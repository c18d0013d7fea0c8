/// The terminal control sequences sqlsh writes (ECMA-48 / xterm): cursor moves, erasing,
/// bracketed paste. Colours are ``Style``'s.
public enum ControlSequence {
    /// Moves the cursor up `rows` rows.
    public static func up(_ rows: Int) -> String { "\u{1B}[\(rows)A" }
    /// Moves the cursor down `rows` rows.
    public static func down(_ rows: Int) -> String { "\u{1B}[\(rows)B" }
    /// Moves the cursor right `columns` columns.
    public static func right(_ columns: Int) -> String { "\u{1B}[\(columns)C" }
    /// Erases from the cursor to the end of the screen.
    public static let eraseBelow = "\u{1B}[J"
    /// Erases from the cursor to the end of the line.
    public static let eraseToLineEnd = "\u{1B}[K"
    /// Moves the cursor home and clears the screen (Ctrl-L).
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// Asks the terminal to mark pastes.
    public static let bracketedPasteOn = "\u{1B}[?2004h"
    /// Asks the terminal to stop marking pastes.
    public static let bracketedPasteOff = "\u{1B}[?2004l"
    /// What ends a marked paste.
    public static let pasteEnd: [Unicode.Scalar] = Array("\u{1B}[201~".unicodeScalars)
    /// The elapsed-time indicator's line replaced by the `^C` the terminal echoed, for the
    /// SIGINT handler (a literal: nothing allocated or initialised lazily in a handler).
    public static var interruptedIndicatorLine: StaticString { "\r\u{1B}[K^C\n" }
}
