/// `.excel`: the results of the next SQL input as CSV in a temporary file, opened with the
/// system's spreadsheet program (`xdg-open`); same as `.once -x`.
struct ExcelCommand: DotCommand {
    static let name = "excel"
    static let usage = ".excel"
    static let summary = "Display the output of next command in spreadsheet"
    static let details = "   --bom                   Put a UTF8 byte-order mark on intermediate file"
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try OutputRedirection.run(arguments, kind: .excel, shell: shell)
    }
}
