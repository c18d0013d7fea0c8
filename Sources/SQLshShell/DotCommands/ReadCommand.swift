#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.read FILE` or `.read |COMMAND`: run the lines of a file, or of a command's output.
struct ReadCommand: DotCommand {
    static let name = "read"
    static let usage = ".read FILE"
    static let summary = "Read input from FILE or command output"
    static let details = "    If FILE begins with \"|\", it is a command that generates the input."
    // Checked by the command itself, before its usage, as sqlite3 does.
    static let isUnsafe = false

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try shell.failIfSafeMode("cannot run .read in safe mode")
        guard arguments.count == 2 else { throw ShellError("Usage: .read FILE") }
        let target = arguments[1]
        let savedLine = shell.lineNumber
        defer { shell.lineNumber = savedLine }
        let outcome: CommandOutcome
        if target.hasPrefix("|") {
            guard let pipe = String(target.dropFirst()).withRawCString({ popen($0, "r") }) else {
                throw ShellError("Error: cannot open \"\(target)\"")
            }
            let source = FileLineSource(fileDescriptor: fileno(pipe), close: { _ in pclose(pipe) })
            defer { source.close() }
            outcome = try shell.process(source)
        } else {
            guard let source = FileLineSource(path: target) else {
                throw ShellError("Error: cannot open \"\(target)\"")
            }
            defer { source.close() }
            outcome = try shell.process(source)
        }
        return outcome == .failure ? .failure : .success
    }
}
