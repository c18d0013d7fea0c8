internal import CSQLite
import Synchronization

/// Interrupts a connection's running statement from any thread or task.
///
/// A ``Connection`` is used by one thread at a time and is not `Sendable`; its
/// ``Connection/interruptHandle`` is, so a cancel button, a timer or another task can stop a
/// long query:
///
/// ```swift
/// let interrupter = db.interruptHandle
/// Task.detached { try await Task.sleep(for: .seconds(2)); interrupter.interrupt() }
/// try db.execute(longQuery)  // throws SQLiteError with code .interrupt after 2 s
/// ```
///
/// The handle is safe to keep after the connection is closed or released: ``interrupt()``
/// then does nothing. (A signal handler cannot take a lock; it calls `sqlite3_interrupt`
/// on the connection's raw handle itself.)
public final class InterruptHandle: Sendable {
    // The sqlite3 pointer, cleared under the lock before the connection closes, so that an
    // interrupt never reaches a closed connection.
    private let database: Mutex<UnsafeDatabasePointer?>

    init(_ handle: OpaquePointer) {
        // Made here, before a signal handler can request an interrupt of this connection.
        _ = InterruptRequests.count.load(ordering: .relaxed)
        database = Mutex(UnsafeDatabasePointer(handle: handle))
    }

    /// Makes the statement running on the connection, if any, stop with `SQLITE_INTERRUPT`
    /// (`sqlite3_interrupt`). Does nothing once the connection is closed.
    public func interrupt() {
        database.withLock { database in
            if let database {
                InterruptRequests.note()
                sqlite3_interrupt(database.handle)
            }
        }
    }

    /// Whether the connection is still open (a statement may still be interrupted).
    public var isConnectionOpen: Bool {
        database.withLock { $0 != nil }
    }

    /// Called by the connection before it closes.
    func invalidate() {
        database.withLock { $0 = nil }
    }

    /// Called by the connection when closing failed and it stays open.
    func revalidate(_ handle: OpaquePointer) {
        database.withLock { $0 = UnsafeDatabasePointer(handle: handle) }
    }
}

/// A `sqlite3 *` that crosses threads only to be given to `sqlite3_interrupt`, which SQLite
/// documents as safe to call from any thread while the connection is open.
private struct UnsafeDatabasePointer: @unchecked Sendable {
    let handle: OpaquePointer
}
