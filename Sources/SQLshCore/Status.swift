internal import CSQLite

/// A current value and its highest value since the last reset, as SQLite's status
/// interfaces report them.
public struct StatusValue: Equatable, Sendable {
    /// The current value.
    public var current: Int64
    /// The highest value reached (for some counters SQLite reports only this one).
    public var highwater: Int64
}

/// A process-wide statistic of SQLite's allocator and caches (`SQLITE_STATUS_*`).
public struct LibraryStatus: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_STATUS_*` code.
    public let rawValue: Int32
    /// A statistic from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Bytes of memory allocated.
    public static let memoryUsed = Self(rawValue: SQLITE_STATUS_MEMORY_USED)
    /// Outstanding allocations.
    public static let mallocCount = Self(rawValue: SQLITE_STATUS_MALLOC_COUNT)
    /// Page-cache bytes that did not fit the configured page-cache memory.
    public static let pagecacheOverflow = Self(rawValue: SQLITE_STATUS_PAGECACHE_OVERFLOW)
    /// The largest allocation requested (highwater).
    public static let mallocSize = Self(rawValue: SQLITE_STATUS_MALLOC_SIZE)
    /// The largest page-cache allocation requested (highwater).
    public static let pagecacheSize = Self(rawValue: SQLITE_STATUS_PAGECACHE_SIZE)
}

extension SQLiteLibrary {
    /// A process-wide statistic (`sqlite3_status64`), optionally resetting its highwater.
    ///
    /// ```swift
    /// let memory = SQLiteLibrary.status(.memoryUsed)
    /// print("\(memory.current) (max \(memory.highwater)) bytes")
    /// ```
    public static func status(_ status: LibraryStatus, resetHighwater: Bool = false) -> StatusValue {
        var current: Int64 = -1, highwater: Int64 = -1
        sqlite3_status64(status.rawValue, &current, &highwater, resetHighwater ? 1 : 0)
        return StatusValue(current: current, highwater: highwater)
    }
}

/// A statistic of one connection (`SQLITE_DBSTATUS_*`).
public struct ConnectionStatus: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_DBSTATUS_*` code.
    public let rawValue: Int32
    /// A statistic from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Lookaside memory slots in use.
    public static let lookasideUsed = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_USED)
    /// Allocations served from lookaside memory (highwater).
    public static let lookasideHits = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_HIT)
    /// Allocations too large for lookaside memory (highwater).
    public static let lookasideMissesSize = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_SIZE)
    /// Allocations refused because lookaside memory was full (highwater).
    public static let lookasideMissesFull = Self(rawValue: SQLITE_DBSTATUS_LOOKASIDE_MISS_FULL)
    /// Bytes of heap used by the page caches.
    public static let cacheUsed = Self(rawValue: SQLITE_DBSTATUS_CACHE_USED)
    /// Bytes of heap used by the page caches, shared caches counted in part.
    public static let cacheUsedShared = Self(rawValue: SQLITE_DBSTATUS_CACHE_USED_SHARED)
    /// Page-cache hits.
    public static let cacheHits = Self(rawValue: SQLITE_DBSTATUS_CACHE_HIT)
    /// Page-cache misses.
    public static let cacheMisses = Self(rawValue: SQLITE_DBSTATUS_CACHE_MISS)
    /// Pages written to disk.
    public static let cacheWrites = Self(rawValue: SQLITE_DBSTATUS_CACHE_WRITE)
    /// Dirty pages written to disk in the middle of a transaction.
    public static let cacheSpills = Self(rawValue: SQLITE_DBSTATUS_CACHE_SPILL)
    /// Bytes of heap used by schemas.
    public static let schemaUsed = Self(rawValue: SQLITE_DBSTATUS_SCHEMA_USED)
    /// Bytes of heap and lookaside used by prepared statements.
    public static let statementsUsed = Self(rawValue: SQLITE_DBSTATUS_STMT_USED)
    /// Whether deferred foreign-key constraints are outstanding (1) or not (0).
    public static let deferredForeignKeys = Self(rawValue: SQLITE_DBSTATUS_DEFERRED_FKS)
}

extension Connection {
    /// A statistic of this connection (`sqlite3_db_status`), optionally resetting it.
    ///
    /// ```swift
    /// db.status(.cacheHits, reset: true).current
    /// ```
    public func status(_ status: ConnectionStatus, reset: Bool = false) -> StatusValue {
        var current: Int32 = -1, highwater: Int32 = -1
        sqlite3_db_status(handle, status.rawValue, &current, &highwater, reset ? 1 : 0)
        return StatusValue(current: Int64(current), highwater: Int64(highwater))
    }
}
