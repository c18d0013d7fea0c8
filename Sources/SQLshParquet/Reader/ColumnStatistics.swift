/// A min or max of a column chunk's statistics, as the SQL value the column gives (so that
/// it compares with a query's constant as the column's values do).
public enum StatisticValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text([UInt8])
}

extension ParquetFile {
    /// The min and max of a flat column's chunk in a row group, when its statistics hold
    /// them in an order that matches SQL's (nil otherwise: the row group cannot be skipped):
    /// numbers, text, and dates, times and timestamps as their text (years 0000 to 9999),
    /// decimals of up to 15 digits as reals.
    public func statistics(rowGroup: Int, column: ParquetColumn) -> (min: StatisticValue, max: StatisticValue)? {
        guard let kind = column.kind, let leaf = column.node.leafIndex, metadata.rowGroups.indices.contains(rowGroup),
              let stats = metadata.rowGroups[rowGroup].columns[leaf].metaData?.statistics else { return nil }
        let physical = column.node.element.type
        // min_value/max_value are ordered as the logical type says; the older min/max only
        // as signed numbers.
        let signedOK: Bool
        switch kind {
        case .integer, .real, .date, .boolean, .timestamp, .time: signedOK = true
        case .decimal: signedOK = physical == .int32 || physical == .int64
        default: signedOK = false
        }
        guard let minBytes = stats.minValue ?? (signedOK ? stats.min : nil),
              let maxBytes = stats.maxValue ?? (signedOK ? stats.max : nil),
              let low = Self.statistic(minBytes, kind: kind, physical: physical),
              let high = Self.statistic(maxBytes, kind: kind, physical: physical) else { return nil }
        return (low, high)
    }

    static func statistic(_ bytes: [UInt8], kind: LeafKind, physical: PhysicalType?) -> StatisticValue? {
        func little(_ count: Int) -> UInt64? {
            guard bytes.count == count else { return nil }
            var v: UInt64 = 0
            for i in 0..<count { v |= UInt64(bytes[i]) << UInt64(8 * i) }
            return v
        }
        switch (kind, physical) {
        case (.boolean, _):
            guard bytes.count == 1 else { return nil }
            return .integer(Int64(bytes[0] & 1))
        case (.integer, .int32?):
            return little(4).map { .integer(Int64(Int32(truncatingIfNeeded: $0))) }
        case (.integer, .int64?):
            return little(8).map { .integer(Int64(bitPattern: $0)) }
        case (.unsigned32, .int32?):
            return little(4).map { .integer(Int64(UInt32(truncatingIfNeeded: $0))) }
        case (.unsigned64, .int64?):
            guard let v = little(8), v <= UInt64(Int64.max) else { return nil }
            return .integer(Int64(v))
        case (.real, .float?):
            guard let v = little(4) else { return nil }
            let d = Double(Float(bitPattern: UInt32(v)))
            return d.isNaN ? nil : .real(d)
        case (.real, .double?):
            guard let v = little(8) else { return nil }
            let d = Double(bitPattern: v)
            return d.isNaN ? nil : .real(d)
        case (.text, _):
            return .text(bytes)
        case (.date, .int32?):
            guard let v = little(4) else { return nil }
            let days = Int64(Int32(truncatingIfNeeded: v))
            guard inTextOrder(days: days) else { return nil }
            var out: [UInt8] = []
            ValueText.date(days: days, into: &out)
            return .text(out)
        case (.timestamp(let unit), .int64?):
            guard let v = little(8) else { return nil }
            let value = Int64(bitPattern: v)
            let perDay = ValueText.unitsPerSecond(unit) * 86_400
            let days = value / perDay - (value % perDay < 0 ? 1 : 0)
            guard inTextOrder(days: days) else { return nil }
            return integerText(value, kind: kind)
        case (.time(let unit), .int32?), (.time(let unit), .int64?):
            guard let v = physical == .int32 ? little(4).map({ Int64(Int32(truncatingIfNeeded: $0)) }) : little(8).map({ Int64(bitPattern: $0) })
            else { return nil }
            // Times of the day sort as their text; others are shown wrapped into the day.
            guard v >= 0, v < ValueText.unitsPerSecond(unit) * 86_400 else { return nil }
            return integerText(v, kind: kind)
        case (.decimal(let scale, let precision), _):
            // Values are reals up to 15 digits and text beyond: a chunk of a precision up to
            // 15 holds only reals, ordered as its statistics (signed, big-endian in byte arrays).
            guard precision >= 1, precision <= 15, scale >= 0, scale <= precision else { return nil }
            let unscaled: Int64
            switch physical {
            case .int32?:
                guard let v = little(4) else { return nil }
                unscaled = Int64(Int32(truncatingIfNeeded: v))
            case .int64?:
                guard let v = little(8) else { return nil }
                unscaled = Int64(bitPattern: v)
            case .fixedLenByteArray?, .byteArray?:
                guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
                var v = Int64(Int8(bitPattern: bytes[0]))
                for b in bytes.dropFirst() { v = v << 8 | Int64(b) }
                unscaled = v
            default:
                return nil
            }
            var out: [UInt8] = []
            guard case .real(let d) = LeafValues.formatInteger(unscaled, kind: kind, into: &out) else { return nil }
            return .real(d)
        default:
            return nil
        }
    }

    /// Whether a date of `days` since 1970-01-01 has a four-digit year, so that its text (and
    /// a timestamp's on that day) sorts as the dates do.
    private static func inTextOrder(days: Int64) -> Bool {
        days >= -719_528 && days <= 2_932_896
    }

    /// The text a date, time or timestamp column gives for an integer value.
    private static func integerText(_ value: Int64, kind: LeafKind) -> StatisticValue {
        var out: [UInt8] = []
        _ = LeafValues.formatInteger(value, kind: kind, into: &out)
        return .text(out)
    }
}
