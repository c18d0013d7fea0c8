/// A bounds-checked reader of little-endian values and varints over a page's bytes.
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var remaining: Int { bytes.count - position }

    static func truncated(_ what: String) -> ParquetError { ParquetError("a truncated page (\(what))") }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw Self.truncated("a byte") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint32() throws -> UInt32 {
        guard remaining >= 4 else { throw Self.truncated("a 4-byte length") }
        defer { position += 4 }
        return bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
    }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw ParquetError("a malformed page (a varint longer than 10 bytes)") }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    mutating func zigzag() throws -> Int64 {
        let v = try varint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// The next `count` bytes, checked.
    mutating func take(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw Self.truncated("\(count) bytes wanted, \(remaining) left") }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
    }
}
