#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// A column's type, inferred from the data or given by hand, as declared to SQLite.
enum ColumnType: UInt8, Sendable, CaseIterable {
    case text, integer, real, boolean, date, timestamp, json, blob

    /// The declared type (`pragma table_info`, `.schema`).
    var declaration: String {
        switch self {
        case .text: return "TEXT"
        case .integer: return "INTEGER"
        case .real: return "REAL"
        case .boolean: return "BOOLEAN"
        case .date: return "DATE"
        case .timestamp: return "TIMESTAMP"
        case .json: return "JSON"
        case .blob: return "BLOB"
        }
    }

    /// A type named by hand: SQLite's names and DuckDB's (`VARCHAR`, `BIGINT`, `DOUBLE`).
    init?(named name: String) {
        var word = name.uppercased()
        if let paren = word.firstIndex(of: "(") { word = String(word[..<paren]) }
        word = String(word.filter { $0 != " " })
        switch word {
        case "TEXT", "VARCHAR", "STRING", "CHAR", "BPCHAR", "NVARCHAR", "UUID", "CLOB": self = .text
        case "INTEGER", "INT", "BIGINT", "SMALLINT", "TINYINT", "HUGEINT", "INT8", "INT4", "INT2", "INT1", "INT64", "INT32",
             "INT16", "UBIGINT", "UINTEGER", "USMALLINT", "UTINYINT", "LONG", "SHORT", "SIGNED": self = .integer
        case "REAL", "DOUBLE", "FLOAT", "FLOAT4", "FLOAT8", "DECIMAL", "NUMERIC", "DOUBLEPRECISION": self = .real
        case "BOOLEAN", "BOOL", "LOGICAL": self = .boolean
        case "DATE": self = .date
        case "TIMESTAMP", "DATETIME", "TIMESTAMPTZ", "TIMESTAMPWITHTIMEZONE", "TIME": self = .timestamp
        case "JSON": self = .json
        case "BLOB", "BYTEA", "BINARY", "VARBINARY": self = .blob
        default: return nil
        }
    }
}

/// What one field's text looks like, for inferring a column's type: each kind is a set bit.
struct FieldKinds: OptionSet, Sendable {
    let rawValue: UInt8
    static let boolean = FieldKinds(rawValue: 1)
    static let integer = FieldKinds(rawValue: 2)
    static let real = FieldKinds(rawValue: 4)
    static let date = FieldKinds(rawValue: 8)
    static let timestamp = FieldKinds(rawValue: 16)
    static let text = FieldKinds(rawValue: 32)
    static let json = FieldKinds(rawValue: 64)

    /// The narrowest type that holds every kind seen: integers with reals are REAL, dates
    /// with timestamps TIMESTAMP, JSON containers with anything JSON, other mixtures TEXT; no
    /// value at all (every field empty) is TEXT.
    var columnType: ColumnType {
        if contains(.json) { return .json }
        switch self {
        case []: return .text
        case .boolean: return .boolean
        case .integer: return .integer
        case .real, [.integer, .real]: return .real
        case .date: return .date
        case .timestamp, [.date, .timestamp]: return .timestamp
        default: return .text
        }
    }
}

