#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.system CMD ARGS...` (and `.shell`): runs a command line with `/bin/sh`, as sqlite3's
/// `system()` call does. Arguments containing a space are wrapped in double quotes.
struct SystemCommand: DotCommand {
    static let name = "system"
    static let usage = ".system CMD ARGS..."
    static let summary = "Run CMD ARGS... in a system shell"
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count >= 2 else { throw ShellError("Usage: .system COMMAND") }
        let line = arguments.dropFirst().map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
        // Like sqlite3, standard output is not flushed first: the child writes directly.
        let status = shell.typeAheadEcho.whileReleased { line.withRawCString { system($0) } }
        if status != 0 { shell.err.write("System command returns \(status)\n") }
        return .success
    }
}
