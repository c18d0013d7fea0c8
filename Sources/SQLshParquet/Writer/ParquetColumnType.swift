/// The Parquet type a written column gets: one physical type (and logical type) for all its
/// values, chosen by ``ParquetColumnTypeChooser``.
public enum ParquetColumnType: Hashable, Sendable, CustomStringConvertible {
    /// BOOLEAN (integers 0 and 1).
    case boolean
    /// INT64.
    case int64
    /// DOUBLE.
    case double
    /// BYTE_ARRAY annotated STRING (UTF-8 text).
    case string
    /// BYTE_ARRAY without annotation (blobs).
    case binary
    /// INT32 annotated DATE (days since 1970-01-01), from `YYYY-MM-DD` text.
    case date
    /// INT64 annotated TIMESTAMP (microseconds, not adjusted to UTC), from
    /// `YYYY-MM-DD HH:MM:SS[.ffffff]` text.
    case timestamp
    /// INT64 annotated TIMESTAMP adjusted to UTC (microseconds), from timestamps with or
    /// without a zone (`Z`, `+HH[:MM]`, `-HH[:MM]`; none is UTC).
    case timestampTZ
    /// INT64 annotated TIME (microseconds of the day, not adjusted to UTC), from
    /// `HH:MM[:SS[.ffffff]]` text.
    case time
    /// DECIMAL(precision, scale), 1 ≤ precision ≤ 38, 0 ≤ scale ≤ precision: INT32 up to 9
    /// digits, INT64 up to 18, else the shortest FIXED_LEN_BYTE_ARRAY (as pyarrow writes it).
    case decimal(precision: Int, scale: Int)

    /// The largest precision a DECIMAL column is written with (DuckDB's and pyarrow's).
    public static let maxDecimalPrecision = 38

    /// The physical type of the column's values.
    public var physicalType: PhysicalType {
        switch self {
        case .boolean: .boolean
        case .int64, .timestamp, .timestampTZ, .time: .int64
        case .double: .double
        case .string, .binary: .byteArray
        case .date: .int32
        case .decimal(let precision, _): precision <= 9 ? .int32 : precision <= 18 ? .int64 : .fixedLenByteArray
        }
    }

    /// Whether values are byte strings (text or blobs).
    public var isByteArray: Bool { physicalType == .byteArray }

    /// The bytes of one PLAIN-encoded value of a fixed-width type (0 for byte strings; 1 for
    /// booleans, which a page packs 8 to a byte).
    var fixedWidth: Int {
        switch physicalType {
        case .boolean: 1
        case .int32: 4
        case .int64, .double: 8
        case .fixedLenByteArray: decimalByteLength
        default: 0
        }
    }

    /// The bytes of a FIXED_LEN_BYTE_ARRAY decimal: the fewest whose two's complement holds
    /// every number of its precision.
    var decimalByteLength: Int {
        guard case .decimal(let precision, _) = self else { return 0 }
        var n = 1
        // floor((8n - 1) * log10(2)) digits fit in n bytes.
        while Int(Double(8 * n - 1) * 0.301_029_995_663_981_2) < precision { n += 1 }
        return n
    }

    public var description: String {
        switch self {
        case .boolean: "BOOLEAN"
        case .int64: "BIGINT"
        case .double: "DOUBLE"
        case .string: "VARCHAR"
        case .binary: "BLOB"
        case .date: "DATE"
        case .timestamp: "TIMESTAMP"
        case .timestampTZ: "TIMESTAMP WITH TIME ZONE"
        case .time: "TIME"
        case .decimal(let precision, let scale): "DECIMAL(\(precision),\(scale))"
        }
    }

    /// The column's schema element: an OPTIONAL leaf named `name`.
    func schemaElement(name: String) -> SchemaElement {
        var e = SchemaElement()
        e.name = name
        e.type = physicalType
        e.repetitionType = .optional
        switch self {
        case .string:
            e.convertedType = .utf8
            e.logicalType = .string
        case .date:
            e.convertedType = .date
            e.logicalType = .date
        case .timestamp:
            e.convertedType = .timestampMicros
            e.logicalType = .timestamp(isAdjustedToUTC: false, unit: .micros)
        case .timestampTZ:
            e.convertedType = .timestampMicros
            e.logicalType = .timestamp(isAdjustedToUTC: true, unit: .micros)
        case .time:
            e.convertedType = .timeMicros
            e.logicalType = .time(isAdjustedToUTC: false, unit: .micros)
        case .decimal(let precision, let scale):
            e.convertedType = .decimal
            e.scale = Int32(scale)
            e.precision = Int32(precision)
            e.logicalType = .decimal(scale: Int32(scale), precision: Int32(precision))
            if physicalType == .fixedLenByteArray { e.typeLength = Int32(decimalByteLength) }
        case .boolean, .int64, .double, .binary:
            break
        }
        return e
    }
}
