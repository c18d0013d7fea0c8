/// Base85Codec in sqlean's Ascii85 form: big-endian 4-byte groups written as 5 digits `!` to `u`
/// (value + 33), `z` for a group of four zero bytes, no `<~ ~>` delimiters, no whitespace.
///
/// A final group of k < 4 bytes is zero-padded and written as its first k + 1 digits
/// (`'hello'` gives `BOu!rDZ`); decoding pads a final group of 2-4 digits with `u` and keeps
/// that many bytes less one; ★ a single trailing digit is dropped, as sqlean does.
///
/// Where sqlean's C code is wrong, this does what Ascii85 means (documented in the catalog):
/// - ⚠ sqlean writes `z` for a final partial group of zero bytes too (`x'00'` gives `z`), which
///   no decoder can tell from four zero bytes, and appends stray bytes after every `z`. Here `z`
///   is only ever a whole group, so `x'00'` gives `!!`, and every blob round-trips.
/// - ⚠ sqlean's decoder cuts its output to len·4/5 bytes even when `z` stands for more (and
///   writes past its buffer); here each `z` is four zero bytes, so `zz` decodes to 8 of them.
/// - ⚠ a group of digits worth more than 2^32 − 1 (`uuuuu`) overflows a signed int in sqlean;
///   here it is invalid input.
enum Base85Codec: BinaryCodec {
    static func maximumEncodedLength(_ count: Int) -> Int? {
        let rest = count % 4
        return groupedLength(groups: count / 4, size: 5, extra: rest == 0 ? 0 : rest + 1)
    }

    static func encodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        guard var length = maximumEncodedLength(input.count) else { return nil }
        var i = 0
        while i + 4 <= input.count {
            if input.loadUnaligned(fromByteOffset: i, as: UInt32.self) == 0 { length -= 4 }
            i += 4
        }
        return length
    }

    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var j = 0
        // Whole groups of 4 bytes, each a 32-bit number, then what is left.
        let whole = input.count / 4 * 4
        var i = 0
        while i < whole {
            let group = UInt32(bigEndian: input.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            if group == 0 {
                output[j] = 0x7A  // z
                j += 1
            } else {
                writeDigits(group, to: output + j)
                j += 5
            }
            i += 4
        }
        forEachGroup(of: UnsafeRawBufferPointer(rebasing: input[whole...]), size: 4) { group, n in
            if group == 0 && n == 4 {
                output[j] = 0x7A  // z
                j += 1
            } else {
                var digits = UInt32(truncatingIfNeeded: group)
                for k in stride(from: 4, through: 0, by: -1) {
                    if k <= n { output[j + k] = UInt8(truncatingIfNeeded: digits % 85) &+ 33 }
                    digits /= 85
                }
                j += n + 1
            }
        }
        return j
    }

    /// Writes the five digits of a group, most significant first: four quotients by 85 (the
    /// first digit is the last quotient, below 85 since 85^5 > 2^32), each remainder taken
    /// from its quotient, the first four digits stored as one 32-bit word. A loop dividing in
    /// place and storing byte by byte cost 99 instructions a group against sqlean's 81.
    static func writeDigits(_ group: UInt32, to output: UnsafeMutablePointer<UInt8>) {
        let q1 = group / 85, q2 = q1 / 85, q3 = q2 / 85, q4 = q3 / 85
        let d1 = q3 &- q4 &* 85, d2 = q2 &- q3 &* 85, d3 = q1 &- q2 &* 85, d4 = group &- q1 &* 85
        let first4 = (q4 | d1 << 8 | d2 << 16 | d3 << 24) &+ 0x2121_2121  // + 33 ('!') each
        UnsafeMutableRawPointer(output).storeBytes(of: first4.littleEndian, as: UInt32.self)
        output[4] = UInt8(truncatingIfNeeded: d4) &+ 33
    }

    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        var length = 0
        var i = 0
        let count = input.count
        while i < count {
            if input[i] == 0x7A {
                length += 4
                i += 1
            } else {
                let n = Swift.min(5, count - i)
                length += n == 5 ? 4 : Swift.max(0, n - 1)
                i += n
            }
        }
        return length
    }

    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        let count = input.count
        var i = 0, j = 0
        while i < count {
            if input[i] == 0x7A {  // z: four zero bytes
                for k in 0..<4 { output[j + k] = 0 }
                j += 4
                i += 1
                continue
            }
            let n = Swift.min(5, count - i)
            var group: UInt64 = 0
            for k in 0..<5 {
                var digit: UInt8 = 84  // missing digits are 'u'
                if k < n {
                    digit = input[i + k] &- 33
                    if digit > 84 { return nil }
                }
                group = group * 85 + UInt64(digit)
            }
            if group > UInt64(UInt32.max) { return nil }
            let bytes = n == 5 ? 4 : n - 1  // ★ a lone trailing digit gives nothing
            for k in 0..<bytes { output[j + k] = UInt8(truncatingIfNeeded: group >> UInt64(24 - 8 * k)) }
            j += bytes
            i += n
        }
        return j
    }
}
