/// Text that need not be UTF-8, carried in a Swift `String` without loss.
///
/// Dot-command lines and their arguments are handled as `String`s, but sqlite3 treats them as
/// bytes: a Latin-1 `.print café` prints the byte 0xE9 back. `String(rawBytes:)` keeps valid
/// UTF-8 as it is and maps each byte of an invalid sequence to a code point of the last 128 of
/// Supplementary Private Use Area-B (U+10FF80 + byte - 0x80); `rawBytes` maps them back.
/// Output (``OutputWriter/write(_:)-(String)``) and the byte conversions of settings
/// (`CellText.bytes`) write the original bytes.
public enum RawText {
    /// The first code point of the escape range.
    static let base: UInt32 = 0x10FF00

    /// Whether UTF-8 bytes may hold an escaped byte (its 4-byte form starts F4 8F BE/BF).
    @inline(__always)
    public static func mayContainEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains(0xF4)
    }

    /// The original bytes of UTF-8 text that may hold escaped bytes.
    public static func unescaped(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            if b == 0xF4 && i + 3 < utf8.count && utf8[i + 1] == 0x8F && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF)
                && utf8[i + 3] & 0xC0 == 0x80 {
                out.append(UInt8(truncatingIfNeeded: (Int(utf8[i + 2] & 0x3F) << 6 | Int(utf8[i + 3] & 0x3F)) - 0xF00))
                i += 4
            } else {
                out.append(b)
                i += 1
            }
        }
        return out
    }
}

extension String {
    /// Decodes bytes as UTF-8, keeping each byte of an invalid sequence as an escape code
    /// point (see ``RawText``) instead of replacing it.
    public init(rawBytes bytes: some Collection<UInt8>) {
        let all = Array(bytes)
        if let text = String(validating: all, as: UTF8.self) {
            self = text
            return
        }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < all.count {
            var decoder = UTF8()
            var rest = all[i...].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&rest) {
                scalars.append(scalar)
                i += UTF8.width(scalar)
            } else {
                scalars.append(Unicode.Scalar(RawText.base + UInt32(all[i])) ?? "\u{FFFD}")
                i += 1
            }
        }
        self = String(scalars)
    }

    /// The bytes this text stands for: its UTF-8, with escaped bytes (see ``RawText``) restored.
    public var rawBytes: [UInt8] {
        var copy = self
        return copy.withUTF8 { RawText.mayContainEscapes($0) ? RawText.unescaped($0) : Array($0) }
    }
}

extension String {
    /// Calls `body` with this text's original bytes (see ``RawText``) as a C string.
    public func withRawCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var text = rawBytes.map { CChar(bitPattern: $0) }
        text.append(0)
        return try body(text)
    }
}
