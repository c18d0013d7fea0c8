internal import CSQLite

/// A connection to a SQLite database.
///
/// ```swift
/// let db = try Connection(path: ":memory:")
/// try db.execute("create table t(x); insert into t values (1), (2)")
/// let statement = try db.prepare("select sum(x) from t")
/// _ = try statement.step()
/// print(statement.int64(at: 0)) // 3
/// ```
///
/// A connection is used from one thread at a time (it is not `Sendable`), except
/// ``interrupt()``, which any thread may call while a statement runs; its
/// ``interruptHandle`` is `Sendable`, for other tasks and threads to keep.
public final class Connection {
    /// The `sqlite3 *` handle, for anything this library does not wrap.
    @_spi(RawSQLite) public let handle: OpaquePointer
    /// The filename the connection was opened with.
    public let path: String
    /// Whether ``close()`` succeeded. A closed connection refuses to prepare statements
    /// (`SQLITE_MISUSE`); its raw `handle` must not be used.
    public private(set) var isClosed = false
    /// Whether the connection borrows a handle owned elsewhere (`init(borrowing:)`): it never
    /// closes it.
    public let isBorrowed: Bool
    /// Interrupts this connection's running statement from any thread or task, and is safe to
    /// keep after the connection is closed.
    public let interruptHandle: InterruptHandle
    /// The connection's ``ConnectionAnchor``, once something asked for it.
    private var madeAnchor: ConnectionAnchor?

    /// A reference to this connection that does not keep it alive and is nil once it is
    /// gone (see ``ConnectionAnchor``); the same one at every call.
    public var anchor: ConnectionAnchor {
        if let madeAnchor { return madeAnchor }
        let anchor = ConnectionAnchor(self)
        madeAnchor = anchor
        return anchor
    }
    // Swift closures given to SQLite hooks, kept alive while installed.
    /// The progress observers (ProgressObservers.swift) and the one ``setProgressHandler(instructions:_:)`` set.
    var progressObservers: ProgressObservers?
    var progressHandlerID: ProgressObserverID?
    var authorizerBox: AnyObject?
    var traceBox: AnyObject?
    /// What registers missing functions when a statement names them (``registerOnDemand(_:)``).
    var onDemand: ((Connection, MissingName) -> Bool)?
    /// What rewrites statements that fail to prepare (``rewriteFailedStatements(_:)``).
    var statementRewriter: ((Connection, FailedStatement) -> StatementRewrite?)?
    /// What runs before each statement is prepared (``beforePreparing(_:)``), and whether it
    /// is running (its own statements do not run it again).
    var beforePrepare: ((Connection) -> Void)?
    var isRunningBeforePrepare = false
    /// Objects SQLite's registrations point at without owning them, released with the
    /// connection (the deferred functions' tables).
    var keptAlive: [AnyObject] = []

