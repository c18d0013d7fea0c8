import SQLshCore

/// The fields of a ``ColumnSummary``'s result, as one blob: per field a tag byte (0 NULL,
/// 1 integer, 2 real) and 8 bytes (the integer, or the real's bits, little-endian).
/// `sqlsh_summarize_field(record, i)` gives field `i` back as the SQL value it was.
struct SummaryRecord {
    static let approxUnique = 0
    static let mean = 1
    static let standardDeviation = 2
    static let firstQuartile = 3
    static let fieldCount = 6
    static let fieldSize = 9

    /// One field.
    enum Field: Equatable {
        case null
        case integer(Int64)
        case real(Double)
    }

    private(set) var bytes = [UInt8](repeating: 0, count: fieldCount * fieldSize)

    init() {}

    mutating func set(_ field: Field, at index: Int) {
        let base = index * Self.fieldSize
        let (tag, word): (UInt8, UInt64)
        switch field {
        case .null: (tag, word) = (0, 0)
        case .integer(let i): (tag, word) = (1, UInt64(bitPattern: i))
        case .real(let d): (tag, word) = (2, d.bitPattern)
        }
        bytes[base] = tag
        for b in 0..<8 { bytes[base + 1 + b] = UInt8(truncatingIfNeeded: word >> UInt64(8 * b)) }
    }

    /// Field `index` of a record's bytes; nil when they are no record or `index` is out of range.
    static func field(_ index: Int64, of record: UnsafeRawBufferPointer) -> Field? {
        guard record.count == fieldCount * fieldSize, index >= 0, index < Int64(fieldCount) else { return nil }
        let base = Int(index) * fieldSize
        var word: UInt64 = 0
        for b in 0..<8 { word |= UInt64(record[base + 1 + b]) << UInt64(8 * b) }
        switch record[base] {
        case 0: return .null
        case 1: return .integer(Int64(bitPattern: word))
        case 2: return .real(Double(bitPattern: word))
        default: return nil
        }
    }

    /// `sqlsh_summarize_field(record, i)`.
    static func fieldFunction(_ arguments: Arguments) throws -> (any SQLValueConvertible)? {
        let record = arguments[0], index = arguments[1]
        guard record.storageType == .blob, index.storageType == .integer,
              let field = field(index.int64, of: record.blobBytes) else {
            throw DuckDBError("\(InternalFunctions.summaryField)(): not a summary record and field number")
        }
        switch field {
        case .null: return nil
        case .integer(let i): return i
        case .real(let d): return d
        }
    }
}
