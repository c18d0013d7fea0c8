/// `.shell CMD ARGS...`: the same as ``SystemCommand``.
struct ShellCommand: DotCommand {
    static let name = "shell"
    static let usage = ".shell CMD ARGS..."
    static let summary = "Run CMD ARGS... in a system shell"
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try SystemCommand.run(arguments, shell: shell)
    }
}
