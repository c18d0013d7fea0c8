import SQLshCore

/// `.load FILE ?ENTRY?`: loads a SQLite loadable extension into the connection.
///
/// Extension loading is switched on for the call (sqlite3 keeps it on for its connections).
struct LoadCommand: DotCommand {
    static let name = "load"
    static let usage = ".load FILE ?ENTRY?"
    static let summary = "Load an extension library"
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count >= 2 else { throw ShellError("Usage: .load FILE ?ENTRYPOINT?") }
        try loadExtension(arguments[1], entryPoint: arguments.count >= 3 ? arguments[2] : nil, shell: shell)
        return .success
    }

    /// Loads a SQLite extension, reporting failure as sqlite3 does (`Error: MESSAGE`).
    static func loadExtension(_ file: String, entryPoint: String?, shell: Shell) throws {
        do {
            try shell.connection.setExtensionLoading(enabled: true)
            try shell.connection.loadExtension(path: file, entryPoint: entryPoint)
        } catch let error as SQLiteError {
            throw ShellError("Error: \(error.message)")
        }
    }
}
