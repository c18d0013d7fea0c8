/// The smallest and largest value of a column chunk, as the writer's statistics record them.
struct ValueRange {
    /// Integer-like values (booleans, INT64, DATE days, TIMESTAMP and TIME micros, decimals
    /// of up to 18 digits).
    private(set) var intMin: Int64?
    private(set) var intMax: Int64?
    /// FIXED_LEN_BYTE_ARRAY decimals' unscaled values.
    private(set) var wideMin: Int128?
    private(set) var wideMax: Int128?
    private(set) var doubleMin: Double?
    private(set) var doubleMax: Double?
    /// A NaN makes the order of the chunk's doubles undefined: no min/max then.
    private var sawNaN = false
    /// The indexes of the smallest and largest byte strings (kept by the chunk builder).
    var minIndex: Int?
    var maxIndex: Int?

    /// Byte strings longer than this leave min/max out (they would bloat the footer).
    static let maxStatisticsBytes = 256

    mutating func add(_ v: Int64) {
        if intMin.map({ v < $0 }) ?? true { intMin = v }
        if intMax.map({ v > $0 }) ?? true { intMax = v }
    }

    mutating func add(wide v: Int128) {
        if wideMin.map({ v < $0 }) ?? true { wideMin = v }
        if wideMax.map({ v > $0 }) ?? true { wideMax = v }
    }

    mutating func add(_ v: Double) {
        if v.isNaN { sawNaN = true; return }
        if doubleMin.map({ v < $0 }) ?? true { doubleMin = v }
        if doubleMax.map({ v > $0 }) ?? true { doubleMax = v }
    }

    /// The Statistics struct: null count, and min/max PLAIN-encoded (both the legacy fields,
    /// for numbers, and `min_value`/`max_value`).
    func encoded(type: ParquetColumnType, nullCount: Int, min: ArraySlice<UInt8>?, max: ArraySlice<UInt8>?) -> Statistics {
        var s = Statistics()
        s.nullCount = Int64(nullCount)
        var low: [UInt8]?
        var high: [UInt8]?
        switch type {
        case .boolean:
            low = intMin.map { [UInt8($0 & 1)] }
            high = intMax.map { [UInt8($0 & 1)] }
        case .date:
            low = intMin.map { littleEndian(UInt64(UInt32(truncatingIfNeeded: $0)), 4) }
            high = intMax.map { littleEndian(UInt64(UInt32(truncatingIfNeeded: $0)), 4) }
        case .int64, .timestamp, .timestampTZ, .time:
            low = intMin.map { littleEndian(UInt64(bitPattern: $0), 8) }
            high = intMax.map { littleEndian(UInt64(bitPattern: $0), 8) }
        case .decimal:
            switch type.physicalType {
            case .int32, .int64:
                low = intMin.map { littleEndian(UInt64(bitPattern: $0), type.fixedWidth) }
                high = intMax.map { littleEndian(UInt64(bitPattern: $0), type.fixedWidth) }
            default:
                // Big-endian two's complement, as the values.
                low = wideMin.map { v in (0..<type.fixedWidth).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
                high = wideMax.map { v in (0..<type.fixedWidth).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
            }
        case .double:
            guard !sawNaN else { return s }
            // -0.0 and +0.0 compare equal: a zero minimum is written -0.0, a zero maximum +0.0.
            low = doubleMin.map { littleEndian(($0 == 0 ? -0.0 : $0).bitPattern, 8) }
            high = doubleMax.map { littleEndian(($0 == 0 ? 0.0 : $0).bitPattern, 8) }
        case .string, .binary:
            if let min, let max, min.count <= Self.maxStatisticsBytes, max.count <= Self.maxStatisticsBytes {
                low = Array(min)
                high = Array(max)
            }
        }
        guard let low, let high else { return s }
        s.minValue = low
        s.maxValue = high
        // The legacy fields' order is signed only for numbers: not for byte arrays.
        if !type.isByteArray && type.physicalType != .fixedLenByteArray {
            s.min = low
            s.max = high
        }
        return s
    }

    private func littleEndian(_ v: UInt64, _ bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) }
    }
}
