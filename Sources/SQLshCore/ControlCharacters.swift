/// Control characters made visible, for text that came from somewhere untrusted (a cell of a
/// database, a plugin's error message) and is written to a terminal: a raw ESC or carriage
/// return there could move the cursor, recolour or rewrite what is on the screen.
public enum ControlCharacters {
    /// Whether `text` holds a C0 control character (U+0000 to U+001F) or DEL.
    @inlinable
    public static func occur(in text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// `text` with each control character in caret notation, as `cat -v` and the pretty
    /// screen show them: ESC as `^[`, a carriage return as `^M`, DEL as `^?`. Newlines are
    /// kept when `keepingNewlines` is set (the pretty screen splits lines at them), and shown as
    /// `^J` otherwise.
    public static func caretNotation(_ text: String, keepingNewlines: Bool = false) -> String {
        guard occur(in: text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 10 where keepingNewlines:
                result.unicodeScalars.append(scalar)
            case 0..<0x20:
                result.unicodeScalars.append("^")
                result.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value + 64)))
            case 0x7F:
                result += "^?"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
