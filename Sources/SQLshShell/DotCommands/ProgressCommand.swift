/// `.progress N ?--quiet|--reset|--once|--limit N?`: call a progress handler every N
/// virtual-machine instructions.
struct ProgressCommand: DotCommand {
    static let name = "progress"
    static let usage = ".progress N"
    static let summary = "Invoke progress handler after every N opcodes"
    static let details = """
           --limit N                 Interrupt after N progress callbacks
           --once                    Do no more than one progress interrupt
           --quiet|-q                No output except at interrupts
           --reset                   Reset the count for each input and interrupt
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let state = shell.progressState
        state.quiet = false
        state.resetPerInput = false
        state.once = false
        state.limit = 0
        state.count = 0
        var instructions: Int32 = 0
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            if argument.hasPrefix("-") {
                var option = Substring(argument).dropFirst()
                if option.hasPrefix("-") { option = option.dropFirst() }
                switch option {
                case "quiet", "q": state.quiet = true
                case "reset": state.resetPerInput = true
                case "once": state.once = true
                case "limit":
                    guard i + 1 < arguments.count else { throw ShellError("Error: missing argument on --limit") }
                    i += 1
                    state.limit = Int64(Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[i])))
                default:
                    throw ShellError("Error: unknown option: \"\(argument)\"")
                }
            } else {
                instructions = Int32(truncatingIfNeeded: DotCommandArguments.integerValue(argument))
            }
            i += 1
        }
        shell.installProgressHandler(instructions: instructions)
        return .success
    }
}
