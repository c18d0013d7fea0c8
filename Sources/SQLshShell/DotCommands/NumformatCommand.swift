/// `.numformat ?SEP|off?` (DuckDB's `.thousand_sep`): numbers on the screen in groups of three
/// digits, `1,234,567.5`. Files, pipes and scripts keep SQLite's digits.
struct NumformatCommand: DotCommand {
    static let name = "numformat"
    static let usage = ".numformat ?SEP|off?"
    static let summary = "Group the digits of numbers on the screen: 1,234,567"
    static let details = """
           SEP       The separator between groups of three digits: , _ ' . or
                     space (after . the decimal point shows as ,: 1.234.567,5)
           off       Plain digits (the default)
           Only pretty tables and \\G records on the terminal are grouped.
           Without an argument, shows the setting.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        switch arguments.count {
        case 1:
            shell.out.write("numformat: \(shell.settings.numberFormat?.name ?? "off")\n")
        case 2:
            let value = arguments[1]
            if value.lowercased() == "off" {
                shell.settings.numberFormat = nil
            } else if let format = NumberFormat(argument: value) {
                shell.settings.numberFormat = format
            } else {
                throw ShellError("Error: .numformat takes one of , _ ' . space, or off, not \"\(value)\"")
            }
        default:
            throw ShellError("Usage: .numformat ?SEP|off?")
        }
        return .success
    }
}
