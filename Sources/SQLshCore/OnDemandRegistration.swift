internal import CSQLite

/// Something a statement names that the connection does not have (yet).
public enum MissingName: Equatable, Sendable {
    /// `no such function: NAME`: a scalar, aggregate or window function, or `regexp` for the
    /// REGEXP operator; also `wrong number of arguments to function NAME()`, a function that
    /// lacks the argument count asked for.
    case function(String)
    /// `no such table: NAME`: perhaps an eponymous table-valued function (`generate_series`).
    case table(String)
    /// `no such module: NAME`: a statement reading a virtual table whose module is missing.
    /// (`CREATE VIRTUAL TABLE ... USING NAME` fails only when it runs, so a module that tables
    /// are created with must be registered up front.)
    case module(String)
    /// A collating sequence SQLite needs (`COLLATE NAME`).
    case collation(String)
    /// `unknown function: NAME()`: a function called by an expression of the schema (a
    /// DEFAULT, CHECK, generated column or index expression), which SQLite compiles without
    /// the checks it applies to views and triggers: register nothing direct-only for it.
    case schemaFunction(String)

    /// The name as the statement spells it.
    public var name: String {
        switch self {
        case .function(let name), .table(let name), .module(let name), .collation(let name), .schemaFunction(let name):
            return name
        }
    }

    /// What a prepare error message reports as missing, if anything.
    init?(errorMessage message: String) {
        // `unknown function: NAME()` is how SQLite reports a function missing from an expression
        // the schema holds (a DEFAULT, CHECK, generated column or index expression).
        if message.hasPrefix("unknown function: "), message.hasSuffix("()") {
            let name = String(message.dropFirst("unknown function: ".count).dropLast(2))
            guard !name.isEmpty else { return nil }
            self = .schemaFunction(name)
            return
        }
        // `wrong number of arguments to function NAME()`: a function SQLite has, but not with
        // that many arguments (SQLite's own iif with 2), which an on-demand registration may add.
        let wrongCount = "wrong number of arguments to function "
        if message.hasPrefix(wrongCount), message.hasSuffix("()") {
            let name = String(message.dropFirst(wrongCount.count).dropLast(2))
            guard !name.isEmpty else { return nil }
            self = .function(name)
            return
        }
        for (prefix, make) in [("no such function: ", MissingName.function), ("no such table: ", MissingName.table),
                               ("no such module: ", MissingName.module)] where message.hasPrefix(prefix) {
            let name = String(message.dropFirst(prefix.count))
            guard !name.isEmpty else { return nil }
            self = make(name)
            return
        }
        return nil
    }
}

extension Connection {
    /// Registers functions, table-valued functions, modules and collations when a statement
    /// first names them, instead of all of them up front.
    ///
    /// An application with hundreds of functions pays nothing for the ones a session never
    /// uses: when preparing a statement fails with SQLite's `no such function`, `no such table`
    /// or `no such module` error, or SQLite needs a collation it does not have, `register` is
    /// called with what is missing. It returns true after registering it on the connection, and
    /// the statement is prepared again (a statement naming several missing functions is
    /// retried once for each); false leaves SQLite's error as it is.
    ///
    /// ```swift
    /// db.registerOnDemand { db, missing in
    ///     guard missing == .function("slugify") else { return false }
    ///     try? db.add(slugify)
    ///     return true
    /// }
    /// ```
    ///
    /// Three things to know:
    /// - A function that replaces one of SQLite's own (`upper`, `like`) is never missing, so
    ///   register those up front.
    /// - `pragma_function_list` and `pragma_module_list` show what is registered so far.
    /// - SQL prepared directly with `sqlite3_prepare_v2` on the raw `handle` does not retry; use
    ///   ``prepare(utf8:)``, or `Connection.registerMissing(on:after:tried:)` where only the
    ///   handle is at hand (inside a function).
    public func registerOnDemand(_ register: @escaping (Connection, MissingName) -> Bool) {
        onDemand = register
        sqlite3_collation_needed(handle, Unmanaged.passUnretained(self).toOpaque(), collationNeeded)
        OpenConnections.add(self)
    }

    /// Stops registering on demand.
    public func stopRegisteringOnDemand() {
        onDemand = nil
        sqlite3_collation_needed(handle, nil, nil)
        if statementRewriter == nil { OpenConnections.remove(handle) }
    }

    /// For SQL prepared with `sqlite3_prepare_v2` on a connection known only by its handle
    /// (inside a function that runs SQL, such as `sha3_query`): after a failed prepare,
    /// registers what the error reports missing, with the on-demand registration of the
    /// ``Connection`` that owns the handle.
    ///
    /// ```swift
    /// var tried: Set<String> = []
    /// repeat {
    ///     rc = sqlite3_prepare_v2(db, sql, -1, &statement, &tail)
    /// } while rc != SQLITE_OK && Connection.registerMissing(on: db, after: rc, tried: &tried)
    /// ```
    ///
    /// - Returns: true when something was registered and the prepare should be tried again.
    package static func registerMissing(on handle: OpaquePointer, after rc: Int32, tried: inout Set<String>) -> Bool {
        guard let connection = OpenConnections.connection(for: handle) else { return false }
        return connection.registerMissing(after: rc, tried: &tried)
    }

    /// Registers a function through the on-demand handler now, before SQL that cannot retry
    /// (`sqlite3_exec`) names it.
    /// - Returns: whether the handler registered it.
    @discardableResult
    public func registerNow(_ missing: MissingName) -> Bool {
        onDemand?(self, missing) ?? false
    }

