/// `.print STRING...`: prints its arguments separated by spaces.
struct PrintCommand: DotCommand {
    static let name = "print"
    static let usage = ".print STRING..."
    static let summary = "Print literal STRING"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        shell.out.write(arguments.dropFirst().joined(separator: " "))
        shell.out.write(byte: 10)
        return .success
    }
}
