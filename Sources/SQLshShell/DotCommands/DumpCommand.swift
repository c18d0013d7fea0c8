import SQLshCore

/// `.dump ?OBJECTS?`: the database (or the objects matching LIKE patterns) as SQL text that
/// rebuilds it, byte for byte as sqlite3 writes it.
struct DumpCommand: DotCommand {
    static let name = "dump"
    static let usage = ".dump ?OBJECTS?"
    static let summary = "Render database content as SQL"
    static let details = """
       Options:
         --data-only            Output only INSERT statements
         --newlines             Allow unescaped newline characters in output
         --nosys                Omit system tables (ex: "sqlite_stat1")
         --preserve-rowids      Include ROWID values in the output
       OBJECTS is a LIKE pattern for tables, indexes, triggers or views to dump
       Additional LIKE patterns can be given in subsequent arguments
    """

    struct Options {
        var preserveRowids = false
        var newlines = false
        var dataOnly = false
        var noSystem = false
    }

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        var options = Options()
        var like: String?
        for argument in arguments.dropFirst() {
            if argument.hasPrefix("-") {
                var z = argument.dropFirst()
                if z.hasPrefix("-") { z = z.dropFirst() }
                switch z {
                case "preserve-rowids": options.preserveRowids = true
                case "newlines": options.newlines = true
                case "data-only": options.dataOnly = true
                case "nosys": options.noSystem = true
                default: throw ShellError("Unknown option \"\(argument)\" on \".dump\"")
                }
            } else {
                let p = SQLQuoting.literal(argument)
                let expression = "name LIKE \(p) ESCAPE '\\' OR EXISTS (  SELECT 1 FROM sqlite_schema WHERE "
                    + "    name LIKE \(p) ESCAPE '\\' AND    sql LIKE 'CREATE VIRTUAL TABLE%' AND"
                    + "    substr(o.name, 1, length(name)+1) == (name||'_'))"
                like = like.map { "\($0) OR \(expression)" } ?? expression
            }
        }
        let connection = shell.connection
        let out = shell.out
        if !options.dataOnly {
            out.write("PRAGMA foreign_keys=OFF;\n")
            out.write("BEGIN TRANSACTION;\n")
        }
        var state = DumpState(connection: connection, out: out, options: options)
        try? connection.execute("SAVEPOINT dump; PRAGMA writable_schema=ON")
        let condition = like ?? "true"
        state.dumpTables("SELECT name, type, sql FROM sqlite_schema AS o WHERE (\(condition)) AND type=='table'"
            + "  AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid")
        if !options.dataOnly {
            state.dumpStatements("SELECT sql FROM sqlite_schema AS o WHERE (\(condition)) AND sql NOT NULL"
                + "  AND type IN ('index','trigger','view')")
        }
        if state.writableSchema { out.write("PRAGMA writable_schema=OFF;\n") }
        try? connection.execute("PRAGMA writable_schema=OFF;")
        try? connection.execute("RELEASE dump;")
        if !options.dataOnly { out.write(state.errors > 0 ? "ROLLBACK; -- due to errors\n" : "COMMIT;\n") }
        return .success
    }
}
