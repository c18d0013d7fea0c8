// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

// What a function that runs a statement inside its call needs (a function written in SQL
// passes its arguments to the statement and returns the statement's first value): arguments
// bound as they are, a column handed on as the result, whether the statement is running.

extension Statement {
    /// Whether the statement has started and not yet finished or been reset
    /// (`sqlite3_stmt_busy`): a statement that is running cannot be run again from inside
    /// itself, so a caller that might recurse prepares a fresh one.
    public var isBusy: Bool { sqlite3_stmt_busy(statement) != 0 }

    /// Binds a function argument to parameter `index` (1-based) exactly as it is: type, bytes
    /// (invalid UTF-8 too) and subtype (`sqlite3_bind_value`).
    ///
    /// ```swift
    /// for index in arguments.indices { try body.bind(arguments[index], at: index + 1) }
    /// ```
    public func bind(_ argument: Argument, at index: Int) throws {
        let rc = sqlite3_bind_value(statement, Int32(clamping: index), argument.rawValue)
        if rc != SQLITE_OK { throw bindingError(rc) }
    }
}

extension ResultContext {
    /// Sets column `index` (0-based) of a statement's current row as the result, exactly as it
    /// is: type, bytes and subtype (`sqlite3_column_value`, copied by SQLite).
    ///
    /// ```swift
    /// if try body.step() { result.set(column: 0, of: body) } else { result.setNull() }
    /// ```
    @inlinable
    public func set(column index: Int, of statement: Statement) {
        sqlite3_result_value(rawValue, sqlite3_column_value(statement.statement, Int32(clamping: index)))
    }
}
