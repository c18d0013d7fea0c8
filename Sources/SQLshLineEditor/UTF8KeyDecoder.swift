/// Keys from the terminal's bytes: UTF-8 decoded a byte at a time, as libedit's own reader
/// does. Overlong forms, surrogates, values past U+10FFFF and stray bytes are dropped.
public struct UTF8KeyDecoder: Sendable {
    private var value: UInt32 = 0
    private var needed = 0
    private var minimum: UInt32 = 0

    /// A decoder between characters.
    public init() {}

    /// Adds a byte; returns the character it completes, or nil.
    public mutating func add(_ byte: UInt8) -> UInt32? {
        if needed > 0 && byte & 0xC0 == 0x80 {
            value = value << 6 | UInt32(byte & 0x3F)
            needed -= 1
            guard needed == 0 else { return nil }
            guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
            return value
        }
        // A lead byte (an unfinished sequence before it is dropped, as invalid).
        switch byte {
        case 0..<0x80: needed = 0; return UInt32(byte)
        case 0xC2..<0xE0: value = UInt32(byte & 0x1F); needed = 1; minimum = 0x80
        case 0xE0..<0xF0: value = UInt32(byte & 0x0F); needed = 2; minimum = 0x800
        case 0xF0..<0xF5: value = UInt32(byte & 0x07); needed = 3; minimum = 0x10000
        default: needed = 0  // not UTF-8: dropped
        }
        return nil
    }
}
