/// `.timer on|off`: print the run time of each SQL input.
struct TimerCommand: DotCommand {
    static let name = "timer"
    static let usage = ".timer on|off"
    static let summary = "Turn SQL timer on or off"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .timer on|off") }
        shell.settings.timer = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        return .success
    }
}
