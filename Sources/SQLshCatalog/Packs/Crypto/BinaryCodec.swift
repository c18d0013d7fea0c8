/// A binary-to-text encoding behind the crypto pack's `encode()` and `decode()`.
///
/// Lengths come before work: `encode()` checks ``maximumEncodedLength(_:)`` (and, when that is
/// over SQLite's length limit, the exact ``encodedLength(_:)``) against the limit before it
/// allocates anything; `decode()` allocates ``maximumDecodedLength(_:)`` bytes.
protocol BinaryCodec {
    /// The longest encoding of `count` bytes, or nil when that does not fit in an `Int`.
    static func maximumEncodedLength(_ count: Int) -> Int?
    /// The exact length of the encoding of `input`, or nil when it does not fit in an `Int`.
    static func encodedLength(_ input: UnsafeRawBufferPointer) -> Int?
    /// Writes the encoding of `input` (ASCII) and returns its length.
    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int
    /// The most bytes `input` can decode to, or nil when that does not fit in an `Int`.
    static func maximumDecodedLength(_ input: UnsafeRawBufferPointer) -> Int?
    /// Writes the bytes `input` decodes to and returns their count, or nil when `input` is not
    /// a valid encoding. `input` is not empty.
    static func decode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) -> Int?
}

extension BinaryCodec {
    static func encodedLength(_ input: UnsafeRawBufferPointer) -> Int? { maximumEncodedLength(input.count) }
}

extension BinaryCodec {
    /// `groups * size + extra` for a length in groups, nil on overflow.
    static func groupedLength(groups: Int, size: Int, extra: Int = 0) -> Int? {
        let product = groups.multipliedReportingOverflow(by: size)
        if product.overflow { return nil }
        let sum = product.partialValue.addingReportingOverflow(extra)
        return sum.overflow ? nil : sum.partialValue
    }

    /// Reads `input` as the base-N encoders do: in groups of `size` bytes (at most 8), the
    /// last one short when the length is not a multiple, each group a big-endian number whose
    /// missing bytes are zero. Calls `body` with each group's number and how many bytes it has.
    static func forEachGroup(of input: UnsafeRawBufferPointer, size: Int,
                             _ body: (_ group: UInt64, _ count: Int) -> Void) {
        let count = input.count
        var i = 0
        while i < count {
            let n = Swift.min(size, count - i)
            var group: UInt64 = 0
            for k in 0..<size { group = group << 8 | UInt64(k < n ? input[i + k] : 0) }
            body(group, n)
            i += size
        }
    }
}

/// ASCII hexadecimal digits.
enum ASCIIHex {
    /// The value of a hexadecimal digit of either case, or nil.
    static func value(_ c: UInt8) -> UInt8? {
        // Two range tests, not three: a digit, else a letter of either case (c | 0x20 makes
        // A-F a-f, and nothing else lands in a-f).
        let digit = c &- 0x30
        if digit < 10 { return digit }
        let letter = (c | 0x20) &- 0x61
        return letter < 6 ? letter &+ 10 : nil
    }
}
