import SQLshShell

/// The SGR attributes of each kind of highlighted text, in the terminal's own 16-colour
/// palette (so they follow its theme, dark or light): no bright colours that vanish on a
/// light background, no black or white.
enum HighlightPalette {
    static func style(_ kind: HighlightKind) -> String {
        switch kind {
        case .plain: return ""
        case .keyword: return "1;34"            // bold blue
        case .function: return "36"             // cyan
        case .unknownFunction: return "4;31"    // underlined red
        case .identifier: return "33"           // yellow
        case .string: return "32"               // green
        case .unterminatedString: return "1;31" // bold red
        case .number: return "35"               // magenta
        case .parameter: return "1;35"          // bold magenta
        case .comment: return "3;90"            // grey italic
        case .dotCommand: return "1;36"         // bold cyan
        case .unknownDotCommand: return "4;31"  // underlined red
        case .dotArgument: return "32"          // green
        }
    }

    /// The prompt: bold green (but its last character, see ``EditLineSource``).
    static let prompt = "1;32"
    /// The suggestion from history after the cursor: grey, as fish draws it.
    static let suggestion = "90"
    /// The bracket matching the one at the cursor: reversed.
    static let matchingBracket = "7"
}