/// Reading the text of a field as a value: the inference rules and the conversions, one set
/// for both so that what was inferred is what is read.
///
/// - integer: `-?(0|[1-9][0-9]*)` within 64 bits. A leading zero (`007`), a `+` sign or
///   spaces make text (an identifier or a code, as DuckDB reads it); `-0` is 0.
/// - real: an integer part as above (or none before a point), a fraction and/or an exponent
///   (`1.5`, `.5`, `5.`, `1e5`, `-2.5E-3`); an integer too big for 64 bits is a real when the
///   real is exactly that integer (`18446744073709551616`), else it is text: a value is never
///   read as a different number.
/// - boolean: `true` or `false`, any case (read as 1 and 0).
/// - date `YYYY-MM-DD`, timestamp `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH[:MM]]`: declared as
///   such, read as the text itself (SQLite's date functions take it).
enum FieldValue {
    /// The kind of a non-empty field.
    static func kind(_ p: UnsafePointer<UInt8>, _ n: Int) -> FieldKinds {
        guard n > 0 else { return [] }
        let first = p[0]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (first >= 48 && first <= 57) {
            if integer(p, n) != nil { return .integer }
            if isDecimal(p, n) { return real(p, n) != nil ? .real : .text }
            if n >= 10, first != UInt8(ascii: "-") {
                if isDate(p, n) { return .date }
                if isTimestamp(p, n) { return .timestamp }
            }
            return .text
        }
        if boolean(p, n) != nil { return .boolean }
        return .text
    }

