internal import CSQLite

/// A run-time limit of a connection (`sqlite3_limit`), such as the longest string or the
/// deepest expression.
public struct LimitCategory: RawRepresentable, Hashable, Sendable {
    /// The `SQLITE_LIMIT_*` code.
    public let rawValue: Int32
    /// A limit from its code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The longest string or blob, in bytes.
    public static let length = Self(rawValue: SQLITE_LIMIT_LENGTH)
    /// The longest SQL text, in bytes.
    public static let sqlLength = Self(rawValue: SQLITE_LIMIT_SQL_LENGTH)
    /// The most columns in a table, index, view or result.
    public static let column = Self(rawValue: SQLITE_LIMIT_COLUMN)
    /// The deepest expression tree.
    public static let expressionDepth = Self(rawValue: SQLITE_LIMIT_EXPR_DEPTH)
    /// The most terms in a compound SELECT.
    public static let compoundSelect = Self(rawValue: SQLITE_LIMIT_COMPOUND_SELECT)
    /// The most virtual-machine instructions per statement.
    public static let vdbeOperations = Self(rawValue: SQLITE_LIMIT_VDBE_OP)
    /// The most arguments to a function.
    public static let functionArguments = Self(rawValue: SQLITE_LIMIT_FUNCTION_ARG)
    /// The most attached databases.
    public static let attached = Self(rawValue: SQLITE_LIMIT_ATTACHED)
    /// The longest LIKE or GLOB pattern.
    public static let likePatternLength = Self(rawValue: SQLITE_LIMIT_LIKE_PATTERN_LENGTH)
    /// The highest parameter number.
    public static let variableNumber = Self(rawValue: SQLITE_LIMIT_VARIABLE_NUMBER)
    /// The deepest trigger recursion.
    public static let triggerDepth = Self(rawValue: SQLITE_LIMIT_TRIGGER_DEPTH)
    /// The most auxiliary worker threads.
    public static let workerThreads = Self(rawValue: SQLITE_LIMIT_WORKER_THREADS)

    /// Every limit, in the order and with the names the `sqlite3` shell's `.limit` uses.
    public static let all: [(name: String, category: LimitCategory)] = [
        ("length", .length), ("sql_length", .sqlLength), ("column", .column),
        ("expr_depth", .expressionDepth), ("compound_select", .compoundSelect), ("vdbe_op", .vdbeOperations),
        ("function_arg", .functionArguments), ("attached", .attached),
        ("like_pattern_length", .likePatternLength), ("variable_number", .variableNumber),
        ("trigger_depth", .triggerDepth), ("worker_threads", .workerThreads),
    ]

    /// The `.limit` name of the category (`sql_length`).
    public var name: String { Self.all.first { $0.category == self }?.name ?? "\(rawValue)" }
}

extension Connection {
    /// The current value of a limit.
    ///
    /// ```swift
    /// db.limit(.length)            // 1000000000
    /// db.setLimit(.length, 1000)   // strings and blobs longer than 1000 bytes now fail
    /// ```
    public func limit(_ category: LimitCategory) -> Int {
        Int(sqlite3_limit(handle, category.rawValue, -1))
    }

    /// Changes a limit; SQLite silently caps it at its compile-time maximum, and a negative
    /// value leaves it unchanged.
    ///
    /// - Returns: the previous value.
    @discardableResult
    public func setLimit(_ category: LimitCategory, _ value: Int) -> Int {
        Int(sqlite3_limit(handle, category.rawValue, Int32(clamping: value)))
    }
}
