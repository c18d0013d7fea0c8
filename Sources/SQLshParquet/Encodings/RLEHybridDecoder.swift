/// Parquet's RLE/bit-packed hybrid encoding (definition and repetition levels, dictionary
/// indexes, booleans): runs of one repeated value and groups of 8 bit-packed values.
enum RLEHybrid {
    /// Decodes `count` values of `bitWidth` bits (at most 32) from `bytes`, appending them to
    /// `out`. Values past `count` in the last bit-packed group are dropped.
    static func decode(_ bytes: UnsafeRawBufferPointer, bitWidth: Int, count: Int, into out: inout [UInt32]) throws {
        guard (0...32).contains(bitWidth) else { throw ParquetError("a malformed page (a bit width of \(bitWidth))") }
        out.reserveCapacity(out.count + count)
        var cursor = ByteCursor(bytes)
        var left = count
        let byteWidth = (bitWidth + 7) / 8
        let mask: UInt64 = bitWidth == 32 ? 0xFFFF_FFFF : (UInt64(1) << UInt64(bitWidth)) - 1
        while left > 0 {
            let header = try cursor.varint()
            if header & 1 == 0 {
                // An RLE run: the count, then the value in byteWidth bytes.
                let run = header >> 1
                guard run > 0 else { throw ParquetError("a malformed page (an empty RLE run)") }
                var value: UInt32 = 0
                for i in 0..<byteWidth { value |= UInt32(try cursor.byte()) << UInt32(8 * i) }
                guard UInt64(value) <= mask else { throw ParquetError("a malformed page (an RLE value wider than its bit width)") }
                let n = Int(min(run, UInt64(left)))
                out.append(contentsOf: repeatElement(value, count: n))
                left -= n
            } else {
                // Bit-packed groups of 8 values.
                let groups = header >> 1
                guard groups <= UInt64(cursor.remaining) else { throw ByteCursor.truncated("bit-packed values") }
                let values = Int(groups) * 8
                let byteCount = Int(groups) * bitWidth
                let available = min(byteCount, cursor.remaining)
                let packed = try cursor.take(available)
                let n = min(values, left)
                // A last group may be cut short by the page's end: its missing bits are zeros
                // only when no value wanted needs them.
                guard n * bitWidth <= available * 8 else { throw ByteCursor.truncated("bit-packed values") }
                unpack(packed, bitWidth: bitWidth, count: n, mask: mask, into: &out)
                left -= n
            }
        }
    }

    /// Unpacks `count` little-endian bit-packed values (the bytes are known to hold them).
    static func unpack(_ packed: UnsafeRawBufferPointer, bitWidth: Int, count: Int, mask: UInt64, into out: inout [UInt32]) {
        if bitWidth == 0 {
            out.append(contentsOf: repeatElement(0, count: count))
            return
        }
        var buffer: UInt64 = 0
        var bits = 0
        var index = 0
        for _ in 0..<count {
            while bits < bitWidth {
                buffer |= UInt64(packed[index]) << UInt64(bits)
                index += 1
                bits += 8
            }
            out.append(UInt32(truncatingIfNeeded: buffer & mask))
            buffer >>= UInt64(bitWidth)
            bits -= bitWidth
        }
    }
}
