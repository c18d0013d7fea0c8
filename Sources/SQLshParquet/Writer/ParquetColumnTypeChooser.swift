/// Chooses one Parquet type for a column of SQLite values, which may each have their own
/// storage class:
/// 1. the declared type when every value fits it: BOOLEAN (integers 0 and 1), DATE
///    (`YYYY-MM-DD` text), TIMESTAMP or DATETIME (`YYYY-MM-DD HH:MM:SS[.ffffff]` text),
///    TIMESTAMPTZ or TIMESTAMP WITH TIME ZONE (the same, perhaps with a zone), TIME
///    (`HH:MM:SS[.ffffff]` text), DECIMAL(p,s) or NUMERIC(p,s) (numbers and numeric text
///    exact at scale s within p digits, p ≤ 38);
/// 2. else the storage class that fits every value: integers as INT64, reals (with or without
///    integers) as DOUBLE, text as STRING, blobs as binary;
/// 3. else (a mixed column) text: STRING, or binary when a text or blob is not valid UTF-8.
///
/// A column of NULLs only takes its declared type's affinity (INTEGER, REAL, BLOB; STRING
/// otherwise).
public struct ParquetColumnTypeChooser: Sendable {
    private enum Declared: Equatable {
        case boolean, date, timestamp, timestampTZ, time, integer, real, numeric, blob, text
        case decimal(precision: Int, scale: Int)

        /// The Parquet type of a declared type whose values are checked one by one.
        var checked: ParquetColumnType? {
            switch self {
            case .boolean: .boolean
            case .date: .date
            case .timestamp: .timestamp
            case .timestampTZ: .timestampTZ
            case .time: .time
            case .decimal(let p, let s): .decimal(precision: p, scale: s)
            default: nil
            }
        }
    }
    private let declared: Declared
    private var integers = 0
    private var reals = 0
    private var texts = 0
    private var blobs = 0
    private var allBooleans = true
    /// Whether every value fits the declared DATE, TIMESTAMP, TIME or DECIMAL type.
    private var allFitDeclared = true
    private var allUTF8 = true

    /// A chooser for a column declared `declaredType` (nil for an expression).
    public init(declaredType: String?) {
        let t = (declaredType ?? "").uppercased()
        let trimmed = t.trimmingSpaces
        let words = t.split(separator: " ").joined(separator: " ")
        if trimmed == "BOOLEAN" || trimmed == "BOOL" {
            declared = .boolean
        } else if trimmed == "DATE" {
            declared = .date
        } else if trimmed == "TIMESTAMP" || trimmed == "DATETIME" {
            declared = .timestamp
        } else if trimmed == "TIMESTAMPTZ" || words == "TIMESTAMP WITH TIME ZONE" {
            declared = .timestampTZ
        } else if trimmed == "TIME" {
            declared = .time
        } else if let (precision, scale) = Self.decimal(words) {
            declared = .decimal(precision: precision, scale: scale)
        } else if t.hasBytes("INT") {
            declared = .integer
        } else if t.hasBytes("CHAR") || t.hasBytes("CLOB") || t.hasBytes("TEXT") {
            declared = .text
        } else if t.hasBytes("BLOB") {
            declared = .blob
        } else if t.hasBytes("REAL") || t.hasBytes("FLOA") || t.hasBytes("DOUB") {
            declared = .real
        } else if t.isEmpty {
            declared = .text
        } else {
            declared = .numeric
        }
    }

    /// Takes one more value of the column into account.
    public mutating func observe(_ value: ParquetInputValue) {
        switch value {
        case .null:
            break
        case .integer(let v):
            integers += 1
            if v != 0 && v != 1 { allBooleans = false }
            if case .decimal(let p, let s) = declared, allFitDeclared, DecimalValue.unscaled(value, precision: p, scale: s) == nil {
                allFitDeclared = false
            }
        case .real:
            reals += 1
            if case .decimal(let p, let s) = declared, allFitDeclared, DecimalValue.unscaled(value, precision: p, scale: s) == nil {
                allFitDeclared = false
            }
        case .text(let bytes):
            texts += 1
            if allUTF8 && !UTF8Check.isValid(bytes) { allUTF8 = false }
            if allFitDeclared, let type = declared.checked {
                let fits = switch type {
                case .date: DateTimeText.days(bytes) != nil
                case .decimal(let p, let s): DecimalValue.unscaled(value, precision: p, scale: s) != nil
                default: ColumnChunkBuilder.micros(bytes, type) != nil
                }
                if !fits { allFitDeclared = false }
            }
        case .blob(let bytes):
            blobs += 1
            if allUTF8 && !UTF8Check.isValid(bytes) { allUTF8 = false }
        }
    }

    /// The type that fits every value seen.
    public var chosen: ParquetColumnType {
        let values = integers + reals + texts + blobs
        if values == 0 {
            switch declared {
            case .boolean, .date, .timestamp, .timestampTZ, .time, .decimal: return declared.checked ?? .string
            case .integer: return .int64
            case .real, .numeric: return .double
            case .blob: return .binary
            case .text: return .string
            }
        }
        if declared == .boolean && integers == values && allBooleans { return .boolean }
        if let type = declared.checked, declared != .boolean, allFitDeclared {
            if case .decimal = type {
                if blobs == 0 { return type }
            } else if texts == values {
                return type
            }
        }
        if integers == values { return .int64 }
        if integers + reals == values { return .double }
        if blobs == values { return .binary }
        return allUTF8 ? .string : .binary
    }
}

extension ParquetColumnTypeChooser {
    /// The precision and scale of `DECIMAL(p[,s])` or `NUMERIC(p[,s])` (upper case, single
    /// spaces), when 1 ≤ p ≤ 38 and 0 ≤ s ≤ p.
    static func decimal(_ type: String) -> (Int, Int)? {
        let compact = type.filter { $0 != " " }
        let name: String
        if compact.hasPrefix("DECIMAL(") { name = "DECIMAL(" } else if compact.hasPrefix("NUMERIC(") { name = "NUMERIC(" } else { return nil }
        guard compact.hasSuffix(")") else { return nil }
        let inside = compact.dropFirst(name.count).dropLast()
        let parts = inside.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }),
              let precision = Int(parts[0]), let scale = parts.count == 2 ? Int(parts[1]) : 0,
              (1...ParquetColumnType.maxDecimalPrecision).contains(precision), (0...precision).contains(scale) else { return nil }
        return (precision, scale)
    }
}

extension String {
    /// Whether `word` occurs in the text, byte for byte (as SQLite finds INT, CHAR... in a
    /// declared type to give a column its affinity).
    fileprivate func hasBytes(_ word: String) -> Bool {
        let text = Array(utf8), word = Array(word.utf8)
        guard !word.isEmpty, text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { text[$0..<($0 + word.count)].elementsEqual(word) }
    }

    fileprivate var trimmingSpaces: Substring {
        let s = drop(while: { $0 == " " })
        return s.dropLast(s.reversed().prefix(while: { $0 == " " }).count)
    }
}

/// UTF-8 validity of a byte string (as Parquet's STRING requires).
enum UTF8Check {
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            let minimum: UInt32
            var scalar: UInt32
            if b & 0xE0 == 0xC0 { length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F) }
            else if b & 0xF0 == 0xE0 { length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F) }
            else if b & 0xF8 == 0xF0 { length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07) }
            else { return false }
            guard i + length <= n else { return false }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return false }
            i += length
        }
        return true
    }
}
