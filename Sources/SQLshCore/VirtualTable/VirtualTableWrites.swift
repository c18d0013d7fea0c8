internal import CSQLite

// What a writable virtual table asks SQLite while it writes: which columns an UPDATE leaves
// unchanged, and which conflict resolution the statement asked for.

/// The conflict resolution of the statement writing to a virtual table
/// (`sqlite3_vtab_on_conflict`): `INSERT OR IGNORE`, `UPDATE OR REPLACE`, ...; ``abort``
/// for a plain statement.
public enum ConflictResolution: Sendable, Equatable {
    case rollback, ignore, fail, abort, replace

    init(code: Int32) {
        switch code {
        case SQLITE_ROLLBACK: self = .rollback
        case SQLITE_IGNORE: self = .ignore
        case SQLITE_FAIL: self = .fail
        case SQLITE_REPLACE: self = .replace
        default: self = .abort
        }
    }
}

extension Connection {
    /// The conflict resolution of the statement writing to a virtual table, read during a
    /// ``WritableVirtualTable``'s `insert`, `update` or `delete` (elsewhere SQLite's answer
    /// means nothing). A table keeps its connection from ``VirtualTableContext/connection``.
    ///
    /// ```swift
    /// if duplicate {
    ///     switch connection.virtualTableConflictResolution {
    ///     case .ignore: return
    ///     case .replace: removeDuplicate()
    ///     default: throw SQLiteError(code: .constraint, message: "duplicate name")
    ///     }
    /// }
    /// ```
    public var virtualTableConflictResolution: ConflictResolution {
        ConflictResolution(code: sqlite3_vtab_on_conflict(handle))
    }
}

extension Argument {
    /// Whether this new value of a column written by an UPDATE is the column's current value,
    /// unchanged because the UPDATE does not set the column (`sqlite3_value_nochange`): a
    /// ``WritableVirtualTable`` can then keep what it stores instead of reading it back.
    /// Meaningful only for the values of a ``VirtualTableRow`` in `update`; always false
    /// elsewhere.
    public var isUnchanged: Bool { sqlite3_value_nochange(rawValue) != 0 }
}

extension ResultContext {
    /// Whether SQLite asks for the column only to learn it is unchanged
    /// (`sqlite3_vtab_nochange`): in a virtual table cursor's `column(_:into:)` during an
    /// UPDATE that does not set this column, the cursor may return without setting a result
    /// (skipping an expensive read); the value is then ``Argument/isUnchanged`` in `update`.
    ///
    /// ```swift
    /// case Column.data:
    ///     if result.isUnchangedColumn { return }
    ///     result.setBlob(try loadData())
    /// ```
    public var isUnchangedColumn: Bool { sqlite3_vtab_nochange(rawValue) != 0 }
}
