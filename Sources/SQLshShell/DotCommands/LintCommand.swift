import SQLshCore

/// `.lint fkey-indexes ?-verbose? ?-groupbyparent?`: for each foreign key of the main
/// database, whether an index on the child table serves it, else the `CREATE INDEX` that
/// would, found with sqlite3 3.40.1's query and `EXPLAIN QUERY PLAN` test.
struct LintCommand: DotCommand {
    static let name = "lint"
    static let usage = ".lint OPTIONS"
    static let summary = "Report potential schema issues."
    static let details = """
         Options:
            fkey-indexes     Find missing foreign key indexes
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection
        let sub = arguments.count >= 2 ? arguments[1] : ""
        guard !sub.isEmpty, SQLText.prefixEqualIgnoringCase(sub, "fkey-indexes", count: sub.utf8.count) else {
            shell.err.write("Usage \(arguments[0]) sub-command ?switches...?\nWhere sub-commands are:\n    fkey-indexes\n")
            return .success
        }
        var verbose = false, groupByParent = false
        for argument in arguments.dropFirst(2) {
            let n = argument.utf8.count
            if n > 1 && SQLText.prefixEqualIgnoringCase("-verbose", argument, count: n) {
                verbose = true
            } else if n > 1 && SQLText.prefixEqualIgnoringCase("-groupbyparent", argument, count: n) {
                groupByParent = true
            } else {
                shell.err.write("Usage: \(arguments[0]) \(arguments[1]) ?-verbose? ?-groupbyparent?\n")
                return .success
            }
        }
        let indent = groupByParent ? "    " : ""
        let query: Statement
        do {
            try db.add(collateClauseFunction())
            guard let prepared = try db.prepareFirst(fkeyQuery) else { return .success }
            query = prepared
            try query.bind(groupByParent ? 1 : 0, at: 1)
        } catch {
            shell.err.write(message(error) + "\n")
            return .success
        }
        var previousParent: String?
        func text(_ i: Int) -> String? { query.columnType(at: i) == .null ? nil : cString(query.textBytes(at: i)) }
        do {
            while try query.step() {
                guard let eqp = text(0), let glob = text(1) else { continue }
                let from = text(2) ?? "", target = text(3) ?? "", create = text(4) ?? "", parent = text(5) ?? ""
                var covered = -1
                if let explain = try db.prepareFirst(eqp), try explain.step() {
                    if explain.columnType(at: 3) != .null {
                        let plan = cString(explain.textBytes(at: 3))
                        covered = SQLText.glob(glob, matches: plan)
                            || SQLText.glob("SEARCH * USING INTEGER PRIMARY KEY (rowid=?)", matches: plan) ? 1 : 0
                    } else {
                        covered = 0
                    }
                }
                if covered < 0 {
                    shell.err.write("Error: internal error")
                    break
                }
                if groupByParent && (verbose || covered == 0)
                    && (previousParent.map { !SQLText.equalIgnoringCase(parent, $0) } ?? true) {
                    shell.out.write("-- Parent table \(parent)\n")
                    previousParent = parent
                }
                if covered == 0 {
                    shell.out.write("\(indent)\(create) --> \(target)\n")
                } else if verbose {
                    shell.out.write("\(indent)/* no extra indexes required for \(from) -> \(target) */\n")
                }
            }
        } catch {
            shell.err.write(message(error) + "\n")
        }
        return .success
    }

    private static func message(_ error: any Error) -> String {
        (error as? SQLiteError)?.message ?? "\(error)"
    }

    /// Text up to its first NUL, as C reads it.
    private static func cString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// One row per foreign key of the main database: the EXPLAIN QUERY PLAN statement the
    /// foreign key check needs, the plan pattern of a covering index, the child and parent
    /// descriptions, the CREATE INDEX that would serve it, and the parent table.
    static let fkeyQuery = """
        SELECT \
             'EXPLAIN QUERY PLAN SELECT 1 FROM ' || quote(s.name) || ' WHERE '\
          || group_concat(quote(s.name) || '.' || quote(f.[from]) || '=?' \
          || fkey_collate_clause(\
               f.[table], COALESCE(f.[to], p.[name]), s.name, f.[from]),' AND ')\
        , \
             'SEARCH ' || s.name || ' USING COVERING INDEX*('\
          || group_concat('*=?', ' AND ') || ')'\
        , \
             s.name  || '(' || group_concat(f.[from],  ', ') || ')'\
        , \
             f.[table] || '(' || group_concat(COALESCE(f.[to], p.[name])) || ')'\
        , \
             'CREATE INDEX ' || quote(s.name ||'_'|| group_concat(f.[from], '_'))\
          || ' ON ' || quote(s.name) || '('\
          || group_concat(quote(f.[from]) ||\
                fkey_collate_clause(\
                  f.[table], COALESCE(f.[to], p.[name]), s.name, f.[from]), ', ')\
          || ');'\
        , \
             f.[table] \
        FROM sqlite_schema AS s, pragma_foreign_key_list(s.name) AS f \
        LEFT JOIN pragma_table_info AS p ON (pk-1=seq AND p.arg=f.[table]) \
        GROUP BY s.name, f.id \
        ORDER BY (CASE WHEN ? THEN f.[table] ELSE s.name END)
        """

    /// `fkey_collate_clause(PARENT, PARENTCOL, CHILD, CHILDCOL)`: ` COLLATE X` when the
    /// parent column's collation X differs from the child column's, else an empty string.
    /// The function asks the connection it runs on (borrowed from its context), so it
    /// captures nothing.
    private static func collateClauseFunction() -> SQLFunction {
        SQLFunction("fkey_collate_clause", argumentCount: 4, writingResult: { args, result in
            let db = result.connection
            // A column's collation; without a column name, as sqlite3_table_column_metadata,
            // the table's existence gives BINARY.
            func collation(_ table: String?, _ column: String?) -> String? {
                guard let table else { return nil }
                guard let column else { return db.tableExists(table, schema: "main") ? "BINARY" : nil }
                return try? db.columnMetadata(table: table, column: column, schema: "main").collation
            }
            var clause = ""
            if let parent = collation(args[0].string, args[1].string),
               let child = collation(args[2].string, args[3].string),
               !SQLText.equalIgnoringCase(parent, child) {
                clause = " COLLATE " + parent
            }
            result.set(clause)
        })
    }
}
