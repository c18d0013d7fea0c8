/// `.quit`: stop reading the current input (the whole shell when it is the main input).
struct QuitCommand: DotCommand {
    static let name = "quit"
    static let usage = ".quit"
    static let summary = "Exit this program"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        .exit(0)
    }
}
