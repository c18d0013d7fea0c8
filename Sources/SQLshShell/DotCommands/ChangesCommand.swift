/// `.changes on|off`: print `changes: N   total_changes: M` after each SQL input.
struct ChangesCommand: DotCommand {
    static let name = "changes"
    static let usage = ".changes on|off"
    static let summary = "Show number of rows changed by SQL"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .changes on|off") }
        shell.settings.showChanges = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        return .success
    }
}
