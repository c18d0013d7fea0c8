/// `.once ?OPTIONS? ?FILE?`: send the results of the next SQL input only to FILE.
struct OnceCommand: DotCommand {
    static let name = "once"
    static let usage = ".once ?OPTIONS? ?FILE?"
    static let summary = "Output for the next SQL command only to FILE"
    static let details = """
         If FILE begins with '|' then open as a pipe
           --bom  Put a UTF8 byte-order mark at the beginning
           -e     Send output to the system text editor
           -x     Send output as CSV to a spreadsheet (same as ".excel")
    """
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try OutputRedirection.run(arguments, kind: .once, shell: shell)
    }
}
