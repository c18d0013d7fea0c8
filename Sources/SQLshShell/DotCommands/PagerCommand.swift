/// `.pager ?on|off|COMMAND?`: the pager `.last` uses, and whether results taller than the
/// terminal go whole through it instead of showing their first and last rows.
struct PagerCommand: DotCommand {
    static let name = "pager"
    static let usage = ".pager ?on|off|COMMAND?"
    static let summary = "Page results taller than the screen, or show the setting"
    static let details = """
           on        Send a result taller than the terminal whole through the
                     pager, instead of its first and last rows with a footer
           off       Show the first and last rows (the default)
           COMMAND   The pager to use (turns paging on); the default is $PAGER,
                     else "less -SRFX" when less is installed
           Without an argument, shows the setting. .last always uses the pager.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var settings = shell.settings
        if arguments.count == 1 {
            let command = settings.pagerCommand.isEmpty ? "none" : settings.pagerCommand
            shell.out.write("pager: \(settings.pagerEnabled ? "on" : "off") (command: \(command))\n")
            return .success
        }
        switch arguments.count == 2 ? arguments[1].lowercased() : "" {
        case "on":
            if settings.pagerCommand.isEmpty { settings.pagerCommand = Pager.defaultCommand() }
            guard !settings.pagerCommand.isEmpty else {
                throw ShellError("No pager found: set one with .pager COMMAND (or $PAGER)")
            }
            settings.pagerEnabled = true
        case "off":
            settings.pagerEnabled = false
        default:
            try shell.failIfSafeMode("cannot run .pager in safe mode")
            settings.pagerCommand = arguments[1...].joined(separator: " ")
            settings.pagerEnabled = true
        }
        shell.settings = settings
        return .success
    }
}
