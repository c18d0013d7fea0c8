/// `.help ?-all? ?PATTERN?`: the help text generated from the registered commands.
struct HelpCommand: DotCommand {
    static let name = "help"
    static let minimumPrefix = 1
    static let usage = ".help ?-all? ?PATTERN?"
    static let summary = "Show help text for PATTERN"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        if arguments.count >= 2 {
            if HelpText.show(pattern: arguments[1], to: shell.out) == 0 {
                shell.out.write("Nothing matches '\(arguments[1])'\n")
            }
        } else {
            _ = HelpText.show(pattern: nil, to: shell.out)
        }
        return .success
    }
}
