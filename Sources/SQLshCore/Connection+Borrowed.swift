// The connection a function or a virtual table runs on, as a ``Connection`` that borrows its
// handle (``Connection/init(borrowing:)``): for code that runs SQL on the calling connection
// (`eval`, `define`, `sha3_query`) or asks it about itself, through this library rather
// than the C API.

extension ResultContext {
    /// The connection the function is running on, borrowed: statements prepared on it run
    /// inside the calling statement (a new object per access; keep it for the call).
    ///
    /// ```swift
    /// let db = result.connection
    /// let statement = try db.prepare("select count(*) from sqlite_schema")
    /// ```
    public var connection: Connection { Connection(borrowing: connectionHandle) }
}

extension VirtualTableContext {
    /// The connection the table is made on, borrowed (a table may keep it: SQLite drops the
    /// table before it closes the connection).
    public var connection: Connection { Connection(borrowing: handle) }
}
