internal import CSQLite

/// A collating sequence to register (`ORDER BY x COLLATE name`).
///
/// `compare` receives the UTF-8 bytes of two texts (not NUL-terminated, possibly empty)
/// and returns a negative number, zero or a positive number as the first sorts before,
/// with or after the second. It must be a total order and must not throw or fail. Like
/// ``SQLFunction``, it is `Sendable`: SQLite calls it on whatever thread runs the statement.
///
/// ```swift
/// let byLength = SQLCollation("length") { a, b in Int32(a.count) - Int32(b.count) }
/// try db.add(byLength)     // select name from t order by name collate length
/// try db.remove(byLength)  // afterwards: "no such collation sequence: length"
/// ```
public struct SQLCollation: Sendable {
    /// The name used after `COLLATE` (SQLite compares it ignoring ASCII case).
    public let name: String
    let box: CollationBox

    /// A collation named `name` ordering texts with `compare`.
    @preconcurrency
    public init(_ name: String, compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32) {
        self.name = name
        self.box = CollationBox(compare)
    }
}

extension Connection {
    /// Registers a collating sequence, replacing any of that name.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example `SQLITE_BUSY` while statements
    ///   are running.
    public func add(_ collation: SQLCollation) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let box = Unmanaged.passRetained(collation.box).toOpaque()
        let rc = sqlite3_create_collation_v2(handle, collation.name, SQLITE_UTF8, box, collationCompare, releaseCollation)
        if rc != SQLITE_OK {
            // Unlike functions, SQLite does not call the destructor when registration fails.
            Unmanaged<CollationBox>.fromOpaque(box).release()
            throw SQLiteError.from(handle, code: rc)
        }
    }

    /// Unregisters a collating sequence (by name); afterwards `COLLATE name` is SQLite's "no
    /// such collation sequence" error.
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func remove(_ collation: SQLCollation) throws {
        try removeCollation(named: collation.name)
    }

    /// Registers a collating sequence: the same as `add(SQLCollation(name, compare: compare))`.
    @preconcurrency
    public func addCollation(_ name: String,
                             compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32) throws {
        try add(SQLCollation(name, compare: compare))
    }

    /// Unregisters the collating sequence `name`; afterwards `COLLATE name` is SQLite's "no
    /// such collation sequence" error.
    /// - Throws: ``SQLiteError`` (`SQLITE_BUSY`) while statements are running.
    public func removeCollation(named name: String) throws {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        let rc = sqlite3_create_collation_v2(handle, name, SQLITE_UTF8, nil, nil, nil)
        try check(rc, handle)
    }
}

/// What SQLite's user-data pointer holds for a collation.
final class CollationBox: Sendable {
    let compare: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32
    init(_ compare: @escaping @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int32) { self.compare = compare }
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
