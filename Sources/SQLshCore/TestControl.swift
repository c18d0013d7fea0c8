internal import CSQLite

/// An operation of SQLite's test interface (`sqlite3_test_control`): hooks for testing SQLite
/// itself and tools built on it (the shell's `.testctrl` and `.imposter`). They change
/// process-wide or connection state in ways ordinary code never needs; each returns SQLite's
/// answer, an integer whose meaning depends on the operation.
///
/// ```swift
/// TestControl.prngSave.run()                        // remember the random generator's state
/// TestControl.prngSeed.run(42, on: nil)             // reseed it
/// TestControl.optimizations.run(on: db, 0x0001)     // disable the query flattener on db
/// ```
package struct TestControl: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_TESTCTRL_*` code.
    package let rawValue: Int32
    /// A test control from its code.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `ALWAYS(X)` and `NEVER(X)` checks forced to a value (boolean).
    package static let always = Self(rawValue: SQLITE_TESTCTRL_ALWAYS)
    /// Whether `assert()` is enabled in SQLite (boolean argument, the answer).
    package static let assert = Self(rawValue: SQLITE_TESTCTRL_ASSERT)
    /// The machine byte order as SQLite was built for it (no argument).
    package static let byteOrder = Self(rawValue: SQLITE_TESTCTRL_BYTEORDER)
    /// Extra schema consistency checks on or off (boolean).
    package static let extraSchemaChecks = Self(rawValue: SQLITE_TESTCTRL_EXTRA_SCHEMA_CHECKS)
    /// Imposter tables: see ``Connection/setImposter(_:schema:rootPage:)``.
    package static let imposter = Self(rawValue: SQLITE_TESTCTRL_IMPOSTER)
    /// Toggles the availability of SQLite's internal SQL functions on a connection.
    package static let internalFunctions = Self(rawValue: SQLITE_TESTCTRL_INTERNAL_FUNCTIONS)
    /// Makes `localtime()` fail, for testing date functions (boolean).
    package static let localtimeFault = Self(rawValue: SQLITE_TESTCTRL_LOCALTIME_FAULT)
    /// Promises the database is never corrupt, disabling some checks (boolean).
    package static let neverCorrupt = Self(rawValue: SQLITE_TESTCTRL_NEVER_CORRUPT)
    /// Disables query-planner optimizations on a connection (a bit mask).
    package static let optimizations = Self(rawValue: SQLITE_TESTCTRL_OPTIMIZATIONS)
    /// Moves the pending-byte page used for locking (an offset).
    package static let pendingByte = Self(rawValue: SQLITE_TESTCTRL_PENDING_BYTE)
    /// Restores the random generator state saved by ``prngSave``.
    package static let prngRestore = Self(rawValue: SQLITE_TESTCTRL_PRNG_RESTORE)
    /// Saves the random generator state.
    package static let prngSave = Self(rawValue: SQLITE_TESTCTRL_PRNG_SAVE)
    /// Reseeds the random generator (a seed, optionally a connection).
    package static let prngSeed = Self(rawValue: SQLITE_TESTCTRL_PRNG_SEED)
    /// The number of b-tree seeks a connection made (a counter, when SQLite counts them).
    package static let seekCount = Self(rawValue: SQLITE_TESTCTRL_SEEK_COUNT)
    /// The largest memory map the sorter uses on a connection.
    package static let sorterMmap = Self(rawValue: SQLITE_TESTCTRL_SORTER_MMAP)
    /// Query-planner tuning parameters (debug builds of SQLite only).
    package static let tune = Self(rawValue: SQLITE_TESTCTRL_TUNE)

    /// Runs an operation that takes no argument (`byteOrder`, `prngSave`, `prngRestore`).
    @discardableResult
    package func run() -> Int32 { sqlsh_test_control_none(rawValue) }

    /// Runs an operation that takes an integer (`pendingByte`, `assert`, `always`,
    /// `localtimeFault`, `neverCorrupt`).
    @discardableResult
    package func run(_ value: Int32) -> Int32 { sqlsh_test_control_int(rawValue, value) }

    /// Runs an operation on a connection (`internalFunctions`).
    @discardableResult
    package func run(on connection: Connection) -> Int32 { sqlsh_test_control_db(rawValue, connection.handle) }

    /// Runs an operation on a connection with an integer (`optimizations`, `sorterMmap`).
    @discardableResult
    package func run(on connection: Connection, _ value: Int32) -> Int32 {
        sqlsh_test_control_db_int(rawValue, connection.handle, value)
    }

    /// Runs an operation with an integer and an optional connection (`prngSeed`: the seed,
    /// and a connection whose schema cookie seeds it too).
    @discardableResult
    package func run(_ value: Int32, on connection: Connection?) -> Int32 {
        sqlsh_test_control_int_db(rawValue, value, connection?.handle)
    }

    /// Runs an operation that reports a counter of a connection (`seekCount`).
    package func run(on connection: Connection, reading counter: inout UInt64) -> Int32 {
        var value: sqlite3_uint64 = 0
        let rc = sqlsh_test_control_db_u64(rawValue, connection.handle, &value)
        counter = UInt64(value)
        return rc
    }
}

extension Connection {
    /// `SQLITE_TESTCTRL_IMPOSTER`: while on, the next `CREATE TABLE` on `schema` reads the
    /// b-tree at `rootPage` instead of making one (an index seen as a table). Turned off with
    /// `rootPage` 1, the schema is reloaded, forgetting the imposters.
    ///
    /// - Returns: SQLite's result code.
    @discardableResult
    package func setImposter(_ on: Bool, schema: String = "main", rootPage: Int32) -> Int32 {
        sqlsh_test_control_imposter(handle, schema, on ? 1 : 0, rootPage)
    }
}
