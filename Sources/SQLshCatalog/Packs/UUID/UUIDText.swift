import SQLshCore

/// UUIDs as arguments and results: sqlean's parsing rules and the canonical text form.
enum UUIDText {
    /// Reads a UUID argument into 16 bytes, as sqlean (SQLite's `ext/misc/uuid.c`) does; false
    /// when the value is not a UUID (never an error):
    /// - a blob of exactly 16 bytes is taken as it is;
    /// - text is an optional `{`, 32 hexadecimal digits of either case as 16 pairs, each pair
    ///   optionally preceded by one `-`, an optional `}`, and nothing else (the braces need not
    ///   match; a leading `-` is accepted; a trailing `-`, `--`, spaces or a wrong digit count
    ///   are not). Unlike sqlean, which reads a C string, bytes after an embedded NUL count.
    /// - integers, reals and NULL are not UUIDs.
    static func parse(_ value: Argument, into output: UnsafeMutablePointer<UInt8>) -> Bool {
        switch value.storageType {
        case .blob:
            let blob = value.blobBytes
            guard blob.count == 16, let base = blob.baseAddress else { return false }
            UnsafeMutableRawPointer(output).copyMemory(from: base, byteCount: 16)
            return true
        case .text:
            return parse(value.textBytes, into: output)
        default:
            return false
        }
    }

    /// Parses the text form (see ``parse(_:into:)-(OpaquePointer,_)``).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Bool {
        let count = text.count
        var i = 0
        if i < count && text[i] == 0x7B { i += 1 }  // {
        for k in 0..<16 {
            if i < count && text[i] == 0x2D { i += 1 }  // -
            guard i + 1 < count, let high = ASCIIHex.value(text[i]), let low = ASCIIHex.value(text[i + 1]) else {
                return false
            }
            output[k] = high << 4 | low
            i += 2
        }
        if i < count && text[i] == 0x7D { i += 1 }  // }
        return i == count
    }

    /// The canonical form: 36 characters, lower-case `8-4-4-4-12`.
    static let textLength = 36

    /// Writes the canonical form of 16 bytes (36 bytes of ASCII).
    ///
    /// Four bytes at a time, their eight digits made in one 64-bit word and stored at once: a
    /// loop over the 16 bytes with a digit table took 322 instructions per UUID, more than all
    /// of sqlean's uuid7() (220).
    static func format(_ bytes: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let out = UnsafeMutableRawPointer(output)
        // 8-4-4-4-12 digits: bytes 0-3, 4-5, 6-7, 8-9, 10-15.
        out.storeBytes(of: hexDigits(bytes).littleEndian, as: UInt64.self)
        let middle = hexDigits(bytes + 4)
        out.storeBytes(of: UInt32(truncatingIfNeeded: middle).littleEndian, toByteOffset: 9, as: UInt32.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: middle >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
        let last = hexDigits(bytes + 8)
        out.storeBytes(of: UInt32(truncatingIfNeeded: last).littleEndian, toByteOffset: 19, as: UInt32.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: last >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
        out.storeBytes(of: hexDigits(bytes + 12).littleEndian, toByteOffset: 28, as: UInt64.self)
        (output[8], output[13], output[18], output[23]) = (0x2D, 0x2D, 0x2D, 0x2D)  // -
    }

    /// The lower-case hexadecimal digits of `bytes[0..<4]`, in order from the low byte of the
    /// result: each nibble is put in a byte of its own, then 0-9 become `0`-`9` (+ 0x30) and
    /// 10-15 become `a`-`f` (+ 0x57), all eight bytes at once.
    static func hexDigits(_ bytes: UnsafePointer<UInt8>) -> UInt64 {
        // Byte k at bits 16k: its high nibble goes to byte 2k, its low nibble to byte 2k + 1.
        var spread: UInt64 = 0
        for k in 0..<4 { spread |= UInt64(bytes[k]) << UInt64(16 * k) }
        let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
        // 1 in each byte whose nibble is 10 or more (nibble + 6 reaches 16), else 0.
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    }

    /// Sets the canonical form of 16 bytes as the text result, written straight into the
    /// result's buffer.
    static func setResult(_ bytes: UnsafePointer<UInt8>, _ result: ResultContext) {
        result.setText(count: textLength) { format(bytes, into: $0) }
    }
}
