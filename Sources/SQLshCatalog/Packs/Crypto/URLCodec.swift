/// URL percent-encoding, as sqlean: encoding keeps `A-Z a-z 0-9 - _ . ~` and writes every other
/// byte as `%XX` (upper-case hex; each UTF-8 byte separately, space as `%20`); decoding turns
/// `%XX` (either case) into the byte and `+` into a space, passes every other byte through,
/// and fails on a `%` not followed by two hex digits.
///
/// ⚠ sqlean's encoder stops at the first NUL byte (it hands SQLite a C string); here a NUL is
/// `%00` like any other byte, so a blob with zeros round-trips.
enum URLCodec: BinaryCodec {
    private static let digits: StaticString = "0123456789ABCDEF"

    /// Whether a byte is written as itself.
    private static func isUnreserved(_ c: UInt8) -> Bool {
        switch c {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x5F, 0x2E, 0x7E: return true
        default: return false
        }
    }

    static func maximumEncodedLength(_ count: Int) -> Int? {
        groupedLength(groups: count, size: 3)
    }

    static func encodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        var escaped = 0
        for byte in input where !isUnreserved(byte) { escaped += 1 }
        return groupedLength(groups: escaped, size: 2, extra: input.count)
    }

    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = self.digits.utf8Start
        var j = 0
        for byte in input {
            if isUnreserved(byte) {
                output[j] = byte
                j += 1
            } else {
                output[j] = 0x25  // %
                output[j + 1] = digits[Int(byte >> 4)]
                output[j + 2] = digits[Int(byte & 15)]
                j += 3
            }
        }
        return j
    }

    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        input.count
    }

    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        let count = input.count
        var i = 0, j = 0
        while i < count {
            let c = input[i]
            if c == 0x25 {
                guard i + 2 < count, let high = ASCIIHex.value(input[i + 1]), let low = ASCIIHex.value(input[i + 2]) else {
                    return nil
                }
                output[j] = high << 4 | low
                i += 3
            } else {
                output[j] = c == 0x2B ? 0x20 : c
                i += 1
            }
            j += 1
        }
        return j
    }
}
