internal import CSQLite
import Synchronization

/// A value kept for each connection, dropped when the connection closes: state that a
/// function, a virtual table or the shell keeps per database connection (which tables its own
/// statements made, whether it runs in safe mode...).
///
/// Declare the key once, as a static constant, and read or change its value through any
/// ``Connection`` on the same handle: the owning one or one borrowed by a function
/// (``Connection/init(borrowing:)``).
///
/// ```swift
/// enum Counters {
///     static let calls = ConnectionLocal<Int>(initial: 0)
/// }
/// let calls = try db.withLocal(Counters.calls) { count in count += 1; return count }
/// print(db.local(Counters.calls))  // 1
/// ```
///
/// The values live in one table keyed by the handle, so SQLite reusing a closed handle's
/// address never hands the old values to a new connection: ``Connection/close()`` (and
/// deinit) drop them first.
public final class ConnectionLocal<Value: Sendable>: Sendable {
    let initial: @Sendable () -> Value

    /// A key whose value starts as `initial()` on each connection.
    public init(initial: @autoclosure @escaping @Sendable () -> Value) {
        self.initial = initial
    }
}

extension Connection {
    /// Runs `body` on this connection's value of `key` (its initial value the first time),
    /// keeping what `body` leaves in it.
    ///
    /// `body` runs under the storage's lock: it must not read or change another
    /// ``ConnectionLocal`` (nor call back into code that does).
    public func withLocal<Value, Result>(_ key: ConnectionLocal<Value>, _ body: (inout Value) throws -> Result) rethrows -> Result {
        try ConnectionLocalStorage.with(UInt(bitPattern: handle), key, body)
    }

    /// This connection's value of `key` (its initial value when nothing was stored).
    public func local<Value>(_ key: ConnectionLocal<Value>) -> Value {
        ConnectionLocalStorage.value(UInt(bitPattern: handle), key)
    }
}

extension ConnectionLocal {
    /// Runs `body` on the value of the connection of `handle` when it has one: for an object
    /// that outlives its statements (a virtual table SQLite lets go of while the connection
    /// closes) and so must not make a value anew.
    @_spi(RawSQLite) public func withExistingValue(onHandle handle: OpaquePointer, _ body: (inout Value) -> Void) {
        ConnectionLocalStorage.withExisting(UInt(bitPattern: handle), self, body)
    }
}

/// The values of every ``ConnectionLocal``, by handle and key: one table, each value in a box
/// that is changed in place.
///
/// A box keeps its key alive, so no other key can take the key's `ObjectIdentifier` while the
/// box exists, and the box found under a key's identifier is always that key's `Box<Value>`:
/// it is taken as such without a run-time cast. (A read with a dynamic cast from
/// `any Sendable`, two hashed lookups and a generic type's metadata cost about 1,100
/// instructions; the files subsystem reads one value before every statement.)
enum ConnectionLocalStorage {
    private struct Slot: Hashable {
        let handle: UInt
        let key: ObjectIdentifier
    }

    private final class Box<Value: Sendable>: @unchecked Sendable {
        let key: ConnectionLocal<Value>
        var value: Value
        init(_ key: ConnectionLocal<Value>, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    private static let values = Mutex<[Slot: AnyObject]>([:])

    static func with<Value, Result>(_ handle: UInt, _ key: ConnectionLocal<Value>,
                                    _ body: (inout Value) throws -> Result) rethrows -> Result {
        let slot = Slot(handle: handle, key: ObjectIdentifier(key))
        return try values.withLock { values in
            let box: Box<Value>
            if let found = values[slot] {
                box = unsafeDowncast(found, to: Box<Value>.self)
            } else {
                box = Box(key, key.initial())
                values[slot] = box
            }
            return try body(&box.value)
        }
    }

    static func value<Value>(_ handle: UInt, _ key: ConnectionLocal<Value>) -> Value {
        let slot = Slot(handle: handle, key: ObjectIdentifier(key))
        return values.withLock { values in
            values[slot].map { unsafeDowncast($0, to: Box<Value>.self).value }
        } ?? key.initial()
    }

    static func withExisting<Value>(_ handle: UInt, _ key: ConnectionLocal<Value>, _ body: (inout Value) -> Void) {
        let slot = Slot(handle: handle, key: ObjectIdentifier(key))
        values.withLock { values in
            guard let found = values[slot] else { return }
            body(&unsafeDowncast(found, to: Box<Value>.self).value)
        }
    }

    /// Drops a handle's values: its connection closed.
    static func drop(_ handle: UInt) {
        // Rare (a connection closing), so a pass over every value is fine. The old table is
        // returned, so that the dropped values are released (their deinits run) outside the lock.
        let old = values.withLock { values -> [Slot: AnyObject] in
            guard values.keys.contains(where: { $0.handle == handle }) else { return [:] }
            defer { values = values.filter { $0.key.handle != handle } }
            return values
        }
        _ = old
    }
}
