import CSQLite
import Glibc

extension Connection {
    /// The current error message (`sqlite3_errmsg`) as SQLite's own bytes: a message that
    /// quotes SQL text need not be valid UTF-8, and ``errorMessage`` would repair it.
    public var errorMessageBytes: [UInt8] {
        guard let text = sqlite3_errmsg(handle) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    }

    /// Turns extended result codes on (the default for connections this library opens) or
    /// off (`sqlite3_extended_result_codes`). With them off, SQLite's C API returns primary
    /// codes only; the `sqlite3` shell runs that way, and its messages quote those codes.
    public func setExtendedResultCodes(_ enabled: Bool) {
        sqlite3_extended_result_codes(handle, enabled ? 1 : 0)
    }
}

/// What SQLite knows of a table column (`sqlite3_table_column_metadata`).
public struct ColumnMetadata: Equatable, Sendable {
    /// The declared type, or nil when the column has none.
    public var declaredType: String?
    /// The name of the column's default collating sequence (`BINARY` unless declared).
    public var collation: String
    /// Whether the column has a NOT NULL constraint.
    public var isNotNull: Bool
    /// Whether the column is part of the primary key.
    public var isPrimaryKey: Bool
    /// Whether the column is AUTOINCREMENT.
    public var isAutoincrement: Bool
}

extension Connection {
    /// The metadata of column `column` of `table`, looked up in `schema` (nil: every schema,
    /// in SQLite's search order).
    ///
    /// ```swift
    /// try db.execute("create table t(a text collate nocase not null)")
    /// try db.columnMetadata(table: "t", column: "a").collation // "NOCASE"
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when there is no such table or column.
    public func columnMetadata(schema: String? = nil, table: String, column: String) throws -> ColumnMetadata {
        var type: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        var notNull: Int32 = 0
        var primaryKey: Int32 = 0
        var autoincrement: Int32 = 0
        let rc = sqlite3_table_column_metadata(handle, schema, table, column, &type, &collation,
                                               &notNull, &primaryKey, &autoincrement)
        try check(rc, handle)
        return ColumnMetadata(declaredType: type.map { String(cString: $0) },
                              collation: collation.map { String(cString: $0) } ?? "BINARY",
                              isNotNull: notNull != 0, isPrimaryKey: primaryKey != 0, isAutoincrement: autoincrement != 0)
    }

    /// Whether `table` exists in `schema` (nil: any schema), and has a column `column` when
    /// one is named; a quick check that prepares nothing.
    public func tableExists(_ table: String, column: String? = nil, schema: String? = nil) -> Bool {
        sqlite3_table_column_metadata(handle, schema, table, column, nil, nil, nil, nil, nil) == SQLITE_OK
    }
}
