/// `.maxrows ?N|off?` (DuckDB's name): how many rows the screen shows of a result before it
/// shows only the first and last ones; `off` goes back to fitting the terminal's height.
struct MaxrowsCommand: DotCommand {
    static let name = "maxrows"
    static let usage = ".maxrows ?N|off?"
    static let summary = "Rows the screen shows before its first and last ones only"
    static let details = """
           N         Show at most N rows of a pretty result (at least 2): a longer
                     one shows its first and last rows, a · row and the count
           off       Fit the terminal's height (the default)
           Without an argument, shows the setting.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try ScreenLimit.run(arguments, shell: shell, keyPath: \.maximumRows, name: "maxrows", minimum: 2)
    }
}

/// `.maxwidth ?N|off?` (DuckDB's name): how many columns wide the screen's tables may be.
struct MaxwidthCommand: DotCommand {
    static let name = "maxwidth"
    static let usage = ".maxwidth ?N|off?"
    static let summary = "Columns the screen's tables may take"
    static let details = """
           N         Fit pretty tables to N columns (at least 20), narrower than the
                     terminal: long text is cut first, then middle columns hidden
           off       Fit the terminal's width (the default)
           Without an argument, shows the setting.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try ScreenLimit.run(arguments, shell: shell, keyPath: \.maximumWidth, name: "maxwidth", minimum: 20)
    }
}

/// What `.maxrows` and `.maxwidth` share: show, set to N, or `off`.
enum ScreenLimit {
    static func run(_ arguments: [String], shell: Shell, keyPath: WritableKeyPath<ShellSettings, Int?>,
                    name: String, minimum: Int) throws -> CommandOutcome {
        switch arguments.count {
        case 1:
            shell.out.write("\(name): \(shell.settings[keyPath: keyPath].map(String.init) ?? "off")\n")
            return .success
        case 2:
            let value = arguments[1]
            if value.lowercased() == "off" {
                shell.settings[keyPath: keyPath] = nil
                return .success
            }
            guard let number = Int(value), number >= minimum else {
                throw ShellError("Error: .\(name) takes a number (at least \(minimum)) or off, not \"\(value)\"")
            }
            shell.settings[keyPath: keyPath] = number
            return .success
        default:
            throw ShellError("Usage: .\(name) ?N|off?")
        }
    }
}
