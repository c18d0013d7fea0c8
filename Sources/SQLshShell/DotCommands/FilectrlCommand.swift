import CSQLite
import Glibc

/// `.filectrl CMD ...`: runs `sqlite3_file_control()` operations on a database, with sqlite3
/// 3.40.1's names (any unique prefix, with or without leading dashes), output and messages.
struct FilectrlCommand: DotCommand {
    static let name = "filectrl"
    static let minimumPrefix = 1
    static let usage = ".filectrl CMD ..."
    static let summary = "Run various sqlite3_file_control() operations"
    static let details = """
       --schema SCHEMA         Use SCHEMA instead of "main"
       --help                  Show CMD details
    """

    private static let controls: [(name: String, code: Int32, usage: String)] = [
        ("chunk_size", SQLITE_FCNTL_CHUNK_SIZE, "SIZE"),
        ("data_version", SQLITE_FCNTL_DATA_VERSION, ""),
        ("has_moved", SQLITE_FCNTL_HAS_MOVED, ""),
        ("lock_timeout", SQLITE_FCNTL_LOCK_TIMEOUT, "MILLISEC"),
        ("persist_wal", SQLITE_FCNTL_PERSIST_WAL, "[BOOLEAN]"),
        ("psow", SQLITE_FCNTL_POWERSAFE_OVERWRITE, "[BOOLEAN]"),
        ("reserve_bytes", SQLITE_FCNTL_RESERVE_BYTES, "[N]"),
        ("size_limit", SQLITE_FCNTL_SIZE_LIMIT, "[LIMIT]"),
        ("tempfilename", SQLITE_FCNTL_TEMPFILENAME, ""),
    ]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection.handle
        var args = arguments
        var schema: String?
        var command = args.count >= 2 ? args[1] : "help"
        if (command == "--schema" || command == "-schema") && args.count >= 4 {
            schema = args[2]
            args.removeSubrange(1...2)
            command = args[1]
        }
        if command.count > 1 && command.hasPrefix("-") {
            command.removeFirst()
            if command.count > 1 && command.hasPrefix("-") { command.removeFirst() }
        }
        let out = shell.out
        if command == "help" {
            out.write("Available file-controls:\n")
            for control in controls { out.write("  .filectrl \(control.name) \(control.usage)\n") }
            return .failure
        }
        var found: Int?
        for (i, control) in controls.enumerated() where control.name.hasPrefix(command) {
            if found != nil {
                shell.err.write("Error: ambiguous file-control: \"\(command)\"\nUse \".filectrl --help\" for help\n")
                return .failure
            }
            found = i
        }
        guard let index = found else {
            shell.err.write("Error: unknown file-control: \(command)\nUse \".filectrl --help\" for help\n")
            return .success
        }
        let code = controls[index].code
        let n = args.count
        var result: Int64?
        var handled = false
        func control(_ pointer: UnsafeMutableRawPointer) {
            if let schema { sqlite3_file_control(db, schema, code, pointer) } else { sqlite3_file_control(db, nil, code, pointer) }
        }
        switch code {
        case SQLITE_FCNTL_SIZE_LIMIT where n == 2 || n == 3:
            var value: Int64 = n == 3 ? DotCommandArguments.integerValue(args[2]) : -1
            control(&value)
            result = value
            handled = true
        case SQLITE_FCNTL_LOCK_TIMEOUT where n == 3, SQLITE_FCNTL_CHUNK_SIZE where n == 3:
            var value = Int32(truncatingIfNeeded: DotCommandArguments.integerValue(args[2]))
            control(&value)
            handled = true
        case SQLITE_FCNTL_PERSIST_WAL where n == 2 || n == 3, SQLITE_FCNTL_POWERSAFE_OVERWRITE where n == 2 || n == 3:
            var value = n == 3 ? Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(args[2], shell: shell)) : -1
            control(&value)
            result = Int64(value)
            handled = true
        case SQLITE_FCNTL_DATA_VERSION where n == 2, SQLITE_FCNTL_HAS_MOVED where n == 2:
            var value: Int32 = 0
            control(&value)
            result = Int64(value)
            handled = true
        case SQLITE_FCNTL_TEMPFILENAME where n == 2:
            var name: UnsafeMutablePointer<CChar>?
            control(&name)
            if let name {
                out.write(String(cString: name) + "\n")
                sqlite3_free(name)
            }
            handled = true
        case SQLITE_FCNTL_RESERVE_BYTES:
            var value: Int32
            if n >= 3 {
                value = Int32(truncatingIfNeeded: atoi(args[2]))
                control(&value)
            }
            value = -1
            control(&value)
            out.write("\(value)\n")
            handled = true
        default:
            break
        }
        if let result {
            out.write("\(result)\n")
        } else if !handled {
            out.write("Usage: .filectrl \(command) \(controls[index].usage)\n")
            return .failure
        }
        return .success
    }
}
