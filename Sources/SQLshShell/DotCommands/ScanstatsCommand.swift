/// `.scanstats on|off`: sqlite3 3.40.1's switch for `sqlite3_stmt_scanstatus()` metrics. The
/// system SQLite is built without them, so, as the stock shell, it warns and does nothing.
struct ScanstatsCommand: DotCommand {
    static let name = "scanstats"
    static let usage = ".scanstats on|off"
    static let summary = "Turn sqlite3_stmt_scanstatus() metrics on or off"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .scanstats on|off") }
        _ = DotCommandArguments.booleanValue(arguments[1], shell: shell)
        shell.err.write("Warning: .scanstats not available in this build.\n")
        return .success
    }
}
