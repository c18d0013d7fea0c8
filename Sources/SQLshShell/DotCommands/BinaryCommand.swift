/// `.binary on|off`: binary or text output. Only Windows translates line ends, so, as in
/// sqlite3 on Linux, it checks its argument and changes nothing.
struct BinaryCommand: DotCommand {
    static let name = "binary"
    static let usage = ".binary on|off"
    static let summary = "Turn binary output on or off.  Default OFF"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .binary on|off") }
        _ = DotCommandArguments.booleanValue(arguments[1], shell: shell)
        return .success
    }
}
