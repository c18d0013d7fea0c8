// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

/// A prepared statement.
///
/// Column accessors read the current row directly (`sqlite3_column_*`). Text and blob
/// accessors return buffers owned by SQLite, valid until the next step, reset or conversion of
/// that column; use ``string(at:)`` or ``value(at:)`` for owned copies.
public final class Statement {
    /// The `sqlite3_stmt *` handle, for code that calls SQLite's C API itself
    /// (`@_spi(RawSQLite) import SQLshCore`).
    @_spi(RawSQLite) public var handle: OpaquePointer { statement }
    /// The handle, for this module's inlinable accessors (an SPI declaration cannot be used
    /// in inlinable code).
    @usableFromInline let statement: OpaquePointer
    /// The connection the statement belongs to (kept alive by the statement).
    public let connection: Connection
    /// Column and parameter names for the record coders (Records/), built on first use.
    var recordCache: RecordCache?

    init(handle: OpaquePointer, connection: Connection) {
        self.statement = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// The SQL text of the statement.
    public var sql: String { sqlite3_sql(statement).map { String(cString: $0) } ?? "" }

    /// The SQL text with bound parameters expanded.
    public var expandedSQL: String? {
        guard let p = sqlite3_expanded_sql(statement) else { return nil }
        defer { sqlite3_free(p) }
        return String(cString: p)
    }

    /// Whether the statement makes no direct change to the database.
    public var isReadOnly: Bool { sqlite3_stmt_readonly(statement) != 0 }

    /// 1 for `EXPLAIN`, 2 for `EXPLAIN QUERY PLAN`, 0 otherwise.
    public var explainMode: Int32 { sqlite3_stmt_isexplain(statement) }

    // MARK: Stepping

    /// Runs the statement to its next row.
    /// - Returns: `true` when a row is available, `false` when the statement is done.
    /// - Throws: ``SQLiteError`` with the extended code and SQLite's message.
    public func step() throws -> Bool {
        let rc = sqlite3_step(statement)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw SQLiteError.from(connection.handle, code: rc)
    }

    /// Resets the statement so it can run again; bindings are kept.
    public func reset() { sqlite3_reset(statement) }

    // MARK: Binding

    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`).
    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(statement)) }

    /// The name of parameter `index` (1-based, with its prefix character), or nil for `?`.
    public func parameterName(at index: Int) -> String? {
        sqlite3_bind_parameter_name(statement, Int32(index)).map { String(cString: $0) }
    }

    /// The 1-based index of a named parameter (with its prefix: `:id`), or nil.
    public func parameterIndex(named name: String) -> Int? {
        let i = sqlite3_bind_parameter_index(statement, name)
        return i > 0 ? Int(i) : nil
    }

    /// Binds a value to parameter `index` (1-based); nil binds NULL.
    public func bind(_ value: (any SQLValueConvertible)?, at index: Int) throws {
        let i = Int32(index)
        let rc: Int32
        switch try value?.encodedSQLValue() ?? .null {
        case .null: rc = sqlite3_bind_null(statement, i)
        case .integer(let v): rc = sqlite3_bind_int64(statement, i, v)
        case .real(let v): rc = sqlite3_bind_double(statement, i, v)
        case .text(var s):
            rc = s.withUTF8 { bindText($0, at: i) }
        case .blob(let b):
            rc = b.isEmpty ? sqlite3_bind_zeroblob(statement, i, 0)
                : b.withUnsafeBytes { sqlite3_bind_blob64(statement, i, $0.baseAddress, sqlite3_uint64($0.count), sqlsh_sqlite_transient()) }
        }
        try check(rc, connection.handle)
    }

    /// Binds UTF-8 bytes as text to parameter `index` (1-based), copied by SQLite; embedded NUL
    /// bytes are kept, and an empty buffer binds empty text, not NULL.
    ///
    /// `@inlinable`: a caller in another module (`.import`, a field per call) reaches
    /// `sqlite3_bind_text64` directly.
    @inlinable
    public func bindText(utf8 bytes: UnsafeBufferPointer<UInt8>, at index: Int) throws {
        // A nil pointer would bind NULL: empty text needs a valid one.
        let text = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        let rc = sqlite3_bind_text64(statement, Int32(clamping: index), text.assumingMemoryBound(to: CChar.self),
                                     sqlite3_uint64(bytes.count), sqlsh_sqlite_transient(), UInt8(SQLITE_UTF8))
        if rc != SQLITE_OK { throw bindingError(rc) }
    }

    /// The error a failed bind reports, read from the connection.
    @usableFromInline
    func bindingError(_ code: Int32) -> SQLiteError { SQLiteError.from(connection.handle, code: code) }

    /// Binds bytes as a blob to parameter `index` (1-based), copied by SQLite; an empty buffer
    /// binds an empty blob, not NULL.
    public func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int) throws {
        let rc = bytes.isEmpty ? sqlite3_bind_zeroblob(handle, Int32(index), 0)
            : sqlite3_bind_blob64(handle, Int32(index), bytes.baseAddress, sqlite3_uint64(bytes.count), sqlsh_sqlite_transient())
        try check(rc, connection.handle)
    }

    private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
        // A nil pointer would bind NULL: empty text needs a valid one.
        withUnsafePointer(to: 0 as CChar) { empty in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? empty
            return sqlite3_bind_text64(handle, index, base, sqlite3_uint64(bytes.count), sqlsh_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    /// Binds a value to a named parameter (name with its prefix: `:id`, `@id`, `$id`).
    public func bind(_ value: (any SQLValueConvertible)?, named name: String) throws {
        guard let index = parameterIndex(named: name) else {
            throw SQLiteError(code: SQLITE_RANGE, message: "no such parameter: \(name)")
        }
        try bind(value, at: index)
    }

    /// Binds values to parameters 1, 2, ... in order.
    public func bind(_ values: [(any SQLValueConvertible)?]) throws {
        for (i, v) in values.enumerated() { try bind(v, at: i + 1) }
    }

    /// Sets every parameter to NULL.
    public func clearBindings() { sqlite3_clear_bindings(handle) }

    // MARK: Columns

    /// The number of result columns.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The number of columns in the current row (0 after the statement is done).
    public var dataCount: Int { Int(sqlite3_data_count(handle)) }

    /// The name of column `index` (0-based).
    public func columnName(at index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// The declared type of column `index` as written in CREATE TABLE, or nil for expressions.
    public func columnDeclaredType(at index: Int) -> String? {
        sqlite3_column_decltype(handle, Int32(index)).map { String(cString: $0) }
    }

    /// The bytes of column `index`'s name as SQLite holds them (not repaired into valid
    /// UTF-8, unlike ``columnName(at:)``), valid while the statement lives; empty when SQLite
    /// has no name.
    public func columnNameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_column_name(handle, Int32(index)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        let bytes = UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
        var n = 0
        while bytes[n] != 0 { n += 1 }
        return UnsafeBufferPointer(start: bytes, count: n)
    }

    // The accessors below are the hot path of every output mode: `@inlinable`, so a caller in
    // another module calls `sqlite3_column_*` directly, with nothing copied.

    /// The storage class of column `index` in the current row.
    @inlinable
    public func columnType(at index: Int) -> StorageType {
        StorageType(code: sqlite3_column_type(statement, Int32(index)))
    }

    /// Column `index` as a 64-bit integer (SQLite's conversions: NULL is 0, a real is truncated).
    @inlinable
    public func int64(at index: Int) -> Int64 { sqlite3_column_int64(statement, Int32(index)) }

    /// Column `index` as a double (SQLite's conversions: NULL is 0.0).
    @inlinable
    public func double(at index: Int) -> Double { sqlite3_column_double(statement, Int32(index)) }

    /// The column's text form as UTF-8 bytes owned by SQLite (embedded NULs kept); empty for NULL.
    @inlinable
    public func textBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_column_text(statement, Int32(index)) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, Int32(index))))
    }

    /// The column's text form as UTF-8 bytes owned by SQLite (embedded NULs kept), or nil for
    /// NULL: ``textBytes(at:)`` that tells NULL from empty text without asking for the type.
    @inlinable
    public func textBytesOrNil(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let p = sqlite3_column_text(statement, Int32(index)) else { return nil }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, Int32(index))))
    }

    /// The column's bytes as a blob, owned by SQLite; empty for NULL or an empty blob.
    @inlinable
    public func blobBytes(at index: Int) -> UnsafeRawBufferPointer {
        guard let p = sqlite3_column_blob(statement, Int32(index)) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: Int(sqlite3_column_bytes(statement, Int32(index))))
    }

    /// The column's text form as a String, or nil for NULL.
    public func string(at index: Int) -> String? {
        columnType(at: index) == .null ? nil : String(decoding: textBytes(at: index), as: UTF8.self)
    }

    /// An owned copy of column `index`.
    public func value(at index: Int) -> SQLValue {
        switch columnType(at: index) {
        case .null: return .null
        case .integer: return .integer(int64(at: index))
        case .real: return .real(double(at: index))
        case .text: return .text(String(decoding: textBytes(at: index), as: UTF8.self))
        case .blob: return .blob(Array(blobBytes(at: index)))
        }
    }

    /// Converts column `index` to `T`, throwing ``ValueConversionError`` when it cannot.
    public func decode<T: SQLValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
        try T.fromSQLValue(value(at: index))
    }
}
