/// The unit of a TIME or TIMESTAMP.
public enum TimeUnit: Hashable, Sendable {
    case millis, micros, nanos
}

/// What a column's values mean (parquet.thrift's `LogicalType` union).
public enum LogicalType: Hashable, Sendable {
    case string
    case map
    case list
    case enumeration
    case decimal(scale: Int32, precision: Int32)
    case date
    case time(isAdjustedToUTC: Bool, unit: TimeUnit)
    case timestamp(isAdjustedToUTC: Bool, unit: TimeUnit)
    case integer(bitWidth: Int8, isSigned: Bool)
    /// Only nulls.
    case unknown
    case json
    case bson
    case uuid
    case float16
    case variant
    case geometry
    case geography
    /// A member this model does not know (its field id).
    case other(Int16)
}
