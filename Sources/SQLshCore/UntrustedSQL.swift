internal import CSQLite

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

private func asciiLowercasedName(_ name: String) -> String {
    String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
}

/// Per connection: whether an authorizer is installed, and the functions called by the
/// untrusted SQL compiling now (``Connection/compilingUntrustedSQL(_:)``). Kept in the
/// connection's ``ConnectionLocal`` storage (by handle, not by ``Connection`` object:
/// functions and virtual tables work on borrowed connections).
enum UntrustedSQL {
    struct Entry: Sendable {
        var installed = false
        /// The functions called by each compilation running on the handle (they nest: defined
        /// functions are compiled while a statement naming them compiles), innermost last, in
        /// the order SQLite met them.
        var compilations: [[String]] = []
    }

    private static let entry = ConnectionLocal<Entry>(initial: Entry())

    private static func with<R>(_ key: UInt, _ body: (inout Entry) -> R) -> R {
        ConnectionLocalStorage.with(key, entry, body)
    }

    static func setInstalled(_ installed: Bool, on handle: OpaquePointer) {
        with(UInt(bitPattern: handle)) { $0.installed = installed }
    }

    /// Forgets a handle (its connection closed: SQLite may give the address to another): every
    /// ``ConnectionLocal`` value of it is dropped.
    static func forget(_ handle: OpaquePointer) {
        ConnectionLocalStorage.drop(UInt(bitPattern: handle))
    }

    /// Whether untrusted SQL is compiling on this handle now.
    static func isCompiling(on key: UInt) -> Bool {
        !ConnectionLocalStorage.value(key, entry).compilations.isEmpty
    }

    static func isInstalled(on key: UInt) -> Bool {
        ConnectionLocalStorage.value(key, entry).installed
    }

    /// Starts noting the functions a compilation calls.
    static func begin(on key: UInt) {
        with(key) { $0.compilations.append([]) }
    }

    /// Stops noting (back to the enclosing compilation); the functions this one called.
    static func end(on key: UInt) -> [String] {
        with(key) { $0.compilations.popLast() ?? [] }
    }

    /// Notes a function called by the SQL compiling now on this handle, if any is.
    static func note(_ name: UnsafePointer<CChar>, on key: UInt) {
        with(key) { entry in
            guard let count = entry.compilations.indices.last else { return }
            let text = String(cString: name)
            if !entry.compilations[count].contains(text) { entry.compilations[count].append(text) }
        }
    }
}
