import SQLshCore

/// `.trace ?OPTIONS? FILE|stdout|stderr|off`: print each SQL statement as it runs. A FILE is
/// refused in safe mode.
struct TraceCommand: DotCommand {
    static let name = "trace"
    static let usage = ".trace ?OPTIONS?"
    static let summary = "Output each SQL statement as it is run"
    static let details = """
            FILE                    Send output to FILE
            stdout                  Send output to stdout
            stderr                  Send output to stderr
            off                     Disable tracing
            --expanded              Expand query parameters
            --plain                 Show SQL as it is input
            --stmt                  Trace statement execution (SQLITE_TRACE_STMT)
            --profile               Profile statements (SQLITE_TRACE_PROFILE)
            --row                   Trace each row (SQLITE_TRACE_ROW)
            --close                 Trace connection close (SQLITE_TRACE_CLOSE)
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        _ = shell.connection
        var mask: UInt32 = 0
        for argument in arguments.dropFirst() {
            if argument.hasPrefix("-") {
                if optionMatches(argument, "expanded") {
                    shell.trace.style = .expanded
                } else if optionMatches(argument, "plain") {
                    shell.trace.style = .plain
                } else if optionMatches(argument, "profile") {
                    mask |= TraceEvents.profile.rawValue
                } else if optionMatches(argument, "row") {
                    mask |= TraceEvents.row.rawValue
                } else if optionMatches(argument, "stmt") {
                    mask |= TraceEvents.statement.rawValue
                } else if optionMatches(argument, "close") {
                    mask |= TraceEvents.close.rawValue
                } else {
                    throw ShellError("Unknown option \"\(argument)\" on \".trace\"")
                }
            } else {
                // sqlite3 opens its first argument here, whichever argument this is.
                shell.trace.output?.flush()
                shell.trace.output = try openOutput(arguments[1], shell: shell)
            }
        }
        shell.installTrace(mask: mask)
        return .success
    }

    /// sqlite3's `optionMatch`: `-name` or `--name`.
    static func optionMatches(_ argument: String, _ name: String) -> Bool {
        var text = Substring(argument)
        if text.hasPrefix("-") { text = text.dropFirst() }
        if text.hasPrefix("-") { text = text.dropFirst() }
        return text == name
    }

    /// sqlite3's `output_file_open`: `stdout`, `stderr`, `off` (nil) or a file.
    static func openOutput(_ name: String, shell: Shell) throws -> OutputWriter? {
        switch name {
        case "stdout": return shell.standardOutput
        case "stderr": return shell.err
        case "off": return nil
        default:
            // A trace file is a file written: refused in safe mode (sqlite3 allows it).
            try shell.failIfSafeMode("cannot run .trace FILE in safe mode")
            do {
                return try OutputWriter(path: name)
            } catch {
                shell.err.write("Error: cannot open \"\(name)\"\n")
                return nil
            }
        }
    }
}
