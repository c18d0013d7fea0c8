import SQLshCore

/// `.timeout MS`: wait up to MS milliseconds for a locked database.
struct TimeoutCommand: DotCommand {
    static let name = "timeout"
    static let usage = ".timeout MS"
    static let summary = "Try opening locked tables for MS milliseconds"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let milliseconds = arguments.count >= 2
            ? Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[1])) : 0
        shell.connection.setBusyTimeout(milliseconds: milliseconds)
        return .success
    }
}
