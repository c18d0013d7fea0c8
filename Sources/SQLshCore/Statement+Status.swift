internal import CSQLite

/// A performance counter of a prepared statement (`SQLITE_STMTSTATUS_*`).
public struct StatementCounter: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_STMTSTATUS_*` code.
    public let rawValue: Int32
    /// A counter from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Steps of full table scans.
    public static let fullscanSteps = Self(rawValue: SQLITE_STMTSTATUS_FULLSCAN_STEP)
    /// Sort operations.
    public static let sorts = Self(rawValue: SQLITE_STMTSTATUS_SORT)
    /// Rows inserted into automatic indexes.
    public static let autoindexInserts = Self(rawValue: SQLITE_STMTSTATUS_AUTOINDEX)
    /// Virtual-machine steps.
    public static let vmSteps = Self(rawValue: SQLITE_STMTSTATUS_VM_STEP)
    /// Automatic re-preparations after a schema change.
    public static let reprepares = Self(rawValue: SQLITE_STMTSTATUS_REPREPARE)
    /// Runs to completion or reset (`sqlite3_step` calls that started the statement).
    public static let runs = Self(rawValue: SQLITE_STMTSTATUS_RUN)
    /// Bloom filter checks that skipped a join lookup.
    public static let filterHits = Self(rawValue: SQLITE_STMTSTATUS_FILTER_HIT)
    /// Bloom filter checks that did not.
    public static let filterMisses = Self(rawValue: SQLITE_STMTSTATUS_FILTER_MISS)
    /// Bytes of heap the statement uses (not a counter: resetting does nothing).
    public static let memoryUsed = Self(rawValue: SQLITE_STMTSTATUS_MEMUSED)
}

extension Statement {
    /// A performance counter (`sqlite3_stmt_status`), read and optionally reset to zero.
    ///
    /// ```swift
    /// while try statement.step() {}
    /// statement.counter(.vmSteps)      // instructions run
    /// statement.counter(.fullscanSteps, reset: true)
    /// ```
    public func counter(_ counter: StatementCounter, reset: Bool = false) -> Int {
        Int(sqlite3_stmt_status(handle, counter.rawValue, reset ? 1 : 0))
    }

    /// The name of the database (`main`, `temp`, an attached name) column `index` comes
    /// from, or nil for an expression.
    public func columnDatabaseName(at index: Int) -> String? {
        sqlite3_column_database_name(handle, Int32(clamping: index)).map { String(cString: $0) }
    }

    /// The table column `index` comes from, or nil for an expression.
    public func columnTableName(at index: Int) -> String? {
        sqlite3_column_table_name(handle, Int32(clamping: index)).map { String(cString: $0) }
    }

    /// The table column's own name that column `index` comes from (before any `AS`), or
    /// nil for an expression.
    public func columnOriginName(at index: Int) -> String? {
        sqlite3_column_origin_name(handle, Int32(clamping: index)).map { String(cString: $0) }
    }
}
