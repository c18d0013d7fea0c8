import SQLshCore

/// `.limit ?LIMIT? ?VAL?`: shows or changes `sqlite3_limit` values; a limit may be named
/// by any unambiguous prefix (case-insensitive).
struct LimitCommand: DotCommand {
    static let name = "limit"
    static let usage = ".limit ?LIMIT? ?VAL?"
    static let summary = "Display or change the value of an SQLITE_LIMIT"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        // sqlite3 prints these with printf(), to standard output even after `.output`.
        let out = shell.standardOutput
        if arguments.count == 1 {
            for (name, category) in LimitCategory.all { out.write(line(name, db.limit(category))) }
            return .success
        }
        guard arguments.count <= 3 else { throw ShellError("Usage: .limit NAME ?NEW-VALUE?") }
        var found: (name: String, category: LimitCategory)?
        let typed = arguments[1]
        for limit in LimitCategory.all where SQLText.prefixEqualIgnoringCase(limit.name, typed, count: typed.utf8.count) {
            if found != nil { throw ShellError("ambiguous limit: \"\(typed)\"") }
            found = limit
        }
        guard let (name, category) = found else {
            throw ShellError("unknown limit: \"\(typed)\"\nenter \".limits\" with no arguments for a list.")
        }
        if arguments.count == 3 {
            db.setLimit(category, Int(Int32(truncatingIfNeeded: DotCommandArguments.integerValue(arguments[2]))))
        }
        out.write(line(name, db.limit(category)))
        return .success
    }

    /// `%20s %d\n`.
    static func line(_ name: String, _ value: Int) -> String {
        String(repeating: " ", count: max(0, 20 - name.utf8.count)) + name + " \(value)\n"
    }
}
