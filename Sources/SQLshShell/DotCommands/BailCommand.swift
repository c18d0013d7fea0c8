/// `.bail on|off`: stop reading input after the first error.
struct BailCommand: DotCommand {
    static let name = "bail"
    static let usage = ".bail on|off"
    static let summary = "Stop after hitting an error.  Default OFF"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .bail on|off") }
        shell.settings.bail = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        return .success
    }
}
