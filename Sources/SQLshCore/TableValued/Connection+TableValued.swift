import CSQLite

extension Connection {
    /// Registers a table-valued function (an eponymous virtual table module named `name`),
    /// replacing any module of that name.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    @inlinable
    public func addTableValuedFunction<T: TableValuedFunction>(_ name: String, _ type: T.Type) throws {
        try addTableValuedModule(name, TableValuedModuleBox(type))
    }

    /// Registers a table-valued function whose cursors `makeCursor` creates, one per scan:
    /// for cursors that need context the type cannot build alone (for instance the
    /// connection they query). Capture the connection's handle, not the ``Connection``,
    /// since the registration lives as long as the connection.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    @inlinable
    public func addTableValuedFunction<T: TableValuedFunction>(_ name: String, _ type: T.Type,
                                                               makeCursor: @escaping () -> T) throws {
        try addTableValuedModule(name, TableValuedModuleBox(type, makeCursor: makeCursor))
    }

    @usableFromInline
    func addTableValuedModule(_ name: String, _ module: TableValuedModuleBox) throws {
        let box = Unmanaged.passRetained(module).toOpaque()
        // On failure SQLite calls the destructor itself, which releases the box.
        let rc = sqlite3_create_module_v2(handle, name, tableValuedModule, box, releaseTableValuedModuleBox)
        try check(rc, handle)
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
