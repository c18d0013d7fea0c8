import SQLshCore

/// `.databases`: one line per attached database: name, file ("" when none), r/o or r/w and
/// the transaction state.
struct DatabasesCommand: DotCommand {
    static let name = "databases"
    static let usage = ".databases"
    static let summary = "List names and files of attached databases"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let connection = shell.connection
        let list: [(name: String, file: String?)]
        do { list = try SchemaQuery.databases(connection) } catch {
            throw ShellError("Error: \(connection.errorMessage)")
        }
        for (name, file) in list {
            guard let file else { continue }
            let readOnly = connection.isReadOnly(schema: name) == true
            let txn: String
            switch connection.transactionState(schema: name) {
            case .none?: txn = ""
            case .read?: txn = " read-txn"
            case .write?, nil: txn = " write-txn"  // as sqlite3, an unknown state is not "none" or "read"
            }
            shell.out.write("\(name): \(file.isEmpty ? "\"\"" : file) \(readOnly ? "r/o" : "r/w")\(txn)\n")
        }
        return .success
    }
}
