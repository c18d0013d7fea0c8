internal import CSQLite

/// What the schema declares about a table column (`sqlite3_table_column_metadata`).
public struct ColumnMetadata: Equatable, Sendable {
    /// The declared type (`INTEGER`, `VARCHAR(10)`), or nil when none was declared.
    public var declaredType: String?
    /// The collating sequence's name (`BINARY` unless one was declared).
    public var collation: String
    /// Whether the column has a NOT NULL constraint.
    public var isNotNull: Bool
    /// Whether the column is part of the primary key.
    public var isPrimaryKey: Bool
    /// Whether the column is an AUTOINCREMENT rowid alias.
    public var isAutoincrement: Bool
}

extension Connection {
    /// The declared facts of a column, looked up in `schema` or, when nil, in every schema as
    /// SQL name resolution does.
    ///
    /// - Throws: ``SQLiteError`` (`no such table column: t.c`) when the table or the column
    ///   does not exist.
    public func columnMetadata(table: String, column: String, schema: String? = nil) throws -> ColumnMetadata {
        var type: UnsafePointer<CChar>?, collation: UnsafePointer<CChar>?
        var notNull: Int32 = 0, primaryKey: Int32 = 0, autoincrement: Int32 = 0
        let rc = sqlite3_table_column_metadata(handle, schema, table, column, &type, &collation,
                                               &notNull, &primaryKey, &autoincrement)
        try check(rc, handle)
        return ColumnMetadata(
            declaredType: type.map { String(cString: $0) },
            collation: collation.map { String(cString: $0) } ?? "BINARY",
            isNotNull: notNull != 0, isPrimaryKey: primaryKey != 0, isAutoincrement: autoincrement != 0)
    }

    /// Whether a table (or view) exists, in `schema` or, when nil, in any schema. Loads the
    /// schema when it was not read yet.
    public func tableExists(_ table: String, schema: String? = nil) -> Bool {
        sqlite3_table_column_metadata(handle, schema, table, nil, nil, nil, nil, nil, nil) == SQLITE_OK
    }
}
