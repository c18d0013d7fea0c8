/// `.save ?OPTIONS? FILE`: the same as ``BackupCommand``.
struct SaveCommand: DotCommand {
    static let name = "save"
    static let usage = ".save ?OPTIONS? FILE"
    static let summary = "Write database to FILE (an alias for .backup ...)"
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        try BackupCommand.run(arguments, shell: shell)
    }
}
