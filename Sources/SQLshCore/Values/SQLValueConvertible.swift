internal import CSQLite

/// A Swift type that converts to and from SQLite values.
///
/// Conforming types say how they are stored (``sqlValue``) and how they are read back
/// (``fromSQLValue(_:)``). The other requirements have default implementations built on those
/// two; the standard types override them to read and write `sqlite3_value` directly, with no
/// intermediate ``SQLValue``.
///
/// Conversion never crashes: a value that cannot convert (NULL to a non-optional type, text
/// `'abc'` to `Int`) throws ``ValueConversionError``.
///
/// ```swift
/// enum Color: String, SQLValueConvertible { case red, green }   // RawRepresentable: free
/// struct Point: SQLJSONConvertible { var x, y: Double }           // JSON text (module SQLshJSON)
/// ```
public protocol SQLValueConvertible: SendableMetatype {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }

    /// Converts a stored value, throwing ``ValueConversionError`` when it cannot.
    static func fromSQLValue(_ value: SQLValue) throws -> Self

    /// Converts a function argument. The default goes through ``fromSQLValue(_:)``.
    static func decode(_ argument: Argument) throws -> Self

    /// Writes the value as a function result. The default goes through ``sqlValue``.
    func setResult(_ result: ResultContext)

    /// The value as SQLite stores it, or an error when it cannot be stored (a Codable value
    /// that does not encode as JSON). Binding uses this. The default returns ``sqlValue``.
    func encodedSQLValue() throws -> SQLValue
}

extension SQLValueConvertible {
    @inlinable
    public static func decode(_ argument: Argument) throws -> Self {
        try fromSQLValue(argument.sqlValue)
    }

    @inlinable
    public func setResult(_ result: ResultContext) {
        result.set(sqlValue)
    }

    @inlinable
    public func encodedSQLValue() throws -> SQLValue { sqlValue }
}

extension SQLValue: SQLValueConvertible {
    public var sqlValue: SQLValue { self }
    public static func fromSQLValue(_ value: SQLValue) throws -> SQLValue { value }
}
