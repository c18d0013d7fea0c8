import SQLshCore
import Synchronization

/// Ends WebAssembly calls when their connection is interrupted (Ctrl-C in the shell,
/// ``InterruptHandle/interrupt()``): SQLite's own interrupt is checked only between the
/// instructions of its virtual machine, never while a function runs, so a module's endless
/// loop would otherwise run until its fuel is spent.
///
/// Each call holds a slot naming its connection while it runs. The interrupt hook
/// (``interrupt(connection:)``, installed with ``SQLiteLibrary/addInterruptHook(_:)``) marks the
/// connection's slots and takes the fuel of the calls running in them, so the interpreter stops
/// at its next fuel charge; the call then fails with SQLite's "interrupted". The hook may run in
/// a signal handler: it takes no lock and allocates nothing.
public enum WasmInterrupts {
    /// One running call.
    final class Slot: Sendable {
        /// The connection (its `sqlite3 *` bits); 0 when the slot is free.
        let connection = Atomic<UInt>(0)
        /// The instance running the call, unretained (the call keeps it alive).
        let instance = Atomic<UInt>(0)
        /// Whether the instance is inside the interpreter (its fuel may be taken).
        let running = Atomic<Bool>(false)
        /// Set by an interrupt of the connection.
        let interrupted = Atomic<Bool>(false)
        /// Hooks reading the slot now: the call waits for them before it lets the slot go.
        let readers = Atomic<Int>(0)
    }

    /// Calls running at once that can be interrupted; a call past these runs to its fuel limit.
    static let capacity = 64
    static let slots: [Slot] = (0..<capacity).map { _ in Slot() }
    /// How many interrupts were seen, of any connection: a call starts with a check of its
    /// connection only when this changed since the instance last checked.
    static let epoch = Atomic<Int>(0)

    /// The hook for ``SQLiteLibrary/addInterruptHook(_:)``.
    static let hook: InterruptHook = { handle in WasmInterrupts.interrupt(connection: UInt(bitPattern: handle)) }

    /// Makes the slots ready and installs the hook in this copy of SQLshCore. Called before the
    /// first module is instantiated, so the hook never initializes anything itself.
    static func install() {
        _ = slots.count
        _ = epoch.load(ordering: .relaxed)
        SQLiteLibrary.addInterruptHook(hook)
    }

    /// Interrupts the calls running for `connection` (the bits of a `sqlite3 *`; 0 only makes
    /// the registry ready). Safe in a signal handler once ``install()`` ran.
    public static func interrupt(connection: UInt) {
        guard connection != 0 else {
            install()
            return
        }
        epoch.add(1, ordering: .acquiringAndReleasing)
        for slot in slots where slot.connection.load(ordering: .acquiring) == connection {
            slot.readers.add(1, ordering: .acquiringAndReleasing)
            if slot.connection.load(ordering: .acquiring) == connection {
                slot.interrupted.store(true, ordering: .releasing)
                if slot.running.load(ordering: .acquiring),
                   let pointer = UnsafeRawPointer(bitPattern: slot.instance.load(ordering: .acquiring)) {
                    Unmanaged<WasmModuleInstance>.fromOpaque(pointer).takeUnretainedValue().takeFuel()
                }
            }
            slot.readers.subtract(1, ordering: .acquiringAndReleasing)
        }
    }

    /// A slot for a call of `instance` on `connection`; nil when the connection is unknown or
    /// every slot is taken.
    static func begin(connection: UInt, instance: WasmModuleInstance) -> Slot? {
        guard connection != 0 else { return nil }
        for slot in slots {
            guard slot.connection.compareExchange(expected: 0, desired: connection, ordering: .acquiringAndReleasing).exchanged else {
                continue
            }
            slot.interrupted.store(false, ordering: .releasing)
            slot.instance.store(UInt(bitPattern: Unmanaged.passUnretained(instance).toOpaque()), ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Lets the slot go, once no hook is reading it.
    static func end(_ slot: Slot) {
        slot.running.store(false, ordering: .releasing)
        slot.instance.store(0, ordering: .releasing)
        slot.connection.store(0, ordering: .releasing)
        // A hook that saw the call running may still be taking its fuel: the instance must
        // not be used for another call (or freed) before it is done.
        while slot.readers.load(ordering: .acquiring) != 0 {}
    }

    /// Whether a call for `connection` is in progress (for tests: the call has started).
    static func hasCall(on connection: UInt) -> Bool {
        slots.contains { $0.connection.load(ordering: .acquiring) == connection }
    }
}
