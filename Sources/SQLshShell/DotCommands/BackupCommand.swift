import SQLshCore

/// `.backup ?DB? FILE`: copies a database to a file with the online backup API.
struct BackupCommand: DotCommand {
    static let name = "backup"
    static let usage = ".backup ?DB? FILE"
    static let summary = "Backup DB (default \"main\") to FILE"
    static let details = """
       Options:
           --async             Write to FILE without journal and fsync()
    """
    static let isUnsafe = true
    static let isRefusedAsTyped = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var file: String?
        var schema: String?
        var async = false
        for argument in arguments.dropFirst() {
            if argument.hasPrefix("-") {
                let z = argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
                guard z == "-async" else { throw ShellError("unknown option: \(argument)") }
                async = true
            } else if file == nil {
                file = argument
            } else if schema == nil {
                schema = file
                file = argument
            } else {
                throw ShellError("Usage: .backup ?DB? ?OPTIONS? FILENAME")
            }
        }
        guard let file else { throw ShellError("missing FILENAME argument on .backup") }
        let destination = try BackupRunner.openOtherDatabase(file)
        defer { try? destination.close() }
        if async { try? destination.execute("PRAGMA synchronous=OFF; PRAGMA journal_mode=OFF;") }
        if let message = BackupRunner.copy(from: shell.connection, schema ?? "main",
                                           to: destination, "main", retryBusy: false) {
            throw ShellError(message)
        }
        return .success
    }
}
