#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `.cd DIRECTORY`: changes the working directory.
struct CdCommand: DotCommand {
    static let name = "cd"
    static let usage = ".cd DIRECTORY"
    static let summary = "Change the working directory to DIRECTORY"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .cd DIRECTORY") }
        guard arguments[1].withRawCString({ chdir($0) }) == 0 else { throw ShellError("Cannot change to directory \"\(arguments[1])\"") }
        return .success
    }
}
