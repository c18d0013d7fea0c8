internal import CSQLite

// Whether the statement a function runs in was interrupted, for a function that works long
// outside SQLite's virtual machine (SQLite checks its interrupt flag only between its own
// instructions). SQLite 3.40 has no sqlite3_is_interrupted (3.41): the flag is read through
// the parser, which stops at the first blank with SQLITE_INTERRUPT while it is set.

extension ResultContext {
    /// Whether `sqlite3_interrupt` was called on the function's connection during the current
    /// statement (``InterruptHandle/interrupt()``, Ctrl-C in the shell). Costs a prepare of a
    /// blank statement: check it before long work, not in a tight loop.
    public var isInterrupted: Bool { SQLiteLibrary.isInterrupted(sqlite3_context_db_handle(rawValue)) }

    /// The function's connection as interrupt hooks (``InterruptHook``) see it: the bits of its
    /// `sqlite3 *`.
    public var connectionID: UInt { UInt(bitPattern: sqlite3_context_db_handle(rawValue)) }
}

extension Arguments {
    /// ``ResultContext/isInterrupted``, for code that has the arguments but no result (an
    /// aggregate's `step`).
    public var isInterrupted: Bool { ResultContext(rawValue: context).isInterrupted }

    /// ``ResultContext/connectionID``, for code that has the arguments but no result.
    public var connectionID: UInt { ResultContext(rawValue: context).connectionID }
}

extension SQLiteLibrary {
    /// Whether the connection `handle`'s running statement was interrupted: preparing `" "`
    /// fails with `SQLITE_INTERRUPT` exactly then.
    static func isInterrupted(_ handle: OpaquePointer?) -> Bool {
        guard let handle else { return false }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, " ", 1, &statement, nil)
        sqlite3_finalize(statement)
        return rc & 0xFF == SQLITE_INTERRUPT
    }
}
