import SQLshCore

/// `.restore ?DB? FILE`: replaces a database's content with a file's, by online backup.
struct RestoreCommand: DotCommand {
    static let name = "restore"
    static let usage = ".restore ?DB? FILE"
    static let summary = "Restore content of DB (default \"main\") from FILE"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let (schema, file): (String, String)
        switch arguments.count {
        case 2: (schema, file) = ("main", arguments[1])
        case 3: (schema, file) = (arguments[1], arguments[2])
        default: throw ShellError("Usage: .restore ?DB? FILE")
        }
        let source = try BackupRunner.openOtherDatabase(file)
        defer { try? source.close() }
        if let message = BackupRunner.copy(from: source, "main", to: shell.connection, schema, retryBusy: true) {
            throw ShellError(message)
        }
        return .success
    }
}
