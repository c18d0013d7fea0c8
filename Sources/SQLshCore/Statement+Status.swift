import CSQLite

/// A performance counter of a prepared statement (`SQLITE_STMTSTATUS_*`), read with
/// ``Statement/counter(_:reset:)``.
public struct StatementCounter: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_STMTSTATUS_*` code.
    public let rawValue: Int32
    /// A counter from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Forward steps of full table scans.
    public static let fullscanSteps = Self(rawValue: SQLITE_STMTSTATUS_FULLSCAN_STEP)
    /// Sort operations.
    public static let sorts = Self(rawValue: SQLITE_STMTSTATUS_SORT)
    /// Rows inserted into automatic indexes.
    public static let autoindexInserts = Self(rawValue: SQLITE_STMTSTATUS_AUTOINDEX)
    /// Virtual-machine operations run.
    public static let vmSteps = Self(rawValue: SQLITE_STMTSTATUS_VM_STEP)
    /// Times the statement was prepared again after a schema change.
    public static let reprepares = Self(rawValue: SQLITE_STMTSTATUS_REPREPARE)
    /// Times the statement ran (counted at the first step after a reset).
    public static let runs = Self(rawValue: SQLITE_STMTSTATUS_RUN)
    /// Bloom-filter checks that let a join skip a lookup.
    public static let filterHits = Self(rawValue: SQLITE_STMTSTATUS_FILTER_HIT)
    /// Bloom-filter checks that did not.
    public static let filterMisses = Self(rawValue: SQLITE_STMTSTATUS_FILTER_MISS)
    /// Bytes of memory the statement uses (not a counter: never reset).
    public static let memoryUsed = Self(rawValue: SQLITE_STMTSTATUS_MEMUSED)
}

/// A connection's resource figure (`SQLITE_DBSTATUS_*`), read with ``Connection/status(_:reset:)``.
public struct ConnectionStatus: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_DBSTATUS_*` code.
    public let rawValue: Int32
    /// A figure from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Lookaside slots in use.
    public static let lookasideUsed = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_USED)
    /// Allocations served from lookaside (high-water value).
    public static let lookasideHits = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_HIT)
    /// Allocations too large for lookaside (high-water value).
    public static let lookasideMissesForSize = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE)
    /// Allocations that found lookaside full (high-water value).
    public static let lookasideMissesForFull = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL)
    /// Heap bytes of the page caches.
    public static let cacheUsed = Self(rawValue: SQLITE_DBSTATUS_CACHE_USED)
    /// Page-cache hits.
    public static let cacheHits = Self(rawValue: SQLITE_DBSTATUS_CACHE_HIT)
    /// Page-cache misses.
    public static let cacheMisses = Self(rawValue: SQLITE_DBSTATUS_CACHE_MISS)
    /// Pages written.
    public static let cacheWrites = Self(rawValue: SQLITE_DBSTATUS_CACHE_WRITE)
    /// Dirty pages written mid-transaction to free cache.
    public static let cacheSpills = Self(rawValue: SQLITE_DBSTATUS_CACHE_SPILL)
    /// Heap bytes of the schemas.
    public static let schemaUsed = Self(rawValue: SQLITE_DBSTATUS_SCHEMA_USED)
    /// Heap and lookaside bytes of the prepared statements.
    public static let statementsUsed = Self(rawValue: SQLITE_DBSTATUS_STMT_USED)
}

/// A process-wide figure of SQLite's memory use (`SQLITE_STATUS_*`), read with
/// ``SQLiteLibrary/status(_:reset:)``.
public struct LibraryStatus: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_STATUS_*` code.
    public let rawValue: Int32
    /// A figure from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Bytes of memory in use.
    public static let memoryUsed = Self(rawValue: SQLITE_STATUS_MEMORY_USED)
    /// Outstanding allocations.
    public static let mallocCount = Self(rawValue: SQLITE_STATUS_MALLOC_COUNT)
    /// Page-cache bytes that did not fit the page-cache memory.
    public static let pageCacheOverflow = Self(rawValue: SQLITE_STATUS_PAGECACHE_OVERFLOW)
    /// The largest allocation (high-water value).
    public static let mallocSize = Self(rawValue: SQLITE_STATUS_MALLOC_SIZE)
    /// The largest page-cache allocation (high-water value).
    public static let pageCacheSize = Self(rawValue: SQLITE_STATUS_PAGECACHE_SIZE)
}

extension Statement {
    /// A performance counter's value; with `reset`, the counter restarts from zero.
    public func counter(_ counter: StatementCounter, reset: Bool = false) -> Int {
        Int(sqlite3_stmt_status(handle, counter.rawValue, reset ? 1 : 0))
    }

    /// Where result column `index` comes from, when it is a table column: its database, table
    /// and column names (each nil for an expression).
    public func columnOrigin(at index: Int) -> (database: String?, table: String?, column: String?) {
        let i = Int32(clamping: index)
        func text(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
        return (text(sqlite3_column_database_name(handle, i)), text(sqlite3_column_table_name(handle, i)),
                text(sqlite3_column_origin_name(handle, i)))
    }
}

extension Connection {
    /// A resource figure's current and high-water values (`sqlite3_db_status`); with `reset`,
    /// the high-water value restarts from the current one (some figures reset to zero).
    public func status(_ figure: ConnectionStatus, reset: Bool = false) -> (current: Int, highwater: Int) {
        var current: Int32 = -1, highwater: Int32 = -1
        sqlite3_db_status(handle, figure.rawValue, &current, &highwater, reset ? 1 : 0)
        return (Int(current), Int(highwater))
    }
}

extension SQLiteLibrary {
    /// A memory figure's current and high-water values (`sqlite3_status64`); with `reset`,
    /// the high-water value restarts from the current one.
    public static func status(_ figure: LibraryStatus, reset: Bool = false) -> (current: Int64, highwater: Int64) {
        var current: Int64 = -1, highwater: Int64 = -1
        sqlite3_status64(figure.rawValue, &current, &highwater, reset ? 1 : 0)
        return (current, highwater)
    }
}
