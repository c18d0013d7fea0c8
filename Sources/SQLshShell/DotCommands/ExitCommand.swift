/// `.exit ?CODE?`: stop; with a CODE other than 0 the process exits with it at once.
struct ExitCommand: DotCommand {
    static let name = "exit"
    static let usage = ".exit ?CODE?"
    static let summary = "Exit this program with return-code CODE"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        if arguments.count > 1 {
            let code = Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[1]))
            if code != 0 { try shell.terminate(code) }
        }
        return .exit(0)
    }
}
