import CSQLite
import SQLshCore

extension Shell {
    /// Binds a statement's parameters from `temp.sqlite_parameters` (`.parameter set`), as
    /// sqlite3 does: by name (`$x`, `:x`, `@x`, `?NNN`), or `?N` for nameless ones; parameters
    /// without a value are bound to NULL. Nothing happens when the table does not exist.
    func bindParameters(_ statement: OpaquePointer) {
        let count = sqlite3_bind_parameter_count(statement)
        guard count > 0 else { return }
        let db = connection.handle
        guard sqlite3_table_column_metadata(db, "TEMP", "sqlite_parameters", "key", nil, nil, nil, nil, nil) == SQLITE_OK else { return }
        var query: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT value FROM temp.sqlite_parameters WHERE key=?1", -1, &query, nil) == SQLITE_OK,
              let query else { sqlite3_finalize(query); return }
        defer { sqlite3_finalize(query) }
        for i in 1...count {
            let name = sqlite3_bind_parameter_name(statement, i).map { String(cString: $0) } ?? "?\(i)"
            sqlite3_bind_text(query, 1, name, -1, sqlsh_sqlite_transient())
            if sqlite3_step(query) == SQLITE_ROW {
                sqlite3_bind_value(statement, i, sqlite3_column_value(query, 0))
            } else {
                sqlite3_bind_null(statement, i)
            }
            sqlite3_reset(query)
        }
    }
}
