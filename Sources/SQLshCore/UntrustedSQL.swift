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
        // The functions the SQL calls are noted while it compiles, then checked against the
        // direct-only functions registered now (a listing of every function, which SQL that
        // calls none never pays for: a define() body such as '?1 * 2').
        let key = UInt(bitPattern: handle)
        let ownAuthorizer = !UntrustedSQL.isInstalled(on: key)
        let box = ownAuthorizer ? AuthorizerBox(handle: handle, callback: nil) : nil
        UntrustedSQL.begin(on: key)
        if let box { installAuthorizer(box) }
        let value: T
        do {
            value = try body()
        } catch {
            finishUntrustedCompilation(key: key, ownAuthorizer: ownAuthorizer, box: box)
            throw error
        }
        let called = finishUntrustedCompilation(key: key, ownAuthorizer: ownAuthorizer, box: box)
        if !called.isEmpty {
            let refused = try directOnlyFunctionNames()
            if let name = called.first(where: { refused.contains(asciiLowercasedName($0)) }) {
                throw SQLiteError(message: "unsafe use of \(name)()")
            }
        }
        return value
    }

    /// Ends a compilation begun by ``compilingUntrustedSQL(_:)``: the functions it called.
    @discardableResult
    private func finishUntrustedCompilation(key: UInt, ownAuthorizer: Bool, box: AuthorizerBox?) -> [String] {
        if ownAuthorizer { sqlite3_set_authorizer(handle, nil, nil) }
        let called = UntrustedSQL.end(on: key)
        withExtendedLifetime(box) {}
        return called
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

/// Per connection handle: whether an authorizer is installed, and the functions called by the
/// untrusted SQL compiling now (``Connection/compilingUntrustedSQL(_:)``). Keyed by the handle,
/// not the ``Connection`` object: functions and virtual tables work on borrowed connections.
enum UntrustedSQL {
    private struct Entry {
        var installed = false
        /// The functions called by each compilation running on the handle (they nest: defined
        /// functions are compiled while a statement naming them compiles), innermost last, in
        /// the order SQLite met them.
        var compilations: [[String]] = []
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
        ConnectionLocalStorage.drop(key)
        for observer in closingObservers.withLock({ $0 }) { observer(key) }
    }

    /// What ``Connection/observeClosing(_:)`` registered.
    static let closingObservers = Mutex<[@Sendable (UInt) -> Void]>([])

    /// Whether untrusted SQL is compiling on this handle now.
    static func isCompiling(on key: UInt) -> Bool {
        entries.withLock { !($0[key]?.compilations.isEmpty ?? true) }
    }

    static func isInstalled(on key: UInt) -> Bool {
        entries.withLock { $0[key]?.installed ?? false }
    }

    /// Starts noting the functions a compilation calls.
    static func begin(on key: UInt) {
        entries.withLock { $0[key, default: Entry()].compilations.append([]) }
    }

    /// Stops noting (back to the enclosing compilation); the functions this one called.
    static func end(on key: UInt) -> [String] {
        entries.withLock { entries in
            let called = entries[key]?.compilations.popLast() ?? []
            if let entry = entries[key], !entry.installed, entry.compilations.isEmpty { entries.removeValue(forKey: key) }
            return called
        }
    }

    /// Notes a function called by the SQL compiling now on this handle, if any is.
    static func note(_ name: UnsafePointer<CChar>, on key: UInt) {
        entries.withLock { entries in
            guard let count = entries[key]?.compilations.count, count > 0 else { return }
            let text = String(cString: name)
            if entries[key]?.compilations[count - 1].contains(text) == false {
                entries[key]?.compilations[count - 1].append(text)
            }
        }
    }
}
