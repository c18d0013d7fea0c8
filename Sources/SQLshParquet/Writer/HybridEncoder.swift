/// Parquet's RLE/bit-packed hybrid encoding, as definition levels and dictionary indexes are
/// written: runs of eight or more equal values become RLE runs, the rest bit-packed runs of
/// whole groups of eight (the last group padded with zeros, which the reader ignores: it
/// knows the number of values from the page header).
enum HybridEncoder {
    /// The bits needed for values up to `maxValue`.
    static func bitWidth(forMax maxValue: UInt32) -> Int {
        maxValue == 0 ? 0 : 32 - maxValue.leadingZeroBitCount
    }

    /// Encodes `values` (each below `1 << bitWidth`), appending to `out`.
    static func encode<C: RandomAccessCollection>(_ values: C, bitWidth: Int, into out: inout [UInt8])
    where C.Element == UInt32, C.Index == Int {
        let byteWidth = (bitWidth + 7) / 8
        var literalStart = values.startIndex
        var i = values.startIndex
        let end = values.endIndex
        while i < end {
            // A run may start only where the literals so far are whole groups of eight.
            if (i - literalStart) % 8 == 0 {
                let value = values[i]
                var j = i + 1
                while j < end && values[j] == value { j += 1 }
                if j - i >= 8 {
                    writeBitPacked(values, literalStart..<i, bitWidth: bitWidth, into: &out)
                    writeVarint(UInt64(j - i) << 1, into: &out)
                    for k in 0..<byteWidth { out.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
                    i = j
                    literalStart = j
                    continue
                }
            }
            i += 1
        }
        writeBitPacked(values, literalStart..<end, bitWidth: bitWidth, into: &out)
    }

    /// Writes `values[range]` as bit-packed runs, padding the last group of eight with zeros.
    private static func writeBitPacked<C: RandomAccessCollection>(_ values: C, _ range: Range<Int>, bitWidth: Int, into out: inout [UInt8])
    where C.Element == UInt32, C.Index == Int {
        guard !range.isEmpty else { return }
        // At most 2^20 groups a run keeps each header short; any count is valid.
        let maxGroupsPerRun = 1 << 20
        var start = range.lowerBound
        while start < range.upperBound {
            let count = min(range.upperBound - start, maxGroupsPerRun * 8)
            let groups = (count + 7) / 8
            writeVarint(UInt64(groups) << 1 | 1, into: &out)
            var accumulator: UInt64 = 0
            var bits = 0
            for k in 0..<(groups * 8) {
                let v = k < count ? UInt64(values[start + k]) : 0
                accumulator |= v << UInt64(bits)
                bits += bitWidth
                while bits >= 8 {
                    out.append(UInt8(truncatingIfNeeded: accumulator))
                    accumulator >>= 8
                    bits -= 8
                }
            }
            // groups * 8 * bitWidth is a whole number of bytes: nothing is left over.
            start += count
        }
    }

    static func writeVarint(_ value: UInt64, into out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(truncatingIfNeeded: v))
    }
}