    /// Asks the on-demand handler for what a failed prepare reports missing; true to retry.
    func registerMissing(after rc: Int32, tried: inout Set<String>) -> Bool {
        guard let onDemand, rc & 0xFF == SQLITE_ERROR, let text = sqlite3_errmsg(handle),
              let missing = MissingName(errorMessage: String(cString: text)) else { return false }
        let key = "\(missing)".lowercased()
        guard tried.insert(key).inserted else { return false }
        return onDemand(self, missing)
    }
}

/// Who registers what a failed prepare reports missing.
enum OnDemandOwner {
    /// Nobody: the error is thrown as it is.
    case none
    /// This connection's on-demand registration.
    case connection(Connection)
    /// The on-demand registration of whichever ``Connection`` owns the handle (for a borrowed
    /// connection), looked up after a failure.
    case owner(of: OpaquePointer)

    var connection: Connection? {
        switch self {
        case .none: return nil
        case .connection(let connection): return connection
        case .owner(let handle): return OpenConnections.connection(for: handle)
        }
    }
}

/// Prepares the first statement of a buffer, retrying after on-demand registration, and
/// after a statement rewriter (``Connection/rewriteFailedStatements(_:)``) made what the
/// statement needs or replaced its text.
///
/// `parsed` is set to how many bytes SQLite read, also when it fails (the bytes before its
/// prepare tail: up to the statement's end, or where parsing stopped at an error).
func rawPrepare(_ handle: OpaquePointer, _ utf8: UnsafeBufferPointer<UInt8>, onDemand owner: OnDemandOwner,
                parsed: inout Int) throws -> (statement: OpaquePointer?, consumed: Int) {
    guard utf8.baseAddress != nil, utf8.count > 0 else {
        parsed = utf8.count
        return (nil, utf8.count)
    }
    var tried: Set<String> = []
    var preparing = PreparingText()
    while true {
        let (rc, stmt, read) = preparing.owned.map { owned in
            owned.withUnsafeBufferPointer { prepareOnce(handle, $0) }
        } ?? prepareOnce(handle, utf8)
        parsed = preparing.consumed ?? read
        if rc == SQLITE_OK { return (stmt, parsed) }
        sqlite3_finalize(stmt)
        // Read before on-demand registration, which may run SQL of its own on this handle.
        var error = SQLiteError.from(handle, code: rc)
        guard let connection = owner.connection else { throw error }
        if connection.registerMissing(after: rc, tried: &tried) { continue }
        if let rewrite = connection.statementRewriter, preparing.rewrites < 8,
           preparing.askedAbout.insert(error.message).inserted,
           !UntrustedSQL.isCompiling(on: UInt(bitPattern: handle)) {
            preparing.rewrites += 1
            let answer: StatementRewrite?
            if let owned = preparing.owned {
                answer = owned.withUnsafeBufferPointer { rewrite(connection, FailedStatement(text: $0, error: error, handle: handle)) }
            } else {
                answer = rewrite(connection, FailedStatement(text: utf8, error: error, handle: handle))
            }
            switch answer {
            case .retry?:
                continue
            case .replace(let text, let length, let edits)?:
                preparing.replace(with: text, length: length, edits: edits)
                continue
            case .fail(let failure)?:
                error = failure
            case nil:
                break
            }
        }
        error.offset = error.offset.map { preparing.originalOffset($0) }
        throw error
    }
}

/// One `sqlite3_prepare_v2` of `text`: its result code, statement and how many bytes it read.
/// (A free function: a nested one capturing the results as variables cost three run-time
/// exclusivity checks per statement.)
private func prepareOnce(_ handle: OpaquePointer, _ text: UnsafeBufferPointer<UInt8>)
    -> (rc: Int32, statement: OpaquePointer?, read: Int) {
    guard let base = text.baseAddress else { return (SQLITE_MISUSE, nil, 0) }
    var stmt: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let rc = base.withMemoryRebound(to: CChar.self, capacity: text.count) { p in
        sqlite3_prepare_v2(handle, p, Int32(clamping: text.count), &stmt, &tail)
    }
    return (rc, stmt, tail.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? text.count)
}

private func collationNeeded(_ context: UnsafeMutableRawPointer?, _ db: OpaquePointer?, _ encoding: Int32,
                             _ name: UnsafePointer<CChar>?) {
    guard let context, let name else { return }
    let connection = Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue()
    _ = connection.onDemand?(connection, .collation(String(cString: name)))
}

/// The ``Connection`` that registers on demand (or rewrites failed statements) for a handle,
/// for ``Connection/registerMissing(on:after:tried:)`` and borrowed connections: a value of the
/// per-connection storage, dropped when the connection closes.
enum OpenConnections {
    struct Owner: @unchecked Sendable {
        // An anchor (not a strong reference): the storage must not keep a connection alive; a
        // Connection is used only on the thread that runs its statements.
        var anchor: ConnectionAnchor?
        var connection: Connection? { anchor?.connection }
    }
    private static let owner = ConnectionLocal<Owner>(initial: Owner())

    static func add(_ connection: Connection) {
        connection.withLocal(owner) { $0.anchor = connection.anchor }
    }

    static func remove(_ handle: OpaquePointer) {
        owner.withExistingValue(onHandle: handle) { $0.anchor = nil }
    }

    static func connection(for handle: OpaquePointer) -> Connection? {
        ConnectionLocalStorage.value(UInt(bitPattern: handle), owner).connection
    }
}
