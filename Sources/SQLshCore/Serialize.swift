import CSQLite

extension Connection {
    /// The bytes of a database exactly as they would be on disk (`sqlite3_serialize`): the
    /// way to get at the pages of an in-memory or temporary database, which have no file.
    ///
    /// ```swift
    /// let db = try Connection()
    /// try db.execute("create table t(x); insert into t values(1)")
    /// let image = try db.serialize()   // starts with "SQLite format 3\0"
    /// ```
    ///
    /// - Parameter schema: `main`, `temp` or the name of an attached database.
    /// - Returns: a copy of the database image; empty for a database with no pages yet.
    /// - Throws: ``SQLiteError`` when there is no such schema or SQLite cannot read its pages.
    public func serialize(schema: String = "main") throws -> [UInt8] {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        guard sqlite3_db_filename(handle, schema) != nil else {
            throw SQLiteError(code: SQLITE_ERROR, message: "unknown database \(schema)")
        }
        var size: sqlite3_int64 = 0
        guard let memory = sqlite3_serialize(handle, schema, &size, 0) else {
            // No pages yet is not an error: an empty database serializes to nothing.
            if size == 0 { return [] }
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot serialize database \(schema)")
        }
        defer { sqlite3_free(memory) }
        return Array(UnsafeBufferPointer(start: memory, count: Int(clamping: size)))
    }
}
