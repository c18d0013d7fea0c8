/// `.eqp on|off|trigger|full`: show the query plan of each statement before running it.
struct EqpCommand: DotCommand {
    static let name = "eqp"
    static let usage = ".eqp on|off|full|..."
    static let summary = "Enable or disable automatic EXPLAIN QUERY PLAN"
    static let details = """
           Other Modes:
              trigger               Like "full" but also show trigger bytecode
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .eqp off|on|trace|trigger|full") }
        switch arguments[1] {
        case "full": shell.autoEQP = 3
        case "trigger": shell.autoEQP = 2
        default: shell.autoEQP = DotCommandArguments.booleanValue(arguments[1], shell: shell) & 0xFF
        }
        return .success
    }
}
