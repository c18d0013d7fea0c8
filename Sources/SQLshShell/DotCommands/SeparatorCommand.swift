/// `.separator COL ?ROW?`: the column (and row) separators of list-like modes.
struct SeparatorCommand: DotCommand {
    static let name = "separator"
    static let usage = ".separator COL ?ROW?"
    static let summary = "Change the column and row separators"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var outcome = CommandOutcome.success
        if arguments.count < 2 || arguments.count > 3 {
            shell.err.write("Usage: .separator COL ?ROW?\n")
            outcome = .failure
        }
        // Like sqlite3, extra arguments are an error but the separators are still set.
        if arguments.count >= 2 { shell.settings.columnSeparator = ShellSettings.fitted(arguments[1]) }
        if arguments.count >= 3 { shell.settings.rowSeparator = ShellSettings.fitted(arguments[2]) }
        return outcome
    }
}
