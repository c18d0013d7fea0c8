internal import CSQLite

/// A boolean setting of a connection changed through `sqlite3_db_config`, such as defensive
/// mode or whether the schema is trusted.
public struct DatabaseConfigOption: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_DBCONFIG_*` code.
    public let rawValue: Int32
    /// An option from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Refuse features that can corrupt the database (writable schema, ...).
    public static let defensive = Self(rawValue: SQLITE_DBCONFIG_DEFENSIVE)
    /// Double-quoted strings accepted as literals in DDL.
    public static let dqsDDL = Self(rawValue: SQLITE_DBCONFIG_DQS_DDL)
    /// Double-quoted strings accepted as literals in DML.
    public static let dqsDML = Self(rawValue: SQLITE_DBCONFIG_DQS_DML)
    /// Foreign key enforcement.
    public static let enableForeignKeys = Self(rawValue: SQLITE_DBCONFIG_ENABLE_FKEY)
    /// Query planner stability guarantee.
    public static let enableQPSG = Self(rawValue: SQLITE_DBCONFIG_ENABLE_QPSG)
    /// Triggers run.
    public static let enableTriggers = Self(rawValue: SQLITE_DBCONFIG_ENABLE_TRIGGER)
    /// Views can be used.
    public static let enableViews = Self(rawValue: SQLITE_DBCONFIG_ENABLE_VIEW)
    /// The two-argument `fts3_tokenizer()`.
    public static let fts3Tokenizer = Self(rawValue: SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER)
    /// Legacy ALTER TABLE behaviour.
    public static let legacyAlterTable = Self(rawValue: SQLITE_DBCONFIG_LEGACY_ALTER_TABLE)
    /// New databases in the legacy file format.
    public static let legacyFileFormat = Self(rawValue: SQLITE_DBCONFIG_LEGACY_FILE_FORMAT)
    /// Extension loading through the C API only (the SQL `load_extension()` stays off);
    /// ``Connection/setExtensionLoading(enabled:)`` turns on both.
    public static let loadExtension = Self(rawValue: SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION)
    /// No checkpoint when the last connection to a WAL database closes.
    public static let noCheckpointOnClose = Self(rawValue: SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE)
    /// Allows `VACUUM` to reset the database to empty.
    public static let resetDatabase = Self(rawValue: SQLITE_DBCONFIG_RESET_DATABASE)
    /// EXPLAIN QUERY PLAN shows trigger programs.
    public static let triggerEQP = Self(rawValue: SQLITE_DBCONFIG_TRIGGER_EQP)
    /// Functions and virtual tables from the schema (views, triggers, ...) run even when not
    /// innocuous; off is what `PRAGMA trusted_schema=OFF` gives.
    public static let trustedSchema = Self(rawValue: SQLITE_DBCONFIG_TRUSTED_SCHEMA)
    /// `sqlite_schema` may be written with UPDATE/INSERT/DELETE.
    public static let writableSchema = Self(rawValue: SQLITE_DBCONFIG_WRITABLE_SCHEMA)

    /// Every option, in the order and with the names the `sqlite3` shell's `.dbconfig` uses.
    public static let all: [(name: String, option: DatabaseConfigOption)] = [
        ("defensive", .defensive), ("dqs_ddl", .dqsDDL), ("dqs_dml", .dqsDML),
        ("enable_fkey", .enableForeignKeys), ("enable_qpsg", .enableQPSG), ("enable_trigger", .enableTriggers),
        ("enable_view", .enableViews), ("fts3_tokenizer", .fts3Tokenizer), ("legacy_alter_table", .legacyAlterTable),
        ("legacy_file_format", .legacyFileFormat), ("load_extension", .loadExtension),
        ("no_ckpt_on_close", .noCheckpointOnClose), ("reset_database", .resetDatabase),
        ("trigger_eqp", .triggerEQP), ("trusted_schema", .trustedSchema), ("writable_schema", .writableSchema),
    ]

    /// The `.dbconfig` name of the option (`trusted_schema`).
    public var name: String { Self.all.first { $0.option == self }?.name ?? "\(rawValue)" }
}

extension Connection {
    /// Whether a boolean setting is on.
    ///
    /// ```swift
    /// try db.setConfig(.defensive, enabled: true)
    /// try db.config(.defensive)   // true
    /// ```
    public func config(_ option: DatabaseConfigOption) throws -> Bool {
        var value: Int32 = 0
        try check(sqlsh_db_config_int(handle, option.rawValue, -1, &value), handle)
        return value != 0
    }

    /// Turns a boolean setting on or off.
    ///
    /// - Returns: the new state, as SQLite reports it.
    @discardableResult
    public func setConfig(_ option: DatabaseConfigOption, enabled: Bool) throws -> Bool {
        var value: Int32 = 0
        try check(sqlsh_db_config_int(handle, option.rawValue, enabled ? 1 : 0, &value), handle)
        return value != 0
    }
}
