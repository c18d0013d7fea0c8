internal import CSQLite
import Synchronization

// Auxiliary data kept for a whole statement rather than for one argument: SQLite keeps data
// set under a negative key for the run of the calling statement, across its rows and across
// every call site of the statement (`sqlite3_set_auxdata` with a negative argument number), and
// drops it when the statement finishes, is reset or is finalized. A function written in SQL
// compiles its body once per calling statement this way.

/// A key for ``Arguments/statementData(for:)``: each key made is different from every other
/// in the process, so two functions (or two registrations of one function) never see each
/// other's data.
public struct StatementDataKey: Hashable, Sendable {
    /// The negative auxiliary-data slot.
    let slot: Int32

    private static let made = Atomic<UInt32>(0)

    /// A new key. There are 2^31 of them: a process that makes more reuses the first ones.
    public init() {
        let count = StatementDataKey.made.wrappingAdd(1, ordering: .relaxed).oldValue
        slot = -1 - Int32(truncatingIfNeeded: count & 0x7FFF_FFFF)  // -1 down to Int32.min
    }
}

extension Arguments {
    /// The object kept for the calling statement under `key` by ``setStatementData(_:for:)``
    /// earlier in the same run of the statement (from any row, from any place in the statement
    /// that calls a function using the key), or nil.
    ///
    /// ```swift
    /// let key = StatementDataKey()  // made once, with the function
    /// if let body = arguments.statementData(for: key) as? Statement { ... }
    /// ```
    public func statementData(for key: StatementDataKey) -> AnyObject? {
        guard let p = sqlite3_get_auxdata(context, key.slot) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// Keeps `object` for the calling statement under `key`, replacing what was kept. SQLite
    /// releases it when the statement finishes, is reset or is finalized; when it cannot keep
    /// it (out of memory), it releases it at once.
    public func setStatementData(_ object: AnyObject, for key: StatementDataKey) {
        sqlite3_set_auxdata(context, key.slot, Unmanaged.passRetained(object).toOpaque(), releaseStatementData)
    }
}

private func releaseStatementData(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<AnyObject>.fromOpaque(p).release()
}
