/// `.help ?-all? ?PATTERN?`: the help text generated from the registered commands.
struct HelpCommand: DotCommand {
    static let name = "help"
    static let usage = ".help ?-all? ?PATTERN?"
    static let summary = "Show help text for PATTERN"


    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        // At the prompt, a listing taller than the screen goes through the pager.
        try shell.pagedWhenLong { try list(arguments, shell: shell) }
    }

    private static func list(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        // At the prompt, the options sqlsh adds to sqlite3's commands are shown too.
        let lines = HelpText.lines(extended: shell.isTypedByPerson)
        if arguments.count >= 2 {
            if HelpText.show(pattern: arguments[1], to: shell.out, lines: lines) == 0 {
                // No dot-command matches: a catalog function's description (as .describe).
                if let description = shell.catalog.describe(arguments[1]) {
                    shell.out.write(description)
                } else if FriendlySQL.isHelpTopic(arguments[1]) {
                    shell.out.write(FriendlySQL.helpText)
                } else {
                    shell.out.write("Nothing matches '\(arguments[1])'\n")
                }
            }
        } else {
            _ = HelpText.show(pattern: nil, to: shell.out, lines: lines)
            // sqlite3's list stays as it is in batch; a person is told where the rest is.
            if shell.isTypedByPerson { shell.out.write("Friendly SQL (from t, describe, summarize, copy ...): .help friendly\n") }
        }
        return .success
    }
}
