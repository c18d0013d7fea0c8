import CSQLite

extension Connection {
    /// Registers a collating sequence (`ORDER BY x COLLATE name`), replacing any of that name.
    ///
    /// `compare` receives the UTF-8 bytes of two texts (not NUL-terminated, possibly empty)
    /// and returns a negative number, zero or a positive number as the first sorts before,
    /// with or after the second. It must be a total order and must not throw or fail.
    ///
    /// ```swift
    /// try db.addCollation("length") { a, b in Int32(a.count) - Int32(b.count) }
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example `SQLITE_BUSY` while statements
    ///   are running.
    public func addCollation(_ name: String,
                             compare: @escaping (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32) throws {
        let box = Unmanaged.passRetained(CollationBox(compare)).toOpaque()
        let rc = sqlite3_create_collation_v2(handle, name, SQLITE_UTF8, box, collationCompare, releaseCollation)
        if rc != SQLITE_OK {
            // Unlike functions, SQLite does not call the destructor when registration fails.
            Unmanaged<CollationBox>.fromOpaque(box).release()
            throw SQLiteError.from(handle, code: rc)
        }
    }

    /// Unregisters a collating sequence; afterwards `COLLATE name` is SQLite's "no such
    /// collation sequence" error.
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func removeCollation(named name: String) throws {
        let rc = sqlite3_create_collation_v2(handle, name, SQLITE_UTF8, nil, nil, nil)
        try check(rc, handle)
    }
}

private final class CollationBox {
    let compare: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32
    init(_ compare: @escaping (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32) { self.compare = compare }
}

private func collationCompare(_ p: UnsafeMutableRawPointer?, _ n1: Int32, _ k1: UnsafeRawPointer?,
                              _ n2: Int32, _ k2: UnsafeRawPointer?) -> Int32 {
    // Borrowed: SQLite keeps the box alive during the call, so no reference counting per comparison.
    Unmanaged<CollationBox>.fromOpaque(p.unsafelyUnwrapped)._withUnsafeGuaranteedRef { box in
        box.compare(UnsafeRawBufferPointer(start: k1, count: k1 == nil ? 0 : Int(n1)),
                    UnsafeRawBufferPointer(start: k2, count: k2 == nil ? 0 : Int(n2)))
    }
}

private func releaseCollation(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<CollationBox>.fromOpaque(p).release()
}