    /// Opens a database.
    ///
    /// - Parameters:
    ///   - path: a filename, `:memory:` or `""` (a private temporary database), or a URI
    ///     filename (`file:data.db?mode=ro`) when `flags` contains ``OpenFlags/uri``.
    ///   - flags: see ``OpenFlags``; read-write, create and URI by default.
    ///   - vfs: the name of the VFS to use, or nil for the default.
    /// - Throws: ``SQLiteError`` when the database cannot be opened.
    public init(path: String = ":memory:", flags: OpenFlags = .default, vfs: String? = nil) throws {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags.rawValue, vfs)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError.from(db, code: rc)
            sqlite3_close_v2(db)
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        self.handle = db
        self.path = path
        self.isBorrowed = false
        self.interruptHandle = InterruptHandle(db)
    }

    /// A connection over a handle someone else opened and will close: the connection a SQL
    /// function or a virtual table runs on, for example. The handle is used as it is (its
    /// settings are not changed) and never closed: ``close()`` does nothing, and the handle
    /// must outlive this object and the statements it prepares.
    ///
    /// ```swift
    /// SQLFunction("row_count", argumentCount: 1, options: .directOnly) { args, result in
    ///     let db = result.connection  // borrowed: the caller's connection
    ///     let statement = try db.prepare("select count(*) from " + (args[0].string ?? ""))
    ///     _ = try statement.step()
    ///     result.set(statement.int64(at: 0))
    /// }
    /// ```
    ///
    /// Statements it prepares name functions the owning ``Connection`` registers on demand
    /// (``registerOnDemand(_:)``) as statements prepared by the owner do.
    @_spi(RawSQLite) public init(borrowing handle: OpaquePointer) {
        self.handle = handle
        self.path = sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
        self.isBorrowed = true
        self.interruptHandle = InterruptHandle(handle)
    }

    deinit {
        madeAnchor?.target = nil
        if onDemand != nil || statementRewriter != nil { OpenConnections.remove(handle) }
        interruptHandle.invalidate()
        if !isClosed && !isBorrowed {
            // Closed first: the virtual tables SQLite lets go of while closing still find
            // their connection's state.
            sqlite3_close_v2(handle)
            UntrustedSQL.forget(handle)
        }
    }

    /// Closes the connection.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) when statements or backups are still open;
    ///   the connection then stays open and usable.
    public func close() throws {
        guard !isClosed, !isBorrowed else { return }
        // sqlite3_close fails (and the connection stays open) while statements are open; the
        // interrupt handle is cleared first so that no interrupt can race with the close.
        interruptHandle.invalidate()
        let rc = sqlite3_close(handle)
        guard rc == SQLITE_OK else {
            interruptHandle.revalidate(handle)
            throw SQLiteError.from(handle, code: rc)
        }
        if onDemand != nil || statementRewriter != nil { OpenConnections.remove(handle) }
        UntrustedSQL.forget(handle)
        isClosed = true
    }

    // MARK: Running SQL

    /// Prepares the first statement of `sql`.
    ///
    /// - Returns: the statement, or nil when `sql` holds only whitespace and comments.
    /// - Throws: ``SQLiteError`` with the error's byte offset in `sql`.
    public func prepareFirst(_ sql: String) throws -> Statement? {
        var sql = sql
        return try sql.withUTF8 { try prepare(utf8: $0).statement }
    }

    /// Prepares a single statement; text after it (other than whitespace and comments) is an
    /// error, so that nothing is silently ignored.
    public func prepare(_ sql: String) throws -> Statement {
        var text = sql
        return try text.withUTF8 { buffer in
            let (statement, consumed) = try prepare(utf8: buffer)
            guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement in \"\(sql)\"") }
            let rest = UnsafeBufferPointer(rebasing: buffer[consumed...])
            let next: Statement?
            do {
                next = try prepare(utf8: rest).statement
            } catch var error as SQLiteError {
                error.offset = error.offset.map { $0 + consumed }
                throw error
            }
            if next != nil {
                throw SQLiteError(code: SQLITE_MISUSE, message: "more than one SQL statement; use execute(_:) or statements(in:)")
            }
            return statement
        }
    }

    /// Prepares the first statement in a UTF-8 buffer, walking SQLite's prepare tail.
    ///
    /// This is how scripts run statement by statement without splitting SQL in Swift: call it
    /// again on the bytes after `consumed` until they are used up.
    ///
    /// - Returns: the statement (nil for whitespace or comments only) and how many bytes of the
    ///   buffer it consumed.
    /// - Throws: ``SQLiteError``; its `offset` is relative to the start of `utf8`.
    public func prepare(utf8: UnsafeBufferPointer<UInt8>) throws -> (statement: Statement?, consumed: Int) {
        var parsed = 0
        return try prepare(utf8: utf8, parsed: &parsed)
    }

    /// ``prepare(utf8:)`` that also tells how far SQLite read, when it fails too: `parsed` is
    /// the length of the text before SQLite's prepare tail (after a syntax error, the text up
    /// to where parsing stopped), for messages that quote the rest, as `sha3_query`'s
    /// `error SQL statement [REST]: MESSAGE` does.
    ///
    /// ```swift
    /// var parsed = 0
    /// do { _ = try db.prepare(utf8: sql, parsed: &parsed) }
    /// catch { print(String(decoding: sql[parsed...], as: UTF8.self)) }  // the unread rest
    /// ```
    public func prepare(utf8: UnsafeBufferPointer<UInt8>, parsed: inout Int) throws -> (statement: Statement?, consumed: Int) {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        if beforePrepare != nil { runBeforePrepare() }
        let (stmt, consumed) = try rawPrepare(handle, utf8, onDemand: onDemandOwner, parsed: &parsed)
        return (stmt.map { Statement(handle: $0, connection: self) }, consumed)
    }

    /// Who registers what a failed prepare reports missing: this connection, or for a borrowed
    /// one the ``Connection`` that owns the handle (looked up only after a failure).
    private var onDemandOwner: OnDemandOwner {
        if isBorrowed { return .owner(of: handle) }
        return onDemand == nil && statementRewriter == nil ? .none : .connection(self)
    }

    /// Runs every statement of `sql` in order, discarding rows.
    public func execute(_ sql: String) throws {
        var sql = sql
        try sql.withUTF8 { try execute(utf8: $0) }
    }

    /// Runs every statement in a UTF-8 buffer in order, discarding rows, stopping at the first
    /// error (as `sqlite3_exec`, but the buffer needs no NUL and may hold bytes that are not
    /// valid UTF-8).
    public func execute(utf8 sql: UnsafeBufferPointer<UInt8>) throws {
        var rest = sql
        while !rest.isEmpty {
            let (statement, consumed) = try prepare(utf8: rest)
            if let statement { while try statement.step() {} }
            rest = UnsafeBufferPointer(rebasing: rest[consumed...])
        }
    }

    /// The first column of the first row of a query, or nil when there is no row.
    public func scalar(_ sql: String) throws -> SQLValue? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    // MARK: State

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int64 { sqlite3_changes64(handle) }
    /// Rows changed since the connection opened.
    public var totalChanges: Int64 { sqlite3_total_changes64(handle) }
    /// The rowid of the most recent successful INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Whether no transaction is open.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
    /// The current error message (`sqlite3_errmsg`).
    public var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }
    /// The current extended result code.
    public var extendedErrorCode: Int32 { sqlite3_extended_errcode(handle) }
    /// The byte offset of the most recent error in its SQL text, when known.
    public var errorOffset: Int? {
        let offset = sqlite3_error_offset(handle)
        return offset >= 0 ? Int(offset) : nil
    }
    /// The filename of an attached database (`main` by default); empty for in-memory databases.
    public func filename(schema: String = "main") -> String? {
        sqlite3_db_filename(handle, schema).map { String(cString: $0) }
    }
    /// Whether a schema is read-only, or nil when there is no such schema.
    public func isReadOnly(schema: String = "main") -> Bool? {
        switch sqlite3_db_readonly(handle, schema) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }

    // MARK: Interrupting and waiting

    /// Makes the running statement stop with `SQLITE_INTERRUPT`. Safe from any thread while
    /// the connection is open; to interrupt from another task, give it ``interruptHandle``,
    /// which is `Sendable` and does nothing once the connection is closed.
    ///
    /// A signal handler cannot touch Swift objects; it calls `sqlite3_interrupt(handle)` itself.
    public func interrupt() { interruptHandle.interrupt() }

    /// Sets how long a statement waits for a lock before failing with `SQLITE_BUSY`.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    // MARK: Extensions

    /// Turns loading of SQLite extensions (C API and `load_extension()` SQL function) on or off.
    ///
    /// The SQL function is the core's own copy of SQLite's, with its checks and messages, plus
    /// the core's check of a direct-only function at each call (``FunctionOptions/directOnly``):
    /// a CHECK constraint of a database cannot load code, which SQLite's own would let it do.
    public func setExtensionLoading(enabled: Bool) throws {
        try check(sqlite3_enable_load_extension(handle, enabled ? 1 : 0), handle)
        guard enabled else { return }
        for count in [1, 2] {
            try add(SQLFunction("load_extension", argumentCount: count, options: [.directOnly, .init(rawValue: SQLITE_UTF8)],
                                writingResult: loadExtensionFunction))
        }
    }

    /// Loads a SQLite loadable extension.
    /// - Throws: ``SQLiteError`` with SQLite's message when the file or entry point is missing.
    public func loadExtension(path: String, entryPoint: String? = nil) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_load_extension(handle, path, entryPoint, &message)
        if rc != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text)
        }
    }
}

/// Holds a Swift closure for a C callback's user-data pointer.
final class CallbackBox<Callback> {
    let callback: Callback
    init(_ callback: Callback) { self.callback = callback }
}

/// `load_extension(FILE[, ENTRY])` as SQLite's built-in: loads through the C API; NULL as
/// the file name loads nothing; SQLite's message on failure.
private func loadExtensionFunction(_ arguments: Arguments, _ result: ResultContext) throws {
    guard let db = sqlite3_context_db_handle(result.rawValue) else { return }
    guard let values = arguments.values, let file = sqlite3_value_text(values[0]) else { return }
    let entry = arguments.count > 1 ? sqlite3_value_text(values[1]) : nil
    var message: UnsafeMutablePointer<CChar>?
    let rc = file.withMemoryRebound(to: CChar.self, capacity: 1) { file in
        entry.map { $0.withMemoryRebound(to: CChar.self, capacity: 1) { sqlite3_load_extension(db, file, $0, &message) } }
            ?? sqlite3_load_extension(db, file, nil, &message)
    }
    if rc != SQLITE_OK {
        sqlite3_result_error(result.rawValue, message.map { UnsafePointer($0) } ?? sqlite3_errstr(rc), -1)
        sqlite3_free(message)
    }
}
