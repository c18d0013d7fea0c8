/// The one palette: every SGR attribute sqlsh writes on a screen (the prompt, highlighted SQL,
/// the suggestion, dimmed notes, table headers, errors) and the escape sequences that start
/// and end them. The terminal's own 16-colour palette only (so colours follow its theme, dark
/// or light): no bright colours that vanish on a light background, no black or white.
public struct Style: Hashable, Sendable {
    /// The SGR parameters (`1;34`); empty for the terminal's plain text.
    public let parameters: String

    /// A style of the given SGR parameters.
    public init(_ parameters: String) {
        self.parameters = parameters
    }

    /// The terminal's plain text: no attributes.
    public static let plain = Style("")
    /// Bold: table headers, record labels.
    public static let bold = Style("1")
    /// Dim: notes, table frames, NULL, the elapsed-time indicator.
    public static let dim = Style("2")
    /// Yellow: hints after an error.
    public static let hint = Style("33")
    /// Red: error messages.
    public static let error = Style("31")
    /// The prompt: bold green (but its last character).
    public static let prompt = Style("1;32")
    /// The suggestion from history after the cursor: grey, as fish draws it.
    public static let suggestion = Style("90")
    /// The bracket matching the one at the cursor: reversed.
    public static let matchingBracket = Style("7")

    /// The style of each kind of highlighted text.
    public static func highlight(_ kind: HighlightKind) -> Style {
        switch kind {
        case .plain: return .plain
        case .keyword: return Style("1;34")            // bold blue
        case .function: return Style("36")             // cyan
        case .unknownFunction: return Style("4;31")    // underlined red
        case .identifier: return Style("33")           // yellow
        case .string: return Style("32")               // green
        case .unterminatedString: return Style("1;31") // bold red
        case .number: return Style("35")               // magenta
        case .parameter: return Style("1;35")          // bold magenta
        case .comment: return Style("3;90")            // grey italic
        case .dotCommand: return Style("1;36")         // bold cyan
        case .unknownDotCommand: return Style("4;31")  // underlined red
        case .dotArgument: return Style("32")          // green
        }
    }

    /// The escape sequence that turns the style on (`ESC [ 1;34 m`).
    public var start: String { "\u{1B}[" + parameters + "m" }
    /// The escape sequence that turns every attribute off.
    public static let reset = "\u{1B}[0m"
}

/// Whether and how colour is used: decided once here for every screen writer. `NO_COLOR`
/// (non-empty), `TERM=dumb` and output that is not a terminal turn colour off; `.highlight
/// off` turns off only the colouring of the line being typed (and its suggestion).
public struct Palette: Sendable, Equatable {
    /// Whether any colour may be written.
    public var colour: Bool
    /// `.highlight on|off`.
    public var highlight: Bool

    /// A palette; `highlight` matters only with `colour`.
    public init(colour: Bool, highlight: Bool = true) {
        self.colour = colour
        self.highlight = highlight
    }

    /// Whether the line being typed is coloured and gets suggestions.
    public var highlights: Bool { colour && highlight }

    /// `text` in `style`, or plain without colour.
    public func paint(_ text: String, _ style: Style) -> String {
        guard colour, !style.parameters.isEmpty else { return text }
        return style.start + text + Style.reset
    }

    /// The prompt as libedit draws it: the text but its last character in the prompt's
    /// style, the escape sequences between `\u{1}` markers (EL_PROMPT_ESC) so that libedit
    /// does not count them as columns. (libedit drops an escape sequence at the very end of
    /// the prompt, so the colour ends before the last character.)
    public func libeditPrompt(_ plain: String) -> String {
        guard colour else { return plain }
        return "\u{1}" + Style.prompt.start + "\u{1}" + plain.dropLast() + "\u{1}" + Style.reset + "\u{1}" + plain.suffix(1)
    }

    /// Whether colour may be used: both outputs are terminals, `NO_COLOR` is not set (to
    /// anything non-empty) and the terminal is not `dumb`.
    public static func allowsColour(environment: (String) -> String?, outputsAreTerminals: Bool) -> Bool {
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        if environment("TERM") == "dumb" { return false }
        return outputsAreTerminals
    }
}

extension ShellSettings {
    /// The palette of these settings (``colour`` and ``highlight``).
    public var palette: Palette { Palette(colour: colour, highlight: highlight) }
}
