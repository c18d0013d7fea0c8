/// `.echo on|off`: print each input before running it.
struct EchoCommand: DotCommand {
    static let name = "echo"
    static let usage = ".echo on|off"
    static let summary = "Turn command echo on or off"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .echo on|off") }
        shell.settings.echo = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        return .success
    }
}
