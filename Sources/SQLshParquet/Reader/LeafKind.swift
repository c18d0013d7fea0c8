/// How a leaf column's values are given to SQL: the storage class and text form its
/// physical and logical types call for.
public enum LeafKind: Hashable, Sendable {
    /// BOOLEAN: 0 or 1.
    case boolean
    /// Signed integers (INT32, INT64, INT_8...).
    case integer
    /// UINT_8/16/32 in an INT32: the bits read as unsigned.
    case unsigned32
    /// UINT_64: an integer, or its text above Int64's range.
    case unsigned64
    /// FLOAT, DOUBLE.
    case real
    /// FLOAT16 (FIXED_LEN_BYTE_ARRAY of 2).
    case float16
    /// UTF-8 text (STRING, ENUM).
    case text
    /// JSON text.
    case json
    /// Bytes (BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY without a text type; BSON; INTERVAL).
    case blob
    /// Days since 1970-01-01, as `YYYY-MM-DD`.
    case date
    /// Time of day, as `HH:MM:SS[.fff]`.
    case time(TimeUnit)
    /// Time since the epoch, as `YYYY-MM-DD HH:MM:SS[.fff]`.
    case timestamp(TimeUnit)
    /// INT96 timestamps (nanoseconds of the day, Julian day).
    case int96
    /// A decimal: a real when its digits fit one exactly, text otherwise.
    case decimal(scale: Int, precision: Int)
    /// A 16-byte UUID, as its canonical text.
    case uuid

    /// The kind of a leaf column.
    public init(_ element: SchemaElement) {
        let physical = element.type ?? .byteArray
        if let logical = element.logicalType {
            switch logical {
            case .string, .enumeration: self = .text; return
            case .json: self = .json; return
            case .bson: self = .blob; return
            case .decimal(let scale, let precision): self = .decimal(scale: Int(scale), precision: Int(precision)); return
            case .date: self = .date; return
            case .time(_, let unit): self = .time(unit); return
            case .timestamp(_, let unit): self = .timestamp(unit); return
            case .integer(let width, let signed):
                if !signed && physical == .int32 && width <= 32 { self = .unsigned32; return }
                if !signed && physical == .int64 { self = .unsigned64; return }
                self = .integer
                return
            case .uuid where physical == .fixedLenByteArray && element.typeLength == 16: self = .uuid; return
            case .float16 where physical == .fixedLenByteArray && element.typeLength == 2: self = .float16; return
            default: break
            }
        }
        if let converted = element.convertedType {
            switch converted {
            case .utf8, .enumeration: self = .text; return
            case .json: self = .json; return
            case .bson, .interval: self = .blob; return
            case .decimal: self = .decimal(scale: Int(element.scale ?? 0), precision: Int(element.precision ?? 0)); return
            case .date: self = .date; return
            case .timeMillis: self = .time(.millis); return
            case .timeMicros: self = .time(.micros); return
            case .timestampMillis: self = .timestamp(.millis); return
            case .timestampMicros: self = .timestamp(.micros); return
            case .uint8, .uint16, .uint32: self = physical == .int32 ? .unsigned32 : .integer; return
            case .uint64: self = .unsigned64; return
            default: break
            }
        }
        switch physical {
        case .boolean: self = .boolean
        case .int32, .int64: self = .integer
        case .int96: self = .int96
        case .float, .double: self = .real
        default: self = .blob
        }
    }

    /// The column's declared type, in DuckDB's names.
    public func declaredType(_ element: SchemaElement) -> String {
        switch self {
        case .boolean: return "BOOLEAN"
        case .integer:
            if case .integer(let width, _)? = element.logicalType {
                return width <= 8 ? "TINYINT" : width <= 16 ? "SMALLINT" : width <= 32 ? "INTEGER" : "BIGINT"
            }
            switch element.convertedType {
            case .int8?: return "TINYINT"
            case .int16?: return "SMALLINT"
            case .uint8?: return "UTINYINT"
            case .uint16?: return "USMALLINT"
            default: return element.type == .int32 ? "INTEGER" : "BIGINT"
            }
        case .unsigned32:
            if case .integer(let width, _)? = element.logicalType { return width <= 8 ? "UTINYINT" : width <= 16 ? "USMALLINT" : "UINTEGER" }
            return element.convertedType == .uint8 ? "UTINYINT" : element.convertedType == .uint16 ? "USMALLINT" : "UINTEGER"
        case .unsigned64: return "UBIGINT"
        case .real: return element.type == .float ? "FLOAT" : "DOUBLE"
        case .float16: return "FLOAT"
        case .text: return "VARCHAR"
        case .json: return "JSON"
        case .blob: return "BLOB"
        case .date: return "DATE"
        case .time: return "TIME"
        case .timestamp(let unit):
            // DuckDB's name for a timestamp adjusted to UTC, whatever its unit.
            if case .timestamp(isAdjustedToUTC: true, _)? = element.logicalType { return "TIMESTAMP WITH TIME ZONE" }
            return unit == .nanos ? "TIMESTAMP_NS" : unit == .millis ? "TIMESTAMP_MS" : "TIMESTAMP"
        case .int96: return "TIMESTAMP"
        case .decimal(let scale, let precision): return "DECIMAL(\(precision),\(scale))"
        case .uuid: return "UUID"
        }
    }
}
