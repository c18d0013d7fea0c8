/// `.explain ?on|off|auto?`: how EXPLAIN output is shown (automatic by default).
struct ExplainCommand: DotCommand {
    static let name = "explain"
    static let usage = ".explain ?on|off|auto?"
    static let summary = "Change the EXPLAIN formatting mode.  Default: auto"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var value = 1
        if arguments.count >= 2 {
            value = arguments[1] == "auto" ? 99 : DotCommandArguments.booleanValue(arguments[1], shell: shell)
        }
        if value == 1 && shell.settings.mode != .explain {
            shell.modeBeforeExplain = shell.settings.mode
            shell.settings.mode = .explain
            shell.autoExplain = false
        } else if value == 0 {
            if shell.settings.mode == .explain { shell.settings.mode = shell.modeBeforeExplain }
            shell.autoExplain = false
        } else if value == 99 {
            if shell.settings.mode == .explain { shell.settings.mode = shell.modeBeforeExplain }
            shell.autoExplain = true
        }
        shell.updateExplainSetting()
        return .success
    }
}
