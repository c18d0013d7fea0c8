internal import CSQLite

/// A table-valued function to register: a ``TableValuedFunction`` type under a SQL name.
///
/// ```swift
/// let series = SQLTableFunction("my_series", Series.self)
/// try db.add(series)      // select value from my_series(1, 10)
/// try db.remove(series)   // afterwards: "no such table: my_series"
/// ```
///
/// The same type may be registered under several names. Like ``SQLFunction``, it is
/// `Sendable`: SQLite runs its cursors on whatever thread runs the statement.
public struct SQLTableFunction: Sendable {
    /// The SQL name (the name of the eponymous virtual table module).
    public let name: String
    @usableFromInline let module: TableValuedModuleBox

    /// The table-valued function `type` under `name`; SQLite creates each cursor with `T()`.
    @inlinable
    public init<T: TableValuedFunction>(_ name: String, _ type: T.Type) {
        self.name = name
        self.module = TableValuedModuleBox(type)
    }

    /// A table-valued function whose cursors `makeCursor` creates, one per scan: for cursors
    /// that need context the type cannot build alone (for instance the connection they
    /// query). Capture the connection's handle, not the ``Connection``, since the
    /// registration lives as long as the connection.
    @inlinable @preconcurrency
    public init<T: TableValuedFunction>(_ name: String, _ type: T.Type, makeCursor: @escaping @Sendable () -> T) {
        self.name = name
        self.module = TableValuedModuleBox(type, makeCursor: makeCursor)
    }
}

extension Connection {
    /// Registers a table-valued function (an eponymous virtual table module), replacing any
    /// module of that name.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    public func add(_ function: SQLTableFunction) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let box = Unmanaged.passRetained(function.module).toOpaque()
        // On failure SQLite calls the destructor itself, which releases the box.
        let rc = sqlite3_create_module_v2(handle, function.name, tableValuedModule, box, releaseTableValuedModuleBox)
        try check(rc, handle)
    }

    /// Unregisters a table-valued function: the module of its name, whatever it is.
    /// Afterwards using it is SQLite's "no such table" error. Removing a name that is not
    /// registered does nothing.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while a statement of this connection is
    ///   running, since a running statement may be reading the module's table.
    public func remove(_ function: SQLTableFunction) throws {
        try removeTableValuedFunction(named: function.name)
    }

    /// Registers a table-valued function: the same as `add(SQLTableFunction(name, type))`.
    @inlinable
    public func addTableValuedFunction<T: TableValuedFunction>(_ name: String, _ type: T.Type) throws {
        try add(SQLTableFunction(name, type))
    }

    /// Registers a table-valued function whose cursors `makeCursor` creates: the same as
    /// `add(SQLTableFunction(name, type, makeCursor: makeCursor))`.
    @inlinable @preconcurrency
    public func addTableValuedFunction<T: TableValuedFunction>(_ name: String, _ type: T.Type,
                                                               makeCursor: @escaping @Sendable () -> T) throws {
        try add(SQLTableFunction(name, type, makeCursor: makeCursor))
    }

    /// Unregisters the virtual table module `name` (a table-valued function or any other
    /// module); afterwards using it is SQLite's "no such table" error. Removing a name that is
    /// not registered does nothing.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while a statement of this connection is
    ///   running, since a running statement may be reading the module's table.
    public func removeTableValuedFunction(named name: String) throws {
        try checkNoRunningStatement()
        let rc = sqlite3_create_module_v2(handle, name, nil, nil, nil)
        try check(rc, handle)
    }

    /// Drops every virtual table module except those named in `keep`
    /// (`sqlite3_drop_modules`), built-in ones such as `json_each` included.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while a statement of this connection is running.
    public func dropModules(keeping keep: [String]) throws {
        try checkNoRunningStatement()
        var names = keep.map { copyToSQLiteMemory($0) }
        names.append(nil)
        defer { for p in names { sqlite3_free(p) } }
        let rc = names.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                sqlite3_drop_modules(handle, $0)
            }
        }
        try check(rc, handle)
    }

    /// The names of the registered virtual table modules (`PRAGMA module_list`).
    public func moduleNames() throws -> [String] {
        let statement = try prepare("PRAGMA module_list")
        var names: [String] = []
        while try statement.step() {
            if case .text(let name) = statement.value(at: 0) { names.append(name) }
        }
        return names
    }

    private func checkNoRunningStatement() throws {
        var statement = sqlite3_next_stmt(handle, nil)
        while let s = statement {
            if sqlite3_stmt_busy(s) != 0 {
                throw SQLiteError(code: SQLITE_BUSY, message: "unable to drop a module while statements are running")
            }
            statement = sqlite3_next_stmt(handle, s)
        }
    }
}
