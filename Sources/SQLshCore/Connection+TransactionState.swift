internal import CSQLite

/// Whether a schema has a transaction open (`sqlite3_txn_state`).
public enum TransactionState: Sendable {
    /// No transaction.
    case none
    /// A read transaction.
    case read
    /// A write transaction.
    case write
}

extension Connection {
    /// The transaction state of a schema, or nil when there is no such schema.
    public func transactionState(schema: String = "main") -> TransactionState? {
        switch sqlite3_txn_state(handle, schema) {
        case SQLITE_TXN_NONE: return TransactionState.none
        case SQLITE_TXN_READ: return .read
        case SQLITE_TXN_WRITE: return .write
        default: return nil
        }
    }
}
