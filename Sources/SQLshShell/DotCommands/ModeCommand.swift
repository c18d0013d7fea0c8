/// `.mode MODE ?OPTIONS? ?TABLE?`: the output mode, as sqlite3 3.40.1's `.mode`.
///
/// Mode names may be abbreviated (the first of sqlite3's list that starts with the typed
/// word wins: `.mode c` is `column`). Without a mode, the current one is printed and then set
/// again (which resets its separators and options, as in sqlite3).
struct ModeCommand: DotCommand {
    static let name = "mode"
    static let usage = ".mode MODE ?OPTIONS?"
    static let summary = "Set output mode"
    /// The modes come from ``OutputModeDefinition/all``.
    static var details: String {
        "   MODE is one of:\n" + OutputModeDefinition.helpLines + "\n" + """
           OPTIONS: (for columnar modes or insert mode):
             --wrap N       Wrap output lines to no longer than N characters
             --wordwrap B   Wrap or not at word boundaries per B (on/off)
             --ww           Shorthand for "--wordwrap 1"
             --quote        Quote output text as SQL literals
             --noquote      Do not quote output text
             TABLE          The name of SQL table used for "insert" mode
        """
    }

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var mode: String?
        var table: String?
        var columnar = OutputModeDefinition.ColumnarOptions(wrapWidth: 60, wordWrap: false, quoteValues: false)
        var i = 1
        while i < arguments.count {
            let z = arguments[i]
            if ShellValues.isOption(z, "wrap") && i + 1 < arguments.count {
                i += 1
                columnar.wrapWidth = Int(Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[i])))
            } else if ShellValues.isOption(z, "ww") {
                columnar.wordWrap = true
            } else if ShellValues.isOption(z, "wordwrap") && i + 1 < arguments.count {
                i += 1
                columnar.wordWrap = DotCommandArguments.booleanValue(arguments[i], shell: shell) != 0
            } else if ShellValues.isOption(z, "quote") {
                columnar.quoteValues = true
            } else if ShellValues.isOption(z, "noquote") {
                columnar.quoteValues = false
            } else if mode == nil {
                mode = z
                // A shorthand (`qbox`) presets the options; options after it still apply.
                if let preset = OutputModeDefinition.shorthand(named: z) { columnar = preset }
            } else if table == nil {
                table = z
            } else if z.hasPrefix("-") {
                throw ShellError("""
                    unknown option: \(z)
                    options:
                      --noquote
                      --quote
                      --wordwrap on/off
                      --wrap N
                      --ww
                    """)
            } else {
                throw ShellError("extra argument: \"\(z)\"")
            }
            i += 1
        }
        var settings = shell.settings
        let current = settings.mode
        if mode == nil {
            if current.isColumnar {
                shell.out.write("current output mode: \(current.displayName) \(settings.columnarOptions)\n")
            } else {
                shell.out.write("current output mode: \(current.displayName)\n")
            }
            mode = current.displayName
        }
        guard let typed = mode, let definition = OutputModeDefinition.named(typed) else {
            // Scripts get sqlite3's text; a person gets every mode and a suggestion.
            throw ShellError(shell.isTypedByPerson ? OutputModeDefinition.unknownModeMessageAtThePrompt(for: mode ?? "")
                                                   : OutputModeDefinition.unknownModeMessage)
        }
        settings.select(definition, table: table, columnar: columnar)
        shell.settings = settings
        shell.updateExplainSetting()
        return .success
    }
}
