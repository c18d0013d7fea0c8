/// `.width NUM1 NUM2 ...`: minimum column widths of the columnar modes (0: automatic,
/// negative: right-aligned). With no numbers, every width is automatic again.
struct WidthCommand: DotCommand {
    static let name = "width"
    static let usage = ".width NUM1 NUM2 ..."
    static let summary = "Set minimum column widths for columnar output"
    static let details = "     Negative values right-justify"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        shell.settings.columnWidths = arguments.dropFirst().map {
            Int(Int32(truncatingIfNeeded: DotCommandArguments.integerValue($0)))
        }
        return .success
    }
}
