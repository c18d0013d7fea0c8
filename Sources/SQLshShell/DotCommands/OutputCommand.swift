/// `.output ?FILE?`: send results to FILE (`|command` for a pipe, `stdout`, `stderr`) until
/// the next `.output`; standard output when FILE is omitted.
struct OutputCommand: DotCommand {
    static let name = "output"
    static let usage = ".output ?FILE?"
    static let summary = "Send output to FILE or stdout if FILE is omitted"
    static let details = """
       If FILE begins with '|' then open it as a pipe.
       Options:
         --bom                 Prefix output with a UTF8 byte-order mark
         -e                    Send output to the system text editor
         -x                    Send output as CSV to a spreadsheet
    """
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try OutputRedirection.run(arguments, kind: .output, shell: shell)
    }
}
