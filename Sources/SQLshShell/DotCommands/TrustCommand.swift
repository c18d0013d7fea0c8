import SQLshCore

/// `.trust TABLE...`: reads and writes the files of virtual tables the database came with.
///
/// A table of a module that touches files (`vsv`, `zipfile`, `read_csv`...) stored in a
/// database made by someone else is refused when a statement first uses it, since it would
/// read or write any file its creator named (``StoredFileTables``). `.trust m` says the user
/// knows what `m` reads: from then on, in this session, it is read as a table made here.
struct TrustCommand: DotCommand {
    static let name = "trust"
    static let usage = ".trust TABLE ..."
    static let summary = "Read the files of virtual tables the database came with"
    static let details = """
           A vsv, zipfile, read_csv, read_json, read_ndjson or read_parquet table stored
           in a database is refused on its first use unless this session created it: it
           would read (or write) the file its creator named.  .trust TABLE allows it until the
           database is closed.  TABLE may be SCHEMA.TABLE.
        """
    static let isUnsafe = true

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count >= 2 else { throw ShellError("Usage: \(usage)") }
        let connection = shell.connection
        for name in arguments.dropFirst() {
            let (schema, table) = split(name)
            let statement = try connection.prepare("""
                select name, sql from \(quotedIdentifier(schema)).sqlite_schema
                where type = 'table' and name = ?1 collate nocase and sql like 'create virtual table%'
                """)
            try statement.bind(table, at: 1)
            guard try statement.step(), let stored = statement.string(at: 0) else {
                throw ShellError("Error: no virtual table \(name) in schema \(schema)")
            }
            StoredFileTables.trust(on: connection, schema: schema, table: stored)
        }
        return .success
    }

    /// `schema.table` or `table` (in `main`).
    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return ("main", name) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    private static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
