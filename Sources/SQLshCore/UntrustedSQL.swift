internal import CSQLite
import Synchronization

extension Connection {
    /// Runs `body`, which prepares SQL that came from a database rather than from the user (a
    /// function body or a query stored in a table), refusing what SQLite refuses in views and
    /// triggers: functions registered as direct-only (``FunctionOptions/directOnly``: those that
    /// write or read files, run SQL text, load code). A statement naming one fails to prepare
    /// with `unsafe use of NAME()`, SQLite's own message for a view or trigger.
    ///
    /// ```swift
    /// let stored = try String(db.value("select body from definitions where name = 'f'"))
    /// let statement = try db.compilingUntrustedSQL { try db.prepare(sql: stored) }
    /// ```
    ///
    /// Any authorizer set with ``setAuthorizer(_:)`` (on this or another ``Connection`` of the
    /// same handle) still decides everything else. Only the preparing is covered: run the
    /// statements it made as usual.
    public func compilingUntrustedSQL<T>(_ body: () throws -> T) throws -> T {
        let refused = try directOnlyFunctionNames()
        let key = UInt(bitPattern: handle)
        let ownAuthorizer = !UntrustedSQL.isInstalled(on: key)
        let box = ownAuthorizer ? AuthorizerBox(handle: handle, callback: nil) : nil
        let previous = UntrustedSQL.begin(refusing: refused, on: key)
        if let box { installAuthorizer(box) }
        defer {
            if ownAuthorizer { sqlite3_set_authorizer(handle, nil, nil) }
            _ = UntrustedSQL.end(on: key, restoring: previous)
            withExtendedLifetime(box) {}
        }
        do {
            return try body()
        } catch {
            if let name = UntrustedSQL.lastRefused(on: key) { throw SQLiteError(message: "unsafe use of \(name)()") }
            throw error
        }
    }

    /// The lowercased names of the direct-only functions registered now (SQLite's and the
    /// application's).
    private func directOnlyFunctionNames() throws -> Set<String> {
        let statement = try prepare("select distinct name from pragma_function_list where flags & \(SQLITE_DIRECTONLY) <> 0")
        var names: Set<String> = []
        while try statement.step() {
            if let name = statement.string(at: 0) { names.insert(asciiLowercasedName(name)) }
        }
        return names
    }
}

extension Connection {
    /// Calls `observer` with the handle's bit pattern whenever a connection (not a borrowed
    /// one) closes, for state kept by handle: SQLite may give a closed connection's address to
    /// the next one opened.
    public static func observeClosing(_ observer: @escaping @Sendable (UInt) -> Void) {
        UntrustedSQL.closingObservers.withLock { $0.append(observer) }
    }
}

private func asciiLowercasedName(_ name: String) -> String {
    String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
}

/// Per connection handle: whether an authorizer is installed, and the functions refused while
/// untrusted SQL compiles (``Connection/compilingUntrustedSQL(_:)``). Keyed by the handle, not
/// the ``Connection`` object: functions and virtual tables work on borrowed connections.
enum UntrustedSQL {
    private struct Entry {
        var installed = false
        var refusing: Set<String>?
        var lastRefused: String?
    }

    private static let entries = Mutex<[UInt: Entry]>([:])

    static func setInstalled(_ installed: Bool, on handle: OpaquePointer) {
        let key = UInt(bitPattern: handle)
        entries.withLock { $0[key, default: Entry()].installed = installed }
    }

    /// Forgets a handle (its connection closed: SQLite may give the address to another), and
    /// tells the observers of ``Connection/observeClosing(_:)``.
    static func forget(_ handle: OpaquePointer) {
        let key = UInt(bitPattern: handle)
        _ = entries.withLock { $0.removeValue(forKey: key) }
        for observer in closingObservers.withLock({ $0 }) { observer(key) }
    }

    /// What ``Connection/observeClosing(_:)`` registered.
    static let closingObservers = Mutex<[@Sendable (UInt) -> Void]>([])

    /// Whether untrusted SQL is compiling on this handle now.
    static func isCompiling(on key: UInt) -> Bool {
        entries.withLock { $0[key]?.refusing != nil }
    }

    static func isInstalled(on key: UInt) -> Bool {
        entries.withLock { $0[key]?.installed ?? false }
    }

    /// Starts refusing `names`; returns what was refused before (compilations nest).
    static func begin(refusing names: Set<String>, on key: UInt) -> Set<String>? {
        entries.withLock { entries in
            let previous = entries[key]?.refusing
            entries[key, default: Entry()].refusing = names
            entries[key]?.lastRefused = nil
            return previous
        }
    }

    /// Stops refusing (puts back the enclosing compilation's set).
    static func end(on key: UInt, restoring previous: Set<String>?) -> Void {
        entries.withLock { entries in
            entries[key]?.refusing = previous
            if let entry = entries[key], !entry.installed, entry.refusing == nil { entries.removeValue(forKey: key) }
        }
    }

    /// The function refused last in the current compilation on this handle.
    static func lastRefused(on key: UInt) -> String? {
        entries.withLock { $0[key]?.lastRefused }
    }

    /// Whether the authorizer must deny a call of function `name` now (and remembers it).
    static func refuses(_ name: UnsafePointer<CChar>, on key: UInt) -> Bool {
        entries.withLock { entries in
            guard let refusing = entries[key]?.refusing else { return false }
            let text = String(cString: name)
            guard refusing.contains(asciiLowercasedName(text)) else { return false }
            entries[key]?.lastRefused = text
            return true
        }
    }
}
