/// Byte-level UTF-8 helpers shared by the packs: fast ASCII checks and a strict decoder that
/// never traps on invalid input.
enum UTF8Bytes {
    /// Whether every byte is below 0x80, checked eight bytes at a time (the tail with one
    /// overlapping load, so short strings cost no byte loop).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        if count >= 8 {
            var acc: UInt64 = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            var i = 0
            while i + 8 <= count {
                acc |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            return acc & 0x8080_8080_8080_8080 == 0
        }
        if count >= 4 {
            let acc = raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return acc & 0x8080_8080 == 0
        }
        var acc: UInt8 = 0
        for i in 0..<count { acc |= base[i] }
        return acc & 0x80 == 0
    }

    /// Decodes one scalar at `i`. Returns the scalar and its length, or nil for a byte that does
    /// not start a valid sequence (overlong forms, surrogates and values above U+10FFFF are
    /// invalid), in which case the caller treats that single byte as a unit of its own.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
        let n = b.count
        let c0 = b[i]
        if c0 < 0x80 { return (UInt32(c0), 1) }
        if c0 < 0xC2 { return nil }
        if c0 < 0xE0 {
            guard i + 1 < n, b[i + 1] & 0xC0 == 0x80 else { return nil }
            return (UInt32(c0 & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F), 2)
        }
        if c0 < 0xF0 {
            guard i + 2 < n, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80 else { return nil }
            let s = UInt32(c0 & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            guard s >= 0x800, !(0xD800...0xDFFF).contains(s) else { return nil }
            return (s, 3)
        }
        if c0 < 0xF5 {
            guard i + 3 < n, b[i + 1] & 0xC0 == 0x80, b[i + 2] & 0xC0 == 0x80, b[i + 3] & 0xC0 == 0x80 else { return nil }
            let s = UInt32(c0 & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12 | UInt32(b[i + 2] & 0x3F) << 6
                | UInt32(b[i + 3] & 0x3F)
            guard s >= 0x10000, s <= 0x10FFFF else { return nil }
            return (s, 4)
        }
        return nil
    }

    /// The byte offset of the first invalid sequence, or nil when the bytes are valid UTF-8.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 { i += 1; continue }
            guard let (_, length) = decode(bytes, at: i) else { return i }
            i += length
        }
        return nil
    }

    /// The number of characters as SQLite's `length()` counts them: a lead byte and the
    /// continuation bytes after it are one character, any other byte is one character. Unlike
    /// `length()`, an embedded NUL does not end the count.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            i += 1
            count += 1
            if byte >= 0xC0 {
                while i < n, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
        }
        return count
    }
}

/// A byte buffer reused across calls of one function on one connection, so that results are
/// built without a fresh allocation per row.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class ByteScratch: @unchecked Sendable {
    var bytes: [UInt8] = []
    init() { bytes.reserveCapacity(256) }
}
