/// The UTF-8 encoding of a Unicode scalar, byte by byte, for code that writes into buffers of
/// its own (a `ByteBuffer`, a `[UInt8]`) without going through `String`.
enum UTF8Encoding {
    /// Calls `emit` with the 1 to 4 bytes of a valid scalar, in order.
    static func encode(_ scalar: UInt32, _ emit: (UInt8) -> Void) {
        switch scalar {
        case 0..<0x80:
            emit(UInt8(scalar))
        case 0x80..<0x800:
            emit(UInt8(0xC0 | scalar >> 6))
            emit(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            emit(UInt8(0xE0 | scalar >> 12))
            emit(UInt8(0x80 | scalar >> 6 & 0x3F))
            emit(UInt8(0x80 | scalar & 0x3F))
        default:
            emit(UInt8(0xF0 | scalar >> 18))
            emit(UInt8(0x80 | scalar >> 12 & 0x3F))
            emit(UInt8(0x80 | scalar >> 6 & 0x3F))
            emit(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
