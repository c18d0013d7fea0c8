import SQLshCore

extension Shell {
    /// Binds a statement's parameters from `temp.sqlite_parameters` (`.parameter set`), as
    /// sqlite3 does: by name (`$x`, `:x`, `@x`, `?NNN`), or `?N` for nameless ones; parameters
    /// without a value are bound to NULL. Nothing happens when the table does not exist.
    func bindParameters(_ statement: Statement) {
        let count = statement.parameterCount
        guard count > 0 else { return }
        guard (try? connection.columnMetadata(table: "sqlite_parameters", column: "key", schema: "TEMP")) != nil,
              let query = try? connection.prepareFirst("SELECT value FROM temp.sqlite_parameters WHERE key=?1") else { return }
        for i in 1...count {
            let name = statement.parameterName(at: i) ?? "?\(i)"
            try? query.bind(name, at: 1)
            if (try? query.step()) == true {
                try? statement.bindValue(of: query, column: 0, at: i)
            } else {
                try? statement.bindNull(at: i)
            }
            query.reset()
        }
    }
}
