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
    @inline(__always)
    static func format(_ bytes: UnsafePointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
        let digits: StaticString = "0123456789abcdef"
        let hex = digits.utf8Start
        var j = 0
        for i in 0..<16 {
            if i == 4 || i == 6 || i == 8 || i == 10 {
                output[j] = 0x2D
                j += 1
            }
            output[j] = hex[Int(bytes[i] >> 4)]
            output[j + 1] = hex[Int(bytes[i] & 15)]
            j += 2
        }
    }
}
