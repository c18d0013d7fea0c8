/// Base32Codec (RFC 4648: alphabet `A-Z2-7`, upper case, `=` padding to a multiple of 8), as sqlean.
///
/// Decoding is sqlean's, quirks included (★): trailing `=` are dropped, then every byte outside
/// the alphabet is skipped (lower case, spaces, inner `=`), so `'NBSW Y3DP'` decodes to `hello`
/// and `'!!!'` to an empty blob. Decoding fails when 5 or more bits, or non-zero bits, are left
/// over, which is why `'nbswy3dp'` fails: its lower-case letters are skipped, and the lone
/// digit 3 leaves 5 bits over.
enum Base32Codec: BinaryCodec {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

    static func maximumEncodedLength(_ count: Int) -> Int? {
        groupedLength(groups: count / 5 + (count % 5 == 0 ? 0 : 1), size: 8)
    }

    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = alphabet.utf8Start
        var j = 0
        // Whole groups of 5 bytes, each a 40-bit number, then what is left.
        let whole = input.count / 5 * 5
        if whole > 0, let bytes = input.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            var i = 0
            while i < whole {
                var group: UInt64 = 0
                for k in 0..<5 { group = group << 8 | UInt64(bytes[i + k]) }
                for k in 0..<8 { output[j + k] = digits[Int(truncatingIfNeeded: group >> UInt64(35 - 5 * k)) & 31] }
                i += 5
                j += 8
            }
        }
        forEachGroup(of: UnsafeRawBufferPointer(rebasing: input[whole...]), size: 5) { group, n in
            // 8 bits give 8/5 digits, rounded up; the rest of the 8 places is padding.
            let used = (n * 8 + 4) / 5
            for k in 0..<8 {
                output[j + k] = k < used ? digits[Int(truncatingIfNeeded: group >> UInt64(35 - 5 * k)) & 31] : 0x3D
            }
            j += 8
        }
        return j
    }

    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        input.count / 8 * 5 + input.count % 8 * 5 / 8
    }

    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        var end = input.count
        while end > 0 && input[end - 1] == 0x3D { end -= 1 }
        var bits = 0
        var value: UInt64 = 0
        var count = 0
        for i in 0..<end {
            let c = input[i]
            let digit: UInt8
            switch c {
            case 0x41...0x5A: digit = c &- 0x41  // A-Z
            case 0x32...0x37: digit = c &- 0x32 &+ 26  // 2-7
            default: continue  // ★ skipped, as sqlean does
            }
            value = (value << 5 | UInt64(digit)) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                output[count] = UInt8(truncatingIfNeeded: value >> UInt64(bits))
                count += 1
            }
        }
        if bits >= 5 || value & ((1 << UInt64(bits)) - 1) != 0 { return nil }
        return count
    }
}
