/// A min or max of a column chunk's statistics, as the SQL value the column gives (so that
/// it compares with a query's constant as the column's values do).
public enum StatisticValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text([UInt8])
}

extension ParquetFile {
    /// The min and max of a flat column's chunk in a row group, when its statistics hold
    /// them in an order that matches SQL's (nil otherwise: the row group cannot be skipped).
    public func statistics(rowGroup: Int, column: ParquetColumn) -> (min: StatisticValue, max: StatisticValue)? {
        guard let kind = column.kind, let leaf = column.node.leafIndex, metadata.rowGroups.indices.contains(rowGroup),
              let stats = metadata.rowGroups[rowGroup].columns[leaf].metaData?.statistics else { return nil }
        let physical = column.node.element.type
        // min_value/max_value are ordered as the logical type says; the older min/max only
        // as signed numbers.
        let signedOK = kind == .integer || kind == .real || kind == .date || kind == .boolean
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
            // Text dates sort as dates only with four-digit years.
            guard days >= -354_285, days <= 2_932_896 else { return nil }
            var out: [UInt8] = []
            ValueText.date(days: days, into: &out)
            return .text(out)
        default:
            return nil
        }
    }
}