    // Forced inlining in this file: Benchmarks/files.sh: every field typed.
    /// An integer by the rules above, nil otherwise (also when it does not fit 64 bits).
    @inline(__always)
    static func integer(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int64? {
        var i = 0
        let negative = p[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        guard i < n else { return nil }
        let d0 = p[i] &- 48
        guard d0 < 10 else { return nil }
        if d0 == 0 { return i + 1 == n ? 0 : nil }  // "0", "-0"; "007" is not an integer
        guard n - i <= 19 else { return nil }  // longer than Int64.max
        if n - i <= 18 {
            // At most 18 digits: below 10^18, no overflow to check.
            var value: Int64 = 0
            while i < n {
                let d = p[i] &- 48
                guard d < 10 else { return nil }
                value = value &* 10 &+ Int64(d)
                i &+= 1
            }
            return negative ? 0 &- value : value
        }
        var value: Int64 = 0
        while i < n {
            let d = p[i] &- 48
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(Int64(d)) : m.addingReportingOverflow(Int64(d))
            if o1 || o2 { return nil }
            value = s
            i += 1
        }
        return value
    }

    /// Whether the text is a decimal number (integer part without a leading zero, fraction,
    /// exponent), whatever its size.
    static func isDecimal(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var i = 0
        if p[0] == UInt8(ascii: "-") { i = 1 }
        let intStart = i
        while i < n && p[i] &- 48 < 10 { i += 1 }
        let intDigits = i - intStart
        if intDigits > 1 && p[intStart] == 48 { return false }
        var fracDigits = 0
        var point = false
        if i < n && p[i] == UInt8(ascii: ".") {
            point = true
            i += 1
            while i < n && p[i] &- 48 < 10 { i += 1; fracDigits += 1 }
        }
        guard intDigits + fracDigits > 0 else { return false }
        if i < n && (p[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) { i += 1 }
            var expDigits = 0
            while i < n && p[i] &- 48 < 10 { i += 1; expDigits += 1 }
            guard expDigits > 0 else { return false }
        } else if !point {
            // Digits only: an integer (too big for 64 bits when we get here).
            return i == n
        }
        return i == n
    }

    /// A real by the rules above (a decimal; an integer-shaped text only when the real is
    /// exactly that integer), nil otherwise.
    static func real(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double? {
        guard n > 0, n < 400, isDecimal(p, n) else { return nil }
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { text -> Double in
            guard let base = text.baseAddress else { return .nan }
            UnsafeMutableRawPointer(base).copyMemory(from: p, byteCount: n)
            base[n] = 0
            return strtod(base, nil)
        }
        guard value.isFinite else { return nil }
        var integerShaped = true
        for i in 0..<n where p[i] == UInt8(ascii: ".") || (p[i] | 0x20) == UInt8(ascii: "e") { integerShaped = false; break }
        if integerShaped && !isExactInteger(value, p, n) { return nil }
        return value
    }

    /// Whether `value` is exactly the integer the digits spell.
    private static func isExactInteger(_ value: Double, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        var digits = Array(UnsafeBufferPointer(start: p, count: n))
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits.removeFirst() }
        while digits.count > 1 && digits.first == 48 { digits.removeFirst() }
        // %.0f prints a double's exact integer value (glibc prints every digit).
        var buffer = [CChar](repeating: 0, count: 400)
        let written = buffer.withUnsafeMutableBufferPointer { b in
            withVaList([abs(value)]) { vsnprintf(b.baseAddress, b.count, "%.0f", $0) }
        }
        guard written > 0, Int(written) < buffer.count else { return false }
        let exact = buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }
        return exact == digits && (value < 0) == (negative && digits != [48])
    }

    /// `true` or `false` in any case, as 1 or 0.
    @inline(__always)
    static func boolean(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int64? {
        if n == 4, p[0] | 0x20 == 0x74, p[1] | 0x20 == 0x72, p[2] | 0x20 == 0x75, p[3] | 0x20 == 0x65 { return 1 }
        if n == 5, p[0] | 0x20 == 0x66, p[1] | 0x20 == 0x61, p[2] | 0x20 == 0x6C, p[3] | 0x20 == 0x73, p[4] | 0x20 == 0x65 {
            return 0
        }
        return nil
    }

    @inline(__always) private static func digits(_ p: UnsafePointer<UInt8>, _ from: Int, _ count: Int) -> Int? {
        var value = 0
        for i in from..<(from + count) {
            let d = p[i] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
        }
        return value
    }

    /// `YYYY-MM-DD` with a month 1-12 and a day 1-31.
    static func isDate(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        guard n >= 10, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), digits(p, 0, 4) != nil,
              let month = digits(p, 5, 2), let day = digits(p, 8, 2) else { return false }
        return n == 10 ? (1...12).contains(month) && (1...31).contains(day) : false
    }

    /// A date, `T` or a space, `HH:MM`, optional `:SS` and fraction, optional zone.
    static func isTimestamp(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        guard n >= 16, p[4] == UInt8(ascii: "-"), p[7] == UInt8(ascii: "-"), digits(p, 0, 4) != nil,
              let month = digits(p, 5, 2), let day = digits(p, 8, 2), (1...12).contains(month), (1...31).contains(day),
              p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: " "),
              let hour = digits(p, 11, 2), p[13] == UInt8(ascii: ":"), let minute = digits(p, 14, 2),
              hour < 24, minute < 60 else { return false }
        var i = 16
        if i < n && p[i] == UInt8(ascii: ":") {
            guard i + 3 <= n, let second = digits(p, i + 1, 2), second < 61 else { return false }
            i += 3
            if i < n && p[i] == UInt8(ascii: ".") {
                i += 1
                let start = i
                while i < n && p[i] &- 48 < 10 { i += 1 }
                guard i > start else { return false }
            }
        }
        if i < n && p[i] == UInt8(ascii: "Z") { i += 1 } else if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
            i += 1
            guard i + 2 <= n, digits(p, i, 2) != nil else { return false }
            i += 2
            if i < n && p[i] == UInt8(ascii: ":") { i += 1 }
            if i + 2 <= n, digits(p, i, 2) != nil { i += 2 }
        }
        return i == n
    }

    /// Writes a field's text as a value of `type`; a value that does not read as that type
    /// is kept as its text (never lost, never a different value).
    @inline(__always)
    static func write(_ p: UnsafePointer<UInt8>, _ n: Int, as type: ColumnType, into result: ResultContext) {
        switch type {
        case .integer:
            if n > 0, let value = integer(p, n) { return result.set(value) }
            if n > 0, let value = real(p, n) { return result.set(value) }
        case .real:
            if n > 0, let value = real(p, n) { return result.set(value) }
        case .boolean:
            if let value = boolean(p, n) { return result.set(value) }
        case .blob:
            return result.setBlob(UnsafeRawBufferPointer(start: p, count: n))
        case .text, .date, .timestamp, .json:
            break
        }
        result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
    }
}
