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

    // Forced inlining in this file: Benchmarks/shell.sh (the INSERT script): every input byte.
    /// Whether UTF-8 bytes may hold an escaped byte (its 4-byte form starts F4 8F BE/BF).
    @inline(__always)
    public static func mayContainEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.contains(0xF4)
    }

    /// The length of the valid UTF-8 sequence starting at `i` (1 to 4), or 0 when the bytes
    /// there are not one (a stray continuation byte, an overlong form, a surrogate, a code
    /// point above U+10FFFF, or a sequence cut short).
    @inline(__always)
    static func validSequenceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let lead = bytes[i]
        if lead < 0x80 { return 1 }
        @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < bytes.count && bytes[i + k] >= low && bytes[i + k] <= high
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xE1...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// Whether the valid UTF-8 sequence at `i` is itself a code point of the escape range
    /// (U+10FF80 to U+10FFFF). Such text, typed literally, is escaped byte by byte like an
    /// invalid sequence, so that `rawBytes` gives back exactly the bytes that came in.
    @inline(__always)
    static func isEscapeRange(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        bytes[i] == 0xF4 && i + 2 < bytes.count && bytes[i + 1] == 0x8F && bytes[i + 2] >= 0xBE
    }

    /// Whether UTF-8 bytes hold a code point of the escape range anywhere.
    static func containsEscapeRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.contains(0xF4) else { return false }
        for i in bytes.indices where bytes[i] == 0xF4 && isEscapeRange(bytes, at: i) { return true }
        return false
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
        if let text = String(validating: all, as: UTF8.self),
           !all.withUnsafeBufferPointer(RawText.containsEscapeRange) {
            self = text
            return
        }
        // One pass over the bytes, building the UTF-8 of the result directly (a scalar at a
        // time through the generic decoder took seconds for a 10 MB line).
        var utf8: [UInt8] = []
        utf8.reserveCapacity(all.count * 2)
        all.withUnsafeBufferPointer { input in
            var i = 0
            while i < input.count {
                let width = RawText.validSequenceWidth(input, at: i)
                if width > 0 && !RawText.isEscapeRange(input, at: i) {
                    utf8.append(contentsOf: UnsafeBufferPointer(rebasing: input[i..<(i + width)]))
                    i += width
                } else {
                    // U+10FF00 + byte, in UTF-8: F4 8F, then 10111110 or 10111111, then the low 6 bits.
                    let byte = input[i]
                    utf8.append(0xF4)
                    utf8.append(0x8F)
                    utf8.append(0xBC | (byte >> 6))
                    utf8.append(0x80 | (byte & 0x3F))
                    i += 1
                }
            }
        }
        self = String(decoding: utf8, as: UTF8.self)
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
