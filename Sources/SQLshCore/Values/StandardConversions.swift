// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite

// Conversions of the standard library types. Integers and reals follow SQLite's own rules
// where they are lossless or conventional (a real read as an integer is truncated toward zero,
// as `CAST(x AS INTEGER)` does), and throw where SQLite would silently invent a value (NULL,
// a blob, or text that is not a number).

/// Converts a value to a 64-bit integer, naming `target` in the error.
@usableFromInline
func integerValue<T>(_ value: SQLValue, as target: T.Type) throws -> Int64 {
    switch value {
    case .integer(let i): return i
    case .real(let d):
        guard d.isFinite, d >= -9.223372036854775808e18, d < 9.223372036854775808e18 else {
            throw ValueConversionError(value, to: target)
        }
        return Int64(d) // truncates toward zero, as CAST does
    case .text(let s):
        if let i = Int64(s.trimmingSpaces) { return i }
        if let d = Double(s.trimmingSpaces) { return try integerValue(.real(d), as: target) }
        throw ValueConversionError(value, to: target)
    case .null, .blob:
        throw ValueConversionError(value, to: target)
    }
}

extension Int64: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self) }

    public static func fromSQLValue(_ value: SQLValue) throws -> Int64 { try integerValue(value, as: Int64.self) }

    @inlinable
    public static func decode(_ argument: Argument) throws -> Int64 {
        if sqlite3_value_type(argument.rawValue) == SQLITE_INTEGER { return sqlite3_value_int64(argument.rawValue) }
        return try integerValue(argument.sqlValue, as: Int64.self)
    }

    @inlinable
    public func setResult(_ result: ResultContext) { result.set(self) }
}

extension Int: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }

    public static func fromSQLValue(_ value: SQLValue) throws -> Int { Int(try integerValue(value, as: Int.self)) }

    @inlinable
    public static func decode(_ argument: Argument) throws -> Int {
        if sqlite3_value_type(argument.rawValue) == SQLITE_INTEGER { return Int(sqlite3_value_int64(argument.rawValue)) }
        return Int(try integerValue(argument.sqlValue, as: Int.self))
    }

    @inlinable
    public func setResult(_ result: ResultContext) { result.set(Int64(self)) }
}

extension Int32: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(Int64(self)) }
    public static func fromSQLValue(_ value: SQLValue) throws -> Int32 {
        let i = try integerValue(value, as: Int32.self)
        guard let v = Int32(exactly: i) else { throw ValueConversionError(value, to: Int32.self) }
        return v
    }
}

extension Double: SQLValueConvertible {
    public var sqlValue: SQLValue { .real(self) }

    public static func fromSQLValue(_ value: SQLValue) throws -> Double {
        switch value {
        case .integer(let i): return Double(i)
        case .real(let d): return d
        case .text(let s):
            if let d = Double(s.trimmingSpaces) { return d }
            throw ValueConversionError(value, to: Double.self)
        case .null, .blob:
            throw ValueConversionError(value, to: Double.self)
        }
    }

    @inlinable
    public static func decode(_ argument: Argument) throws -> Double {
        switch sqlite3_value_type(argument.rawValue) {
        case SQLITE_FLOAT, SQLITE_INTEGER: return sqlite3_value_double(argument.rawValue)
        default: return try fromSQLValue(argument.sqlValue)
        }
    }

    @inlinable
    public func setResult(_ result: ResultContext) { result.set(self) }
}

extension Bool: SQLValueConvertible {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    public static func fromSQLValue(_ value: SQLValue) throws -> Bool {
        switch value {
        case .integer(let i): return i != 0
        case .real(let d): return d != 0
        default: return try integerValue(value, as: Bool.self) != 0
        }
    }
}

extension String: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(self) }

    /// Text converts as is; integers and reals convert to their SQL text form. NULL and blobs
    /// throw.
    public static func fromSQLValue(_ value: SQLValue) throws -> String {
        switch value {
        case .text(let s): return s
        case .integer(let i): return String(i)
        case .real(let d): return formatReal(d)
        case .null, .blob: throw ValueConversionError(value, to: String.self)
        }
    }

    @inlinable
    public static func decode(_ argument: Argument) throws -> String {
        switch sqlite3_value_type(argument.rawValue) {
        case SQLITE_TEXT, SQLITE_INTEGER, SQLITE_FLOAT:
            return String(decoding: argument.utf8, as: UTF8.self)
        default:
            throw ValueConversionError(argument.sqlValue, to: String.self)
        }
    }

    @inlinable
    public func setResult(_ result: ResultContext) { result.set(self) }
}

extension Substring: SQLValueConvertible {
    public var sqlValue: SQLValue { .text(String(self)) }
    public static func fromSQLValue(_ value: SQLValue) throws -> Substring { Substring(try String.fromSQLValue(value)) }
}

extension Array: SQLValueConvertible where Element == UInt8 {
    public var sqlValue: SQLValue { .blob(self) }

    /// Blobs convert as is; text converts to its UTF-8 bytes. Other values throw.
    public static func fromSQLValue(_ value: SQLValue) throws -> [UInt8] {
        switch value {
        case .blob(let b): return b
        case .text(let s): return Array(s.utf8)
        default: throw ValueConversionError(value, to: [UInt8].self)
        }
    }

    @inlinable
    public static func decode(_ argument: Argument) throws -> [UInt8] {
        switch sqlite3_value_type(argument.rawValue) {
        case SQLITE_BLOB, SQLITE_TEXT: return Array(UnsafeRawBufferPointer(argument.blob))
        default: throw ValueConversionError(argument.sqlValue, to: [UInt8].self)
        }
    }

    @inlinable
    public func setResult(_ result: ResultContext) { result.setBlob(self) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    public var sqlValue: SQLValue { self?.sqlValue ?? .null }

    public static func fromSQLValue(_ value: SQLValue) throws -> Wrapped? {
        if case .null = value { return nil }
        return try Wrapped.fromSQLValue(value)
    }

    @inlinable
    public static func decode(_ argument: Argument) throws -> Wrapped? {
        if argument.isNull { return nil }
        return try Wrapped.decode(argument)
    }

    @inlinable
    public func setResult(_ result: ResultContext) {
        if let self { self.setResult(result) } else { result.setNull() }
    }
}

extension RawRepresentable where Self: SQLValueConvertible, RawValue: SQLValueConvertible {
    public var sqlValue: SQLValue { rawValue.sqlValue }

    public static func fromSQLValue(_ value: SQLValue) throws -> Self {
        guard let v = Self(rawValue: try RawValue.fromSQLValue(value)) else {
            throw ValueConversionError(value, to: Self.self)
        }
        return v
    }
}

extension String {
    @usableFromInline
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}

/// Formats a real exactly as SQLite's text conversion does (`%!.15g`, through SQLite's own
/// printf): 15 significant digits, and always a decimal point or exponent (`1.0`, `1.0e+20`).
public func formatReal(_ d: Double, format: String = "%!.15g") -> String {
    var buffer = [CChar](repeating: 0, count: 80)
    buffer.withUnsafeMutableBufferPointer { buf in
        withVaList([d]) { _ = sqlite3_vsnprintf(80, buf.baseAddress, format, $0) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
