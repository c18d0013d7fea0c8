import CSQLite

/// `.lint fkey-indexes ?-verbose? ?-groupbyparent?`: for each foreign key of the main
/// database, whether an index on the child table serves it, else the `CREATE INDEX` that
/// would, found with sqlite3 3.40.1's query and `EXPLAIN QUERY PLAN` test.
struct LintCommand: DotCommand {
    static let name = "lint"
    static let minimumPrefix = 3
    static let usage = ".lint OPTIONS"
    static let summary = "Report potential schema issues."
    static let details = """
         Options:
            fkey-indexes     Find missing foreign key indexes
    """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        let db = shell.connection.handle
        let sub = arguments.count >= 2 ? arguments[1] : ""
        guard !sub.isEmpty, sqlite3_strnicmp(sub, "fkey-indexes", Int32(sub.utf8.count)) == 0 else {
            shell.err.write("Usage \(arguments[0]) sub-command ?switches...?\nWhere sub-commands are:\n    fkey-indexes\n")
            return .success
        }
        var verbose = false, groupByParent = false
        for argument in arguments.dropFirst(2) {
            let n = Int32(argument.utf8.count)
            if n > 1 && sqlite3_strnicmp("-verbose", argument, n) == 0 {
                verbose = true
            } else if n > 1 && sqlite3_strnicmp("-groupbyparent", argument, n) == 0 {
                groupByParent = true
            } else {
                shell.err.write("Usage: \(arguments[0]) \(arguments[1]) ?-verbose? ?-groupbyparent?\n")
                return .success
            }
        }
        let indent = groupByParent ? "    " : ""
        var rc = sqlite3_create_function(db, "fkey_collate_clause", 4, SQLITE_UTF8, nil, { context, _, argv in
            guard let context, let argv else { return }
            LintCommand.fkeyCollateClause(context, argv)
        }, nil, nil)
        var query: OpaquePointer?
        if rc == SQLITE_OK { rc = sqlite3_prepare_v2(db, fkeyQuery, -1, &query, nil) }
        guard rc == SQLITE_OK, let query else {
            shell.err.write(String(cString: sqlite3_errmsg(db)) + "\n")
            return .success
        }
        sqlite3_bind_int(query, 1, groupByParent ? 1 : 0)
        var previousParent: String?
        func text(_ i: Int32) -> String? { sqlite3_column_text(query, i).map { String(cString: $0) } }
        while sqlite3_step(query) == SQLITE_ROW {
            guard let eqp = text(0), let glob = text(1) else { continue }
            let from = text(2) ?? "", target = text(3) ?? "", create = text(4) ?? "", parent = text(5) ?? ""
            var explain: OpaquePointer?
            rc = sqlite3_prepare_v2(db, eqp, -1, &explain, nil)
            if rc != SQLITE_OK { break }
            var covered = -1
            if sqlite3_step(explain) == SQLITE_ROW {
                if let plan = sqlite3_column_text(explain, 3) {
                    let planText = String(cString: plan)
                    covered = sqlite3_strglob(glob, planText) == 0
                        || sqlite3_strglob("SEARCH * USING INTEGER PRIMARY KEY (rowid=?)", planText) == 0 ? 1 : 0
                } else {
                    covered = 0
                }
            }
            rc = sqlite3_finalize(explain)
            if rc != SQLITE_OK { break }
            if covered < 0 {
                shell.err.write("Error: internal error")
                break
            }
            if groupByParent && (verbose || covered == 0)
                && (previousParent == nil || sqlite3_stricmp(parent, previousParent!) != 0) {
                shell.out.write("-- Parent table \(parent)\n")
                previousParent = parent
            }
            if covered == 0 {
                shell.out.write("\(indent)\(create) --> \(target)\n")
            } else if verbose {
                shell.out.write("\(indent)/* no extra indexes required for \(from) -> \(target) */\n")
            }
        }
        if rc != SQLITE_OK { shell.err.write(String(cString: sqlite3_errmsg(db)) + "\n") }
        let rc2 = sqlite3_finalize(query)
        if rc == SQLITE_OK && rc2 != SQLITE_OK { shell.err.write(String(cString: sqlite3_errmsg(db)) + "\n") }
        return .success
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
    fileprivate static func fkeyCollateClause(_ context: OpaquePointer, _ argv: UnsafeMutablePointer<OpaquePointer?>) {
        let db = sqlite3_context_db_handle(context)
        func text(_ i: Int) -> UnsafePointer<CChar>? {
            sqlite3_value_text(argv[i]).map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
        }
        sqlite3_result_text(context, "", 0, sqlsh_sqlite_transient())
        var parentCollation: UnsafePointer<CChar>?, childCollation: UnsafePointer<CChar>?
        var rc = sqlite3_table_column_metadata(db, "main", text(0), text(1), nil, &parentCollation, nil, nil, nil)
        if rc == SQLITE_OK {
            rc = sqlite3_table_column_metadata(db, "main", text(2), text(3), nil, &childCollation, nil, nil, nil)
        }
        if rc == SQLITE_OK, let parentCollation, sqlite3_stricmp(parentCollation, childCollation) != 0 {
            let clause = " COLLATE " + String(cString: parentCollation)
            sqlite3_result_text(context, clause, -1, sqlsh_sqlite_transient())
        }
    }
}
