/// An incremental SHA3 hasher (FIPS 202, Keccak-f[1600] with the SHA3 domain padding), for
/// digests of 224, 256, 384 or 512 bits: the algorithm of SQLite's `ext/misc/shathree.c`.
struct SHA3Hasher {
    /// The 25 lanes, inline (no heap allocation per hash).
    private var state: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    /// The sponge rate in bytes.
    private let rate: Int
    /// Bytes absorbed into the current block.
    private var loaded = 0
    /// The digest size in bits.
    let bits: Int

    /// A hasher for `bits` = 224, 256, 384 or 512.
    init(bits: Int) {
        self.bits = bits
        self.rate = (1600 - 2 * bits) / 8
    }

    private mutating func withLanes<R>(_ body: (UnsafeMutablePointer<UInt64>) -> R) -> R {
        withUnsafeMutablePointer(to: &state) { tuple in
            tuple.withMemoryRebound(to: UInt64.self, capacity: 25, body)
        }
    }

    /// Absorbs bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let rate = self.rate
        var loaded = self.loaded
        withLanes { s in
            var i = 0
            let count = bytes.count
            while i < count {
                if loaded & 7 == 0 && count - i >= 8 {
                    // A whole lane at once (lanes are little-endian).
                    s[loaded >> 3] ^= UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    loaded += 8
                    i += 8
                } else {
                    s[loaded >> 3] ^= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << UInt64((loaded & 7) << 3)
                    loaded += 1
                    i += 1
                }
                if loaded == rate {
                    SHA3Hasher.permute(s)
                    loaded = 0
                }
            }
        }
        self.loaded = loaded
    }

    /// Absorbs bytes from an array.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Absorbs the UTF-8 bytes of a string.
    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// Pads, permutes and returns the digest (`bits / 8` bytes).
    mutating func finalize() -> [UInt8] {
        let loaded = self.loaded, rate = self.rate, count = bits / 8
        return withLanes { s in
            s[loaded >> 3] ^= UInt64(0x06) << UInt64((loaded & 7) << 3)
            let last = rate - 1
            s[last >> 3] ^= UInt64(0x80) << UInt64((last & 7) << 3)
            SHA3Hasher.permute(s)
            var digest = [UInt8](repeating: 0, count: count)
            for i in 0..<count {
                digest[i] = UInt8(truncatingIfNeeded: s[i >> 3] >> UInt64((i & 7) << 3))
            }
            return digest
        }
    }

    private static let roundConstants: [UInt64] = [
        0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
        0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
        0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
        0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
        0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
        0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
    ]
    private static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 - n)) }

    /// Keccak-f[1600] on 25 lanes, unrolled with the lanes in local variables.
    private static func permute(_ s: UnsafeMutablePointer<UInt64>) {
        var a00 = s[0]; var a01 = s[1]; var a02 = s[2]; var a03 = s[3]; var a04 = s[4]; var a05 = s[5]; var a06 = s[6]; var a07 = s[7]; var a08 = s[8]; var a09 = s[9]; var a10 = s[10]; var a11 = s[11]; var a12 = s[12]; var a13 = s[13]; var a14 = s[14]; var a15 = s[15]; var a16 = s[16]; var a17 = s[17]; var a18 = s[18]; var a19 = s[19]; var a20 = s[20]; var a21 = s[21]; var a22 = s[22]; var a23 = s[23]; var a24 = s[24]
        roundConstants.withUnsafeBufferPointer { rc in
            for round in 0..<24 {
                let c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20
                let c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21
                let c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22
                let c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23
                let c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24
                let d0 = c4 ^ rotl(c1, 1)
                let d1 = c0 ^ rotl(c2, 1)
                let d2 = c1 ^ rotl(c3, 1)
                let d3 = c2 ^ rotl(c4, 1)
                let d4 = c3 ^ rotl(c0, 1)
                a00 ^= d0; a01 ^= d1; a02 ^= d2; a03 ^= d3; a04 ^= d4
                a05 ^= d0; a06 ^= d1; a07 ^= d2; a08 ^= d3; a09 ^= d4
                a10 ^= d0; a11 ^= d1; a12 ^= d2; a13 ^= d3; a14 ^= d4
                a15 ^= d0; a16 ^= d1; a17 ^= d2; a18 ^= d3; a19 ^= d4
                a20 ^= d0; a21 ^= d1; a22 ^= d2; a23 ^= d3; a24 ^= d4
                let b00 = a00
                let b16 = rotl(a05, 36)
                let b07 = rotl(a10, 3)
                let b23 = rotl(a15, 41)
                let b14 = rotl(a20, 18)
                let b10 = rotl(a01, 1)
                let b01 = rotl(a06, 44)
                let b17 = rotl(a11, 10)
                let b08 = rotl(a16, 45)
                let b24 = rotl(a21, 2)
                let b20 = rotl(a02, 62)
                let b11 = rotl(a07, 6)
                let b02 = rotl(a12, 43)
                let b18 = rotl(a17, 15)
                let b09 = rotl(a22, 61)
                let b05 = rotl(a03, 28)
                let b21 = rotl(a08, 55)
                let b12 = rotl(a13, 25)
                let b03 = rotl(a18, 21)
                let b19 = rotl(a23, 56)
                let b15 = rotl(a04, 27)
                let b06 = rotl(a09, 20)
                let b22 = rotl(a14, 39)
                let b13 = rotl(a19, 8)
                let b04 = rotl(a24, 14)
                a00 = b00 ^ (~b01 & b02)
                a01 = b01 ^ (~b02 & b03)
                a02 = b02 ^ (~b03 & b04)
                a03 = b03 ^ (~b04 & b00)
                a04 = b04 ^ (~b00 & b01)
                a05 = b05 ^ (~b06 & b07)
                a06 = b06 ^ (~b07 & b08)
                a07 = b07 ^ (~b08 & b09)
                a08 = b08 ^ (~b09 & b05)
                a09 = b09 ^ (~b05 & b06)
                a10 = b10 ^ (~b11 & b12)
                a11 = b11 ^ (~b12 & b13)
                a12 = b12 ^ (~b13 & b14)
                a13 = b13 ^ (~b14 & b10)
                a14 = b14 ^ (~b10 & b11)
                a15 = b15 ^ (~b16 & b17)
                a16 = b16 ^ (~b17 & b18)
                a17 = b17 ^ (~b18 & b19)
                a18 = b18 ^ (~b19 & b15)
                a19 = b19 ^ (~b15 & b16)
                a20 = b20 ^ (~b21 & b22)
                a21 = b21 ^ (~b22 & b23)
                a22 = b22 ^ (~b23 & b24)
                a23 = b23 ^ (~b24 & b20)
                a24 = b24 ^ (~b20 & b21)
                a00 ^= rc[round]
            }
        }
        s[0] = a00; s[1] = a01; s[2] = a02; s[3] = a03; s[4] = a04; s[5] = a05; s[6] = a06; s[7] = a07; s[8] = a08; s[9] = a09; s[10] = a10; s[11] = a11; s[12] = a12; s[13] = a13; s[14] = a14; s[15] = a15; s[16] = a16; s[17] = a17; s[18] = a18; s[19] = a19; s[20] = a20; s[21] = a21; s[22] = a22; s[23] = a23; s[24] = a24
    }
}
