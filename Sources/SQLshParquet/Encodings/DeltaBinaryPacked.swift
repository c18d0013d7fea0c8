/// DELTA_BINARY_PACKED: a header (block size, miniblocks per block, value count, first
/// value), then blocks of a minimum delta and bit-packed miniblocks of deltas from it.
enum DeltaBinaryPacked {
    /// Decodes the values of one DELTA_BINARY_PACKED run starting at `cursor`, leaving the
    /// cursor after it. At most `maxCount` values are accepted.
    static func decode(_ cursor: inout ByteCursor, maxCount: Int) throws -> [Int64] {
        let blockSize = try cursor.varint()
        let miniblocks = try cursor.varint()
        let total = try cursor.varint()
        var last = try cursor.zigzag()
        guard blockSize > 0, blockSize % 128 == 0, blockSize <= 1 << 20, miniblocks > 0, blockSize % miniblocks == 0,
              (blockSize / miniblocks) % 32 == 0 else {
            throw ParquetError("a malformed DELTA_BINARY_PACKED header (block size \(blockSize), \(miniblocks) miniblocks)")
        }
        guard total <= UInt64(maxCount) else {
            throw ParquetError("a DELTA_BINARY_PACKED run of \(total) values, more than the page holds (\(maxCount))")
        }
        let count = Int(total)
        var out: [Int64] = []
        out.reserveCapacity(count)
        if count == 0 { return out }
        out.append(last)
        let perMiniblock = Int(blockSize / miniblocks)
        var deltas: [UInt64] = []
        deltas.reserveCapacity(perMiniblock)
        while out.count < count {
            let minDelta = try cursor.zigzag()
            let widths = try cursor.take(Int(miniblocks))
            for m in 0..<Int(miniblocks) where out.count < count {
                let width = Int(widths[m])
                guard width <= 64 else { throw ParquetError("a malformed DELTA_BINARY_PACKED miniblock (bit width \(width))") }
                let byteCount = perMiniblock * width / 8
                // The last miniblock may be cut short when no value wanted is in it.
                let packed = try cursor.take(min(byteCount, cursor.remaining))
                let wanted = min(perMiniblock, count - out.count)
                guard wanted * width <= packed.count * 8 else { throw ByteCursor.truncated("a DELTA_BINARY_PACKED miniblock") }
                deltas.removeAll(keepingCapacity: true)
                unpack64(packed, bitWidth: width, count: wanted, into: &deltas)
                for d in deltas {
                    last = last &+ minDelta &+ Int64(bitPattern: d)
                    out.append(last)
                }
            }
        }
        return out
    }

    private static func unpack64(_ packed: UnsafeRawBufferPointer, bitWidth: Int, count: Int, into out: inout [UInt64]) {
        if bitWidth == 0 {
            out.append(contentsOf: repeatElement(0, count: count))
            return
        }
        var bitPosition = 0
        for _ in 0..<count {
            var value: UInt64 = 0
            var got = 0
            while got < bitWidth {
                let byte = UInt64(packed[bitPosition >> 3])
                let offset = bitPosition & 7
                let take = min(8 - offset, bitWidth - got)
                value |= ((byte >> UInt64(offset)) & ((1 << UInt64(take)) - 1)) << UInt64(got)
                got += take
                bitPosition += take
            }
            out.append(value)
        }
    }
}
