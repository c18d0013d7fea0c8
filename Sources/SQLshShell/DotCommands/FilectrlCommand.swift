#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `.filectrl CMD ...`: runs `sqlite3_file_control()` operations on a database, with sqlite3
/// 3.40.1's names (any unique prefix, with or without leading dashes), output and messages.
struct FilectrlCommand: DotCommand {
    static let name = "filectrl"
    static let usage = ".filectrl CMD ..."
    static let summary = "Run various sqlite3_file_control() operations"
    static let details = """
       --schema SCHEMA         Use SCHEMA instead of "main"
       --help                  Show CMD details
    """

    private static let controls: [(name: String, code: FileControl, usage: String)] = [
        ("chunk_size", .chunkSize, "SIZE"),
        ("data_version", .dataVersion, ""),
        ("has_moved", .hasMoved, ""),
        ("lock_timeout", .lockTimeout, "MILLISEC"),
        ("persist_wal", .persistWAL, "[BOOLEAN]"),
        ("psow", .powersafeOverwrite, "[BOOLEAN]"),
        ("reserve_bytes", .reserveBytes, "[N]"),
        ("size_limit", .sizeLimit, "[LIMIT]"),
        ("tempfilename", .temporaryFilename, ""),
    ]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
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
        func control<T: FixedWidthInteger>(_ value: inout T) { db.fileControl(code, &value, schema: schema) }
        switch code {
        case .sizeLimit where n == 2 || n == 3:
            var value: Int64 = n == 3 ? DotCommandArguments.integerValue(args[2]) : -1
            control(&value)
            result = value
            handled = true
        case .lockTimeout where n == 3, .chunkSize where n == 3:
            var value = Int32(truncatingIfNeeded: DotCommandArguments.integerValue(args[2]))
            control(&value)
            handled = true
        case .persistWAL where n == 2 || n == 3, .powersafeOverwrite where n == 2 || n == 3:
            var value = n == 3 ? Int32(truncatingIfNeeded: DotCommandArguments.booleanValue(args[2], shell: shell)) : -1
            control(&value)
            result = Int64(value)
            handled = true
        case .dataVersion where n == 2, .hasMoved where n == 2:
            var value: Int32 = 0
            control(&value)
            result = Int64(value)
            handled = true
        case .temporaryFilename where n == 2:
            if let name = db.fileControlText(code, schema: schema) { out.write(name + "\n") }
            handled = true
        case .reserveBytes:
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
