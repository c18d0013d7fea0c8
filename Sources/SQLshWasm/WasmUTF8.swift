/// Whether a module's text result is valid UTF-8, checked before SQLite copies it.
///
/// A hand-written check rather than the standard library's `UTF8` decoder: the decoder costs
/// about 25 instructions a byte on accented text (about 570 for a 20-byte result, a third of a
/// `wasm_reverse` call's host work); this one a few a byte, and steps over ASCII eight bytes
/// at a time. It accepts exactly what Unicode calls well-formed UTF-8 (as
/// `String(validating:as:)` does): no overlong forms, no surrogates (U+D800 to U+DFFF),
/// nothing above U+10FFFF, no stray or missing continuation bytes.
enum WasmUTF8 {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < count {
            // Eight bytes at a time while they are ASCII; else straight to the first that is not.
            if count - index >= 8 {
                let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) & 0x8080_8080_8080_8080
                index += high.trailingZeroBitCount >> 3
                if high == 0 { continue }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
            } else if lead < 0xC2 {
                // A continuation byte without a lead, or an overlong two-byte form.
                return false
            } else if lead < 0xE0 {
                guard count - index >= 2, isContinuation(base[index + 1]) else { return false }
                index += 2
            } else if lead < 0xF0 {
                guard count - index >= 3, isContinuation(base[index + 2]) else { return false }
                let second = base[index + 1]
                switch lead {
                case 0xE0: guard second >= 0xA0 && second <= 0xBF else { return false }  // overlong
                case 0xED: guard second >= 0x80 && second <= 0x9F else { return false }  // surrogates
                default: guard isContinuation(second) else { return false }
                }
                index += 3
            } else if lead < 0xF5 {
                guard count - index >= 4, isContinuation(base[index + 2]), isContinuation(base[index + 3]) else { return false }
                let second = base[index + 1]
                switch lead {
                case 0xF0: guard second >= 0x90 && second <= 0xBF else { return false }  // overlong
                case 0xF4: guard second >= 0x80 && second <= 0x8F else { return false }  // above U+10FFFF
                default: guard isContinuation(second) else { return false }
                }
                index += 4
            } else {
                return false
            }
        }
        return true
    }

    @inline(__always)
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
