/// An incremental SHA3 hasher (FIPS 202, Keccak-f[1600] with the SHA3 domain padding), for
/// digests of 224, 256, 384 or 512 bits: the algorithm of SQLite's `ext/misc/shathree.c`.
struct SHA3Hasher {
    private var state = [UInt64](repeating: 0, count: 25)
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

    /// Absorbs bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let rate = self.rate
        var loaded = self.loaded
        state.withUnsafeMutableBufferPointer { s in
            for byte in bytes {
                let lane = loaded >> 3
                s[lane] ^= UInt64(byte) << UInt64((loaded & 7) << 3)
                loaded += 1
                if loaded == rate {
                    SHA3Hasher.permute(s.baseAddress!)
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
        state.withUnsafeMutableBufferPointer { s in
            s[loaded >> 3] ^= UInt64(0x06) << UInt64((loaded & 7) << 3)
            let last = rate - 1
            s[last >> 3] ^= UInt64(0x80) << UInt64((last & 7) << 3)
            SHA3Hasher.permute(s.baseAddress!)
        }
        var digest = [UInt8](repeating: 0, count: bits / 8)
        for i in 0..<digest.count {
            digest[i] = UInt8(truncatingIfNeeded: state[i >> 3] >> UInt64((i & 7) << 3))
        }
        return digest
    }

    private static let roundConstants: [UInt64] = [
        0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
        0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
        0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
        0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
        0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
        0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
    ]
    /// Rotation offsets and the pi permutation, in the order of the rho-pi walk.
    private static let rotations: [UInt64] = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44]
    private static let piLanes: [Int] = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1]

    @inline(__always)
    private static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 - n)) }

    /// Keccak-f[1600] on 25 lanes.
    private static func permute(_ a: UnsafeMutablePointer<UInt64>) {
        var c0: UInt64, c1: UInt64, c2: UInt64, c3: UInt64, c4: UInt64
        for round in 0..<24 {
            // theta
            c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20]
            c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21]
            c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22]
            c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23]
            c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24]
            let d0 = c4 ^ rotl(c1, 1), d1 = c0 ^ rotl(c2, 1), d2 = c1 ^ rotl(c3, 1)
            let d3 = c2 ^ rotl(c4, 1), d4 = c3 ^ rotl(c0, 1)
            for y in stride(from: 0, to: 25, by: 5) {
                a[y] ^= d0; a[y + 1] ^= d1; a[y + 2] ^= d2; a[y + 3] ^= d3; a[y + 4] ^= d4
            }
            // rho and pi
            var current = a[1]
            for i in 0..<24 {
                let j = piLanes[i]
                let next = a[j]
                a[j] = rotl(current, rotations[i])
                current = next
            }
            // chi
            for y in stride(from: 0, to: 25, by: 5) {
                let b0 = a[y], b1 = a[y + 1], b2 = a[y + 2], b3 = a[y + 3], b4 = a[y + 4]
                a[y] = b0 ^ (~b1 & b2)
                a[y + 1] = b1 ^ (~b2 & b3)
                a[y + 2] = b2 ^ (~b3 & b4)
                a[y + 3] = b3 ^ (~b4 & b0)
                a[y + 4] = b4 ^ (~b0 & b1)
            }
            // iota
            a[0] ^= roundConstants[round]
        }
    }
}
