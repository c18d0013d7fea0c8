/// `.indexes ?TABLE?` (also `.indices`): names of indexes, of tables matching a LIKE pattern.
struct IndexesCommand: DotCommand {
    static let name = "indexes"
    static let aliases = ["indices"]
    static let usage = ".indexes ?TABLE?"
    static let summary = "Show names of indexes"
    static let details = """
                               If TABLE is specified, only show indexes for
                               tables matching TABLE using the LIKE operator.
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try TablesCommand.listNames(arguments, shell: shell, indexes: true)
    }
}
