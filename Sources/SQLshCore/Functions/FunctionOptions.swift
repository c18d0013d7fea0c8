internal import CSQLite

/// Flags of a SQL function, passed to `sqlite3_create_function_v2`.
public struct FunctionOptions: OptionSet, Hashable, Sendable {
    /// The `SQLITE_*` flag bits.
    public let rawValue: Int32
    /// Options from their bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Same arguments, same result: usable in indexes, CHECK constraints and generated columns,
    /// and SQLite may factor calls out of loops.
    public static let deterministic = FunctionOptions(rawValue: SQLITE_DETERMINISTIC)
    /// Only callable from top-level SQL, never from views, triggers or schema (safer for
    /// functions with side effects).
    public static let directOnly = FunctionOptions(rawValue: SQLITE_DIRECTONLY)
    /// No side effects and no information leaks: usable from views and triggers even under
    /// `PRAGMA trusted_schema=OFF`.
    public static let innocuous = FunctionOptions(rawValue: SQLITE_INNOCUOUS)
    /// The function reads argument subtypes (`Argument.subtype`) or sets a result subtype.
    public static let subtype = FunctionOptions(rawValue: SQLITE_SUBTYPE)

    /// Deterministic and innocuous: the right choice for pure functions.
    public static let pure: FunctionOptions = [.deterministic, .innocuous]
}
