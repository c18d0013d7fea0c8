import SQLshCore

/// `.sha3sum ?OPTIONS? ?LIKE-PATTERN?`: a SHA3 hash of the database content (all tables
/// together, or one hash per table matching the pattern), computed with `sha3_query`.
struct Sha3sumCommand: DotCommand {
    static let name = "sha3sum"
    static let usage = ".sha3sum ..."
    static let summary = "Compute a SHA3 hash of database content"
    static let details = """
        Options:
          --schema              Also hash the sqlite_schema table
          --sha3-224            Use the sha3-224 algorithm
          --sha3-256            Use the sha3-256 algorithm (default)
          --sha3-384            Use the sha3-384 algorithm
          --sha3-512            Use the sha3-512 algorithm
        Any other argument is a LIKE pattern for tables to hash
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        _ = shell.connection  // opened before the arguments are checked, as in sqlite3
        var like: String?
        var schema = false, separate = false, debug = false
        var size = 224  // sqlite3 3.40.1's actual default, whatever its help says
        for argument in arguments.dropFirst() {
            if argument.hasPrefix("-") {
                var z = argument.dropFirst()
                if z.hasPrefix("-") { z = z.dropFirst() }
                switch z {
                case "schema": schema = true
                case "sha3-224", "sha3-256", "sha3-384", "sha3-512": size = Int(z.dropFirst(5)) ?? 224
                case "debug": debug = true
                default:
                    shell.err.write("Unknown option \"\(argument)\" on \"\(arguments[0])\"\n")
                    _ = HelpText.show(pattern: arguments[0], to: shell.out)
                    return .failure
                }
            } else if like != nil {
                throw ShellError("Usage: .sha3sum ?OPTIONS? ?LIKE-PATTERN?")
            } else {
                like = argument
                separate = true
                if SQLText.like("sqlite\\_%", matches: argument, escape: "\\") { schema = true }
            }
        }
        let tables = schema
            ? "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " UNION ALL SELECT 'sqlite_schema' ORDER BY 1 collate nocase"
            : "SELECT lower(name) FROM sqlite_schema WHERE type='table' AND coalesce(rootpage,0)>1"
                + " AND name NOT LIKE 'sqlite_%' ORDER BY 1 collate nocase"
        var sql = "WITH [sha3sum$query](a,b) AS("
        var separator = "VALUES("
        let names = (try? SchemaQuery.rows(shell.connection, tables)) ?? []
        for row in names {
            guard let table = row.first ?? nil else { continue }
            if let like, !SQLText.like(like, matches: table) { continue }
            var query = ""
            if !table.hasPrefix("sqlite_") {
                query = "SELECT * FROM " + SQLQuoting.quoted(table, "\"") + " NOT INDEXED;"
            } else if table == "sqlite_schema" {
                query = "SELECT type,name,tbl_name,sql FROM sqlite_schema ORDER BY name;"
            } else if table == "sqlite_sequence" {
                query = "SELECT name,seq FROM sqlite_sequence ORDER BY name;"
            } else if table == "sqlite_stat1" {
                query = "SELECT tbl,idx,stat FROM sqlite_stat1 ORDER BY tbl,idx;"
            } else if table == "sqlite_stat4" {
                query = "SELECT * FROM \(table) ORDER BY tbl, idx, rowid;\n"
            }
            sql += separator + SQLQuoting.literal(query) + "," + SQLQuoting.literal(table)
            separator = "),("
        }
        sql += separate
            ? ")) SELECT lower(hex(sha3_query(a,\(size)))) AS hash, b AS label   FROM [sha3sum$query]"
            : ")) SELECT lower(hex(sha3_query(group_concat(a,''),\(size)))) AS hash   FROM [sha3sum$query]"
        if debug {
            shell.out.write(sql + "\n")
        } else {
            // Run as ordinary SQL (rendered in the current mode); like sqlite3, errors are silent.
            _ = (Array(sql.utf8) + [0]).withUnsafeBufferPointer { shell.execute(sql: $0) }
        }
        return .success
    }
}
