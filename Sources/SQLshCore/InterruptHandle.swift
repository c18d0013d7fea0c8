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
        _ = InterruptSource.ctrlC
        database = Mutex(UnsafeDatabasePointer(handle: handle))
    }

    /// Makes the statement running on the connection, if any, stop with `SQLITE_INTERRUPT`
    /// (`sqlite3_interrupt`). Does nothing once the connection is closed.
    public func interrupt() {
        database.withLock { database in
            guard let database else { return }
            sqlite3_interrupt(database.handle)
            SQLiteLibrary.notifyInterruptHooks(database.handle)
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

/// A function told of every interrupt of a connection (``InterruptHandle/interrupt()``, and
/// Ctrl-C through ``SQLiteLibrary/interruptFromSignalHandler(_:)``), with the connection's
/// `sqlite3 *`: for code that runs outside SQLite's virtual machine while a statement waits
/// on it, such as a WebAssembly function's interpreter, which SQLite's own interrupt never
/// reaches. It may run in a signal handler: it must not allocate or take a lock.
public typealias InterruptHook = @convention(c) (OpaquePointer) -> Void

/// The installed hooks: a few fixed slots, read without a lock (a signal handler reads them).
private enum InterruptHooks {
    static let first = Atomic<UInt>(0)
    static let second = Atomic<UInt>(0)
    static let third = Atomic<UInt>(0)
    static let fourth = Atomic<UInt>(0)

    static func withSlots<T>(_ body: (borrowing Atomic<UInt>) -> T?) -> T? {
        if let value = body(first) { return value }
        if let value = body(second) { return value }
        if let value = body(third) { return value }
        return body(fourth)
    }
}

extension SQLiteLibrary {
    /// Adds a function to call on every interrupt of a connection (see ``InterruptHook``);
    /// adding one already there does nothing.
    /// - Returns: false when there is no room left (four hooks at most).
    @discardableResult
    public static func addInterruptHook(_ hook: InterruptHook) -> Bool {
        let bits = UInt(bitPattern: unsafeBitCast(hook, to: UnsafeRawPointer.self))
        return InterruptHooks.withSlots { slot -> Bool? in
            let (exchanged, current) = slot.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
            return exchanged || current == bits ? true : nil
        } ?? false
    }

    /// Makes the hooks' storage ready, so that a signal handler calling
    /// ``interruptFromSignalHandler(_:)`` never initializes it: call it before installing one.
    public static func prepareInterruptHooks() {
        _ = InterruptHooks.withSlots { slot -> Bool? in _ = slot.load(ordering: .relaxed); return nil }
    }

    /// Calls every hook with the connection's handle (no allocation, no lock).
    static func notifyInterruptHooks(_ handle: OpaquePointer) {
        _ = InterruptHooks.withSlots { slot -> Bool? in
            let bits = slot.load(ordering: .acquiring)
            if bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
                unsafeBitCast(pointer, to: InterruptHook.self)(handle)
            }
            return nil
        }
    }
}
