import SQLshCore

/// `base64(X)` as SQLite 3.53's shell (ext/misc/base64.c): a blob gives base64 text in lines
/// of at most 72 digits, each ending in a newline; a text gives the blob it encodes, decoding
/// as far as the first character that is neither a digit, '=' nor whitespace.
enum Base64 {
    static let numerals = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let pad: UInt8 = 0x80
    static let whitespace: UInt8 = 0x81
    static let other: UInt8 = 0x82

    /// The class of a byte: its digit value, or pad, whitespace or other (bytes >= 0x80 are pad).
    static let digitValues: [UInt8] = {
        var table = [UInt8](repeating: other, count: 128)
        for (i, c) in numerals.enumerated() { table[Int(c)] = UInt8(i) }
        for c in [9, 10, 11, 12, 13, 32] { table[c] = whitespace }
        table[Int(UInt8(ascii: "="))] = pad
        return table
    }()

    static func classOf(_ c: UInt8) -> UInt8 { c < 0x80 ? digitValues[Int(c)] : pad }

    /// The digits as a static buffer: read without bounds checks or a lazy global's guard.
    static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// The size of `encode`'s answer for `count` input bytes: 4 digits per 3 bytes (or part),
    /// and a newline after each 72 digits and at the end.
    static func encodedLength(_ count: Int) -> Int {
        let groups = count / 3 + (count % 3 == 0 ? 0 : 1)
        return groups == 0 ? 0 : 4 * groups + (groups + 17) / 18
    }

    /// Writes the base64 lines of `input` into `out` (room for `encodedLength(input.count)`
    /// bytes) and returns how many bytes it wrote.
    static func encode(_ input: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let digits = alphabet.utf8Start
        var j = 0
        var column = 0
        var i = 0
        var remaining = input.count
        while remaining >= 3 {
            let a = input[i], b = input[i + 1], c = input[i + 2]
            out[j] = digits[Int(a >> 2)]
            out[j + 1] = digits[Int(((a << 4) | (b >> 4)) & 0x3f)]
            out[j + 2] = digits[Int(((b & 0xf) << 2) | (c >> 6))]
            out[j + 3] = digits[Int(c & 0x3f)]
            j += 4
            i += 3
            remaining -= 3
            column += 4
            if column >= 72 || remaining <= 0 {
                out[j] = 10
                j += 1
                column = 0
            }
        }
        if remaining > 0 {
            var qv = UInt32(input[i]) << 16
            if remaining > 1 { qv |= UInt32(input[i + 1]) << 8 }
            for n in stride(from: 3, through: 0, by: -1) {
                out[j + n] = n < remaining + 1 ? digits[Int(qv & 0x3f)] : UInt8(ascii: "=")
                qv >>= 6
            }
            out[j + 4] = 10
            j += 5
        }
        return j
    }

    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(3 * ((input.count + 3) / 4))
        func byte(_ k: Int) -> UInt8 { k < input.count ? input[k] : 0 }
        var p = 0
        var left = input.count
        if left > 0 && input[left - 1] == 10 { left -= 1 }
        let bytesOut: [Int] = [0, 0, 1, 2, 3]
        while left > 0 && byte(p) != UInt8(ascii: "=") {
            // Skip what is not a digit (a NUL stops the skip).
            var use = p
            var n = left
            while n > 0 {
                let c = byte(use)
                if c == 0 || classOf(c) < 0x80 { break }
                use += 1
                n -= 1
            }
            left -= use - p
            p = use
            var taken = min(left, 4)
            left -= taken
            var produced = bytesOut[taken]
            if produced == 0 { break }
            var qv: UInt32 = 0
            for k in 0..<4 {
                let c = k < taken ? byte(p) : numerals[0]
                if k < taken { p += 1 }
                var value = classOf(c)
                switch value {
                case other, whitespace, pad:
                    if value == other { left = 0 }
                    if value != pad { taken = k }
                    value = 0
                    produced -= 1
                default:
                    break
                }
                qv = qv << 6 | UInt32(value)
            }
            if produced >= 1 { out.append(UInt8((qv >> 16) & 0xff)) }
            if produced >= 2 { out.append(UInt8((qv >> 8) & 0xff)) }
            if produced >= 3 { out.append(UInt8(qv & 0xff)) }
        }
        return out
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "a blob as base64 text, or base64 text as the blob (SQLite 3.53's shell)",
        details: """
            base64(X): for a blob, its base64 encoding (RFC 4648 digits with '=' padding) as \
            text, in lines of at most 72 digits each ending with a newline (an empty blob \
            gives ''); for a text, the blob it encodes: whitespace and other characters before \
            a group are skipped, decoding stops at '=', and a character that is neither a \
            digit, '=' nor whitespace ends it ('' gives an empty blob). Any other type, NULL \
            included, is an error: "base64 accepts only blob or text". A result over the \
            length limit: "blob expanded to base64 too big" / "blob from base64 may be too \
            big". As the sqlite3 3.53 shell, where it cannot be used in triggers or views.
            """,
        example: "SELECT rtrim(base64(x'48656c6c6f'), char(10)), hex(base64('SGVsbG8='));  -- 'SGVsbG8='|'48656C6C6F'",
        functions: {
            [SQLFunction("base64", argumentCount: 1, options: [.pure, .directOnly], writingResult: { arguments, result in
                let value = arguments[0]
                switch value.storageType {
                case .blob:
                    let bytes = value.blobBytes
                    var size = 4 * ((bytes.count + 2) / 3)
                    size += (size + 71) / 72 + 1
                    guard size <= result.lengthLimit else { throw Core353Error("blob expanded to base64 too big") }
                    result.write(.text, capacity: encodedLength(bytes.count)) { encode(bytes, into: $0) }
                case .text:
                    let text = value.textBytes
                    guard 3 * ((text.count + 3) / 4) <= result.lengthLimit else {
                        throw Core353Error("blob from base64 may be too big")
                    }
                    result.setBlob(decode(text))
                default:
                    throw Core353Error("base64 accepts only blob or text")
                }
            })]
        })
}
