// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

// The errors SQLite itself has words for, and the limit that decides one of them: a function
// whose result can grow past its arguments checks ``ResultContext/lengthLimit`` while it builds
// the result and fails with ``ResultContext/setTooBig()`` before allocating past it.

extension ResultContext {
    /// The connection's `SQLITE_LIMIT_LENGTH`: the most bytes a text or blob result may hold.
    @inlinable
    public var lengthLimit: Int { limit(.length) }

    /// The current value of one of the connection's limits (`sqlite3_limit`), for a function
    /// that follows SQLite's own (a LIKE pattern's length, the number of arguments).
    @inlinable
    public func limit(_ category: LimitCategory) -> Int {
        Int(sqlite3_limit(sqlite3_context_db_handle(rawValue), category.rawValue, -1))
    }

    /// The connection the function is running on (`sqlite3_context_db_handle`), for functions
    /// that query it (`eval`, `define`).
    @inlinable
    package var connectionHandle: OpaquePointer { sqlite3_context_db_handle(rawValue).unsafelyUnwrapped }

    /// Fails the call with SQLite's own "string or blob too big" (`SQLITE_TOOBIG`).
    @inlinable public func setTooBig() { sqlite3_result_error_toobig(rawValue) }

    /// Fails the call with SQLite's own "out of memory" (`SQLITE_NOMEM`).
    @inlinable public func setNoMemory() { sqlite3_result_error_nomem(rawValue) }

    /// Changes the result code of an error already set (`sqlite3_result_error_code`): SQLite
    /// uses its own text for the code when no message was set.
    @inlinable public func setErrorCode(_ code: Int32) { sqlite3_result_error_code(rawValue, code) }

    /// Changes the result code of an error already set, by name (``setErrorCode(_:)-(Int32)``):
    /// `result.setErrorCode(.ioErr)` fails the call with SQLite's "disk I/O error".
    @inlinable public func setErrorCode(_ code: ResultCode) { setErrorCode(code.rawValue) }
}

extension Arguments {
    /// ``ResultContext/lengthLimit`` for code that has the arguments but no result yet: an
    /// aggregate's `step`, which checks the size of what it accumulates.
    @inlinable
    public var lengthLimit: Int { ResultContext(rawValue: context).lengthLimit }
}
