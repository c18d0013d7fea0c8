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

    /// The physical type of the column's values.
    public var physicalType: PhysicalType {
        switch self {
        case .boolean: .boolean
        case .int64, .timestamp: .int64
        case .double: .double
        case .string, .binary: .byteArray
        case .date: .int32
        }
    }

    /// Whether values are byte strings (text or blobs).
    public var isByteArray: Bool { physicalType == .byteArray }

    public var description: String {
        switch self {
        case .boolean: "BOOLEAN"
        case .int64: "BIGINT"
        case .double: "DOUBLE"
        case .string: "VARCHAR"
        case .binary: "BLOB"
        case .date: "DATE"
        case .timestamp: "TIMESTAMP"
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
        case .boolean, .int64, .double, .binary:
            break
        }
        return e
    }
}
