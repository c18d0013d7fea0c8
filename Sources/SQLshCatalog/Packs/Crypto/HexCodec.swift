/// Hexadecimal: encoding writes two lower-case digits per byte; decoding takes either case and
/// fails on an odd length or any other byte, as sqlean.
enum HexCodec: BinaryCodec {
    private static let digits: StaticString = "0123456789abcdef"

    static func maximumEncodedLength(_ count: Int) -> Int? {
        groupedLength(groups: count, size: 2)
    }

    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = self.digits.utf8Start
        for (i, byte) in input.enumerated() {
            output[2 * i] = digits[Int(byte >> 4)]
            output[2 * i + 1] = digits[Int(byte & 15)]
        }
        return input.count * 2
    }

    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int? {
        input.count / 2
    }

    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        guard input.count % 2 == 0 else { return nil }
        for i in 0..<(input.count / 2) {
            guard let high = ASCIIHex.value(input[2 * i]), let low = ASCIIHex.value(input[2 * i + 1]) else { return nil }
            output[i] = high << 4 | low
        }
        return input.count / 2
    }
}
