/// `.types ?on|off?`: whether `pretty` tables at the prompt show each column's type under its
/// header (the declared type, else the storage class of the values shown), as DuckDB does.
struct TypesCommand: DotCommand {
    static let name = "types"
    static let usage = ".types ?on|off?"
    static let summary = "Show column types under the headers of pretty tables"
    static let details = """
           on        A dim row under the headers: the declared type where the column
                     has one, else the storage class of the values shown (integer,
                     real, text, blob; mixed for several; null when all are NULL)
           off       No type row
           Without an argument, shows the setting. On by default.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        switch arguments.count {
        case 1:
            shell.out.write("types: \(shell.settings.columnTypes ? "on" : "off")\n")
        case 2:
            switch arguments[1].lowercased() {
            case "on", "yes", "true", "1": shell.settings.columnTypes = true
            case "off", "no", "false", "0": shell.settings.columnTypes = false
            default: throw ShellError("Error: .types takes on or off, not \"\(arguments[1])\"")
            }
        default:
            throw ShellError("Usage: .types ?on|off?")
        }
        return .success
    }
}
