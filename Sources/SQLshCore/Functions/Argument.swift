// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

/// One argument of a SQL function call: a zero-copy view over SQLite's `sqlite3_value`.
///
/// An `Argument` is valid only during the call that received it: SQLite reuses the value
/// once the call returns, so keep what you need as a copy made inside the call (``sqlValue``,
/// ``string``, `Array(utf8)`), never the `Argument` or the buffers it gives. Debug builds
/// check this: reading an argument after its call returned stops
/// the program with a message naming the mistake. It is not `Sendable` for the same reason.
///
/// Its typed accessors read the value directly (`sqlite3_value_int64`, `sqlite3_value_text`,
/// ...) with SQLite's own conversions: an integer read from text `'12'` is 12, a real read
/// as an integer is truncated toward zero, NULL reads as 0, 0.0 or empty.
public struct Argument {
    /// The underlying `sqlite3_value *` (not checked for use after the call).
    @usableFromInline package let rawValue: OpaquePointer
    #if DEBUG
    /// The call this argument belongs to, checked by every accessor (debug builds only).
    @usableFromInline let scope: CallScope?
    #endif

    /// A view over a `sqlite3_value *`, valid as long as SQLite keeps the value.
    @inlinable
    package init(rawValue: OpaquePointer) {
        self.rawValue = rawValue
        #if DEBUG
        self.scope = nil
        #endif
    }

    #if DEBUG
    @inlinable
    init(rawValue: OpaquePointer, scope: CallScope?) {
        self.rawValue = rawValue
        self.scope = scope
    }
    #endif

    /// The value pointer, after checking (debug builds) that the call is still running.
    @inlinable
    var value: OpaquePointer {
        // Forced inlining in this file: the Benchmarks package (function API against C): argument access on every call.
        @inline(__always) get {
            #if DEBUG
            scope?.check()
            #endif
            return rawValue
        }
    }

    /// The storage class of the value.
    @inlinable
    public var storageType: StorageType {
        // Always inlined, a switch rather than the raw-value initializer: the getter stayed a
        // call of its own in the catalog, about 11 instructions per argument read.
        @inline(__always) get {
            switch sqlite3_value_type(value) {
            case SQLITE_INTEGER: return .integer
            case SQLITE_FLOAT: return .real
            case SQLITE_TEXT: return .text
            case SQLITE_BLOB: return .blob
            default: return .null
            }
        }
    }

    /// The storage class after SQLite's numeric affinity is applied (text `'12'` is an integer).
    @inlinable
    public var numericType: StorageType {
        // As ``storageType``: always inlined, a switch.
        @inline(__always) get {
            switch sqlite3_value_numeric_type(value) {
            case SQLITE_INTEGER: return .integer
            case SQLITE_FLOAT: return .real
            case SQLITE_TEXT: return .text
            case SQLITE_BLOB: return .blob
            default: return .null
            }
        }
    }

    /// Whether the value is NULL.
    @inlinable
    public var isNull: Bool { sqlite3_value_type(value) == SQLITE_NULL }

    /// The value as a 64-bit integer (SQLite conversion rules).
    @inlinable
    public var int64: Int64 { sqlite3_value_int64(value) }

    /// The value as a 32-bit integer, as `sqlite3_value_int` reads it: the 64-bit value's low
    /// 32 bits (`4294967297` reads as 1), which is what SQLite's own C functions see.
    @inlinable
    public var int32: Int32 { sqlite3_value_int(value) }

    /// The value as an `Int` (SQLite conversion rules).
    @inlinable
    public var int: Int { Int(truncatingIfNeeded: sqlite3_value_int64(value)) }

    /// The value as a double (SQLite conversion rules).
    @inlinable
    public var double: Double { sqlite3_value_double(value) }

    /// The UTF-8 bytes of the value's text form, embedded NUL bytes kept.
    ///
    /// The buffer is owned by SQLite and stays valid until another accessor converts this
    /// argument, or the call returns. NULL gives an empty buffer. Bytes are not validated:
    /// text stored by SQLite may hold invalid UTF-8.
    @inlinable
    public var utf8: UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value)))
    }

    /// The bytes of the value as a blob (text gives its UTF-8 bytes). Same lifetime as ``utf8``.
    @inlinable
    public var blob: UnsafeRawBufferPointer {
        guard let p = sqlite3_value_blob(value) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: Int(sqlite3_value_bytes(value)))
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
    public var subtype: UInt32 { sqlite3_value_subtype(value) }

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

@available(*, unavailable, message: "an Argument is valid only during its function call")
extension Argument: Sendable {}
