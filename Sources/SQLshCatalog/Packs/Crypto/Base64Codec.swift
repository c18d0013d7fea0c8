/// Base64Codec (RFC 4648: standard alphabet with `+` and `/`, `=` padding, no line breaks), as sqlean.
///
/// Decoding is sqlean's: the length must be a multiple of 4 and every byte in the alphabet or
/// `=`; whitespace and the URL-safe `-` and `_` are errors. ★ A `=` is accepted anywhere and
/// stands for zero bits; the result has len/4*3 bytes less one per `=` among the last two.
/// (sqlean reads past its table for bytes above `z`; those are errors here.)
enum Base64Codec: BinaryCodec {
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The 6-bit value of each byte: 0-63, 64 for `=`, 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        let digits = alphabet.utf8Start
        for i in 0..<64 { table[Int(digits[i])] = UInt8(i) }
        table[0x3D] = 64
        return table
    }()

    static func maximumEncodedLength(_ count: Int) -> Int? {
        groupedLength(groups: count / 3 + (count % 3 == 0 ? 0 : 1), size: 4)
    }

    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = alphabet.utf8Start
        var j = 0
        // Whole groups of 3 bytes, each a 24-bit number, then what is left.
        let whole = input.count / 3 * 3
        if whole > 0, let bytes = input.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            var i = 0
            while i < whole {
                let group = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
                output[j] = digits[group >> 18]
                output[j + 1] = digits[group >> 12 & 63]
                output[j + 2] = digits[group >> 6 & 63]
                output[j + 3] = digits[group & 63]
                i += 3
                j += 4
            }
        }
        forEachGroup(of: UnsafeRawBufferPointer(rebasing: input[whole...]), size: 3) { group, n in
            output[j] = digits[Int(group >> 18)]
            output[j + 1] = digits[Int(group >> 12 & 63)]
            output[j + 2] = n > 1 ? digits[Int(group >> 6 & 63)] : 0x3D
            output[j + 3] = n > 2 ? digits[Int(group & 63)] : 0x3D
            j += 4
        }
        return j
    }

    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        input.count / 4 * 3
    }

    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        let count = input.count
        guard count % 4 == 0 else { return nil }
        let padding = (input[count - 1] == 0x3D ? 1 : 0) + (input[count - 2] == 0x3D ? 1 : 0)
        let length = count / 4 * 3 - padding
        return values.withUnsafeBufferPointer { values in
            var i = 0, j = 0
            while i < count {
                var group: UInt32 = 0
                for k in 0..<4 {
                    let v = values[Int(input[i + k])]
                    if v == 0xFF { return nil }
                    group = group << 6 | UInt32(v & 63)  // ★ '=' anywhere: zero bits
                }
                for k in 0..<3 where j + k < length {
                    output[j + k] = UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * k))
                }
                i += 4
                j += 3
            }
            return length
        }
    }
}
