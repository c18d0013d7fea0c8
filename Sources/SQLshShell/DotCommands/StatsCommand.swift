/// `.stats ?on|off|stmt|vmstep?`: shows statistics now, or after every statement.
struct StatsCommand: DotCommand {
    static let name = "stats"
    static let usage = ".stats ?ARG?"
    static let summary = "Show stats or turn stats on or off"
    static let details = """
       off                      Turn off automatic stat display
       on                       Turn on automatic stat display
       stmt                     Show statement stats
       vmstep                   Show the virtual machine step count only
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        switch arguments.count {
        case 1:
            StatsDisplay.show(shell, statement: nil, level: 1)
        case 2:
            let level: Int
            switch arguments[1] {
            case "stmt": level = 2
            case "vmstep": level = 3
            default: level = DotCommandArguments.booleanValue(arguments[1], shell: shell) != 0 ? 1 : 0
            }
            shell.statsEnabled = level > 0
            shell.statementStatistics = StatsDisplay.hook(level: level)
        default:
            throw ShellError("Usage: .stats ?on|off|stmt|vmstep?")
        }
        return .success
    }
}
