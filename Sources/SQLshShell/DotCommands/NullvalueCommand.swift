/// `.nullvalue STRING`: the text shown for NULL.
struct NullvalueCommand: DotCommand {
    static let name = "nullvalue"
    static let usage = ".nullvalue STRING"
    static let summary = "Use STRING in place of NULL values"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 2 else { throw ShellError("Usage: .nullvalue STRING") }
        shell.settings.nullValue = ShellSettings.fitted(arguments[1])
        return .success
    }
}
