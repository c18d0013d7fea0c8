/// SQLite's variable-length integers (file format §"Variable-length integers"): one to nine
/// bytes, big-endian, seven bits per byte while the high bit is set, and all eight bits of a
/// ninth byte. Any byte sequence is a valid varint as long as it is not cut short.
enum Varint {
    /// Reads the varint at `offset`, which must end before `end`.
    ///
    /// - Returns: the value (as SQLite reads it, two's complement in 64 bits) and its length
    ///   in bytes, or nil when the bytes run out first (a varint cut by the end of a cell or page).
    static func read(_ bytes: [UInt8], at offset: Int, end: Int) -> (value: Int64, length: Int)? {
        let end = min(end, bytes.count)
        guard offset >= 0 else { return nil }
        var value: UInt64 = 0
        var i = 0
        while i < 8 {
            guard offset + i < end else { return nil }
            let b = bytes[offset + i]
            value = (value << 7) | UInt64(b & 0x7F)
            if b & 0x80 == 0 { return (Int64(bitPattern: value), i + 1) }
            i += 1
        }
        guard offset + 8 < end else { return nil }
        value = (value << 8) | UInt64(bytes[offset + 8])
        return (Int64(bitPattern: value), 9)
    }
}
