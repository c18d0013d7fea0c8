import CSQLite

/// One argument of a SQL function call: a zero-copy view over SQLite's `sqlite3_value`.
///
/// An `Argument` is valid only during the call that received it. Its typed accessors read the
/// value directly (`sqlite3_value_int64`, `sqlite3_value_text`, ...) with SQLite's own
/// conversions: an integer read from text `'12'` is 12, a real read as an integer is truncated
/// toward zero, NULL reads as 0, 0.0 or empty.
public struct Argument {
    /// The underlying `sqlite3_value *`.
    public let rawValue: OpaquePointer

    /// A view over a `sqlite3_value *`, valid as long as SQLite keeps the value.
    @inlinable
    public init(rawValue: OpaquePointer) { self.rawValue = rawValue }

    /// The storage class of the value.
    @inlinable
    public var storageType: StorageType { StorageType(rawValue: sqlite3_value_type(rawValue)) ?? .null }

    /// The storage class after SQLite's numeric affinity is applied (text `'12'` is an integer).
    @inlinable
    public var numericType: StorageType { StorageType(rawValue: sqlite3_value_numeric_type(rawValue)) ?? .null }

    /// Whether the value is NULL.
    @inlinable
    public var isNull: Bool { sqlite3_value_type(rawValue) == SQLITE_NULL }

    /// The value as a 64-bit integer (SQLite conversion rules).
    @inlinable
    public var int64: Int64 { sqlite3_value_int64(rawValue) }

    /// The value as an `Int` (SQLite conversion rules).
    @inlinable
    public var int: Int { Int(truncatingIfNeeded: sqlite3_value_int64(rawValue)) }

    /// The value as a double (SQLite conversion rules).
    @inlinable
    public var double: Double { sqlite3_value_double(rawValue) }

    /// The UTF-8 bytes of the value's text form, embedded NUL bytes kept.
    ///
    /// The buffer is owned by SQLite and stays valid until another accessor converts this
    /// argument, or the call returns. NULL gives an empty buffer. Bytes are not validated:
    /// text stored by SQLite may hold invalid UTF-8.
    @inlinable
    public var utf8: UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_value_text(rawValue) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(rawValue)))
    }

    /// The bytes of the value as a blob (text gives its UTF-8 bytes). Same lifetime as ``utf8``.
    @inlinable
    public var blob: UnsafeRawBufferPointer {
        guard let p = sqlite3_value_blob(rawValue) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: Int(sqlite3_value_bytes(rawValue)))
    }

    /// The text form as a Swift `String` (a copy; invalid UTF-8 is repaired with U+FFFD).
    /// NULL gives nil.
    @inlinable
    public var string: String? {
        if isNull { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The subtype of the value (`sqlite3_value_subtype`); needs ``FunctionOptions/subtype``.
    @inlinable
    public var subtype: UInt32 { sqlite3_value_subtype(rawValue) }

    /// An owned copy of the value.
    public var sqlValue: SQLValue {
        switch storageType {
        case .null: return .null
        case .integer: return .integer(int64)
        case .real: return .real(double)
        case .text: return .text(String(decoding: utf8, as: UTF8.self))
        case .blob: return .blob(Array(UnsafeRawBufferPointer(blob)))
        }
    }

    /// Converts the value to a Swift type, throwing ``ValueConversionError`` when it cannot.
    @inlinable
    public func decode<T: SQLValueConvertible>(_ type: T.Type = T.self) throws -> T {
        try T.decode(self)
    }
}
