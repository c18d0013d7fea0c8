/// `.highlight ?on|off?`: whether the line being typed at the prompt is coloured as SQL, with
/// a suggestion from history after the cursor and the matching bracket marked.
struct HighlightCommand: OnOffSettingCommand {
    static let name = "highlight"
    static let usage = ".highlight ?on|off?"
    static let summary = "Colour the line being typed as SQL, with suggestions from history"
    static let details = """
           on        Keywords, strings, numbers, comments, known names and functions,
                     dot-commands each in a colour; an unclosed string or an unknown
                     function in red; the newest history entry starting with the text
                     shown in grey after the cursor (Right or End takes it, Alt-F a
                     word); the bracket matching the one at the cursor reversed
           off       The line in the terminal's plain colour, no suggestions
           Without an argument, shows the setting. On by default; colour needs a
           terminal and no NO_COLOR in the environment.
        """
    static var setting: ReferenceWritableKeyPath<Shell, Bool> { \.settings.highlight }
}
