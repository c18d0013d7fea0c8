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

/// The values of every ``ConnectionLocal``, by handle and key.
enum ConnectionLocalStorage {
    private static let values = Mutex<[UInt: [ObjectIdentifier: any Sendable]]>([:])

    static func with<Value, Result>(_ handle: UInt, _ key: ConnectionLocal<Value>,
                                    _ body: (inout Value) throws -> Result) rethrows -> Result {
        let id = ObjectIdentifier(key)
        return try values.withLock { values in
            // Taken out while it changes, so that a collection in it is changed in place.
            var value = values[handle]?.removeValue(forKey: id) as? Value ?? key.initial()
            defer { values[handle, default: [:]][id] = value }
            return try body(&value)
        }
    }

    static func value<Value>(_ handle: UInt, _ key: ConnectionLocal<Value>) -> Value {
        let id = ObjectIdentifier(key)
        return values.withLock { $0[handle]?[id] as? Value } ?? key.initial()
    }

    static func withExisting<Value>(_ handle: UInt, _ key: ConnectionLocal<Value>, _ body: (inout Value) -> Void) {
        let id = ObjectIdentifier(key)
        values.withLock { values in
            guard var value = values[handle]?.removeValue(forKey: id) as? Value else { return }
            body(&value)
            values[handle, default: [:]][id] = value
        }
    }

    /// Drops a handle's values: its connection closed.
    static func drop(_ handle: UInt) {
        _ = values.withLock { $0.removeValue(forKey: handle) }
    }
}
