/// `.headers on|off`: show column names (list-like modes) or not.
struct HeadersCommand: DotCommand {
    static let name = "headers"
    static let usage = ".headers on|off"
    static let summary = "Turn display of headers on or off"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .headers on|off") }
        shell.settings.headers = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0
        shell.settings.headersSet = true
        return .success
    }
}
