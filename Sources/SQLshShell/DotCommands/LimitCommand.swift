import CSQLite

/// `.limit ?LIMIT? ?VAL?`: shows or changes `sqlite3_limit` values; a limit may be named
/// by any unambiguous prefix (case-insensitive).
struct LimitCommand: DotCommand {
    static let name = "limit"
    static let minimumPrefix = 5
    static let usage = ".limit ?LIMIT? ?VAL?"
    static let summary = "Display or change the value of an SQLITE_LIMIT"

    static let limits: [(String, Int32)] = [
        ("length", SQLITE_LIMIT_LENGTH), ("sql_length", SQLITE_LIMIT_SQL_LENGTH),
        ("column", SQLITE_LIMIT_COLUMN), ("expr_depth", SQLITE_LIMIT_EXPR_DEPTH),
        ("compound_select", SQLITE_LIMIT_COMPOUND_SELECT), ("vdbe_op", SQLITE_LIMIT_VDBE_OP),
        ("function_arg", SQLITE_LIMIT_FUNCTION_ARG), ("attached", SQLITE_LIMIT_ATTACHED),
        ("like_pattern_length", SQLITE_LIMIT_LIKE_PATTERN_LENGTH),
        ("variable_number", SQLITE_LIMIT_VARIABLE_NUMBER), ("trigger_depth", SQLITE_LIMIT_TRIGGER_DEPTH),
        ("worker_threads", SQLITE_LIMIT_WORKER_THREADS),
    ]

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection.handle
        // sqlite3 prints these with printf(), to standard output even after `.output`.
        let out = shell.standardOutput
        if arguments.count == 1 {
            for (name, code) in limits { out.write(line(name, sqlite3_limit(db, code, -1))) }
            return .success
        }
        guard arguments.count <= 3 else { throw ShellError("Usage: .limit NAME ?NEW-VALUE?") }
        var found: (String, Int32)?
        let typed = arguments[1]
        for limit in limits where sqlite3_strnicmp(limit.0, typed, Int32(typed.utf8.count)) == 0 {
            if found != nil { throw ShellError("ambiguous limit: \"\(typed)\"") }
            found = limit
        }
        guard let (name, code) = found else {
            throw ShellError("unknown limit: \"\(typed)\"\nenter \".limits\" with no arguments for a list.")
        }
        if arguments.count == 3 { sqlite3_limit(db, code, Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[2]))) }
        out.write(line(name, sqlite3_limit(db, code, -1)))
        return .success
    }

    /// `%20s %d\n`.
    static func line(_ name: String, _ value: Int32) -> String {
        String(repeating: " ", count: max(0, 20 - name.utf8.count)) + name + " \(value)\n"
    }
}
