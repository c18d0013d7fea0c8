import SQLshCore

/// `base85(X)` as SQLite 3.53's shell (ext/misc/base85.c): 4 bytes as 5 digits from '#' to
/// 'z' without the quote and bracket characters, a shorter tail as one digit more than its
/// bytes, lines of at most 80 digits ending in a newline; text decodes back, any non-digit
/// ending a group.
enum Base85 {
    /// What to subtract from a digit character for its value: 0 for a non-digit.
    static func offset(_ c: UInt8) -> UInt8 {
        guard c < 0x80 else { return 0 }
        let level = (c >= 0x23 ? 1 : 0) + (c > 0x26 ? 1 : 0) + (c >= 0x2a ? 1 : 0) + (c > 0x7a ? 1 : 0)
        switch level {
        case 1: return 0x23
        case 3: return 0x2a - 4
        default: return 0
        }
    }

    @inline(__always)
    static func numeral(_ d: UInt8) -> UInt8 { d < 4 ? d &+ 0x23 : d &+ (0x2a - 4) }

    /// At least the size of `encode`'s answer for `count` input bytes: 5 digits per 4 bytes,
    /// one more than the bytes of a shorter tail, a newline after each 80 digits and one at
    /// the end.
    static func maximumEncodedLength(_ count: Int) -> Int {
        5 * (count / 4) + count % 4 + 1 + count / 64 + 1
    }

    /// Writes the base85 lines of `input` into `out` (room for `maximumEncodedLength`) and
    /// returns how many bytes it wrote.
    static func encode(_ input: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var j = 0
        var column = 0
        var i = 0
        var remaining = input.count
        while remaining >= 4 {
            // The five digits written out (a loop over them cost about 130 instructions a group).
            let qv = UInt32(input[i]) << 24 | UInt32(input[i + 1]) << 16 | UInt32(input[i + 2]) << 8 | UInt32(input[i + 3])
            let q1 = qv / 85, q2 = q1 / 85, q3 = q2 / 85, q4 = q3 / 85
            out[j + 4] = numeral(UInt8(truncatingIfNeeded: qv &- q1 &* 85))
            out[j + 3] = numeral(UInt8(truncatingIfNeeded: q1 &- q2 &* 85))
            out[j + 2] = numeral(UInt8(truncatingIfNeeded: q2 &- q3 &* 85))
            out[j + 1] = numeral(UInt8(truncatingIfNeeded: q3 &- q4 &* 85))
            out[j] = numeral(UInt8(truncatingIfNeeded: q4))
            j += 5
            i += 4
            remaining -= 4
            column += 5
            if column >= 80 {
                out[j] = 10
                j += 1
                column = 0
            }
        }
        if remaining > 0 {
            var qv: UInt32 = 0
            for k in 0..<remaining { qv = qv << 8 | UInt32(input[i + k]) }
            let digits = remaining + 1
            column += digits
            for k in stride(from: digits - 1, through: 0, by: -1) {
                out[j + k] = numeral(UInt8(truncatingIfNeeded: qv % 85))
                qv /= 85
            }
            j += digits
        }
        if column > 0 {
            out[j] = 10
            j += 1
        }
        return j
    }

    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4 * (input.count / 5) + input.count % 5)
        func byte(_ k: Int) -> UInt8 { k < input.count ? input[k] : 0 }
        var p = 0
        var left = input.count
        if left > 0 && input[left - 1] == 10 { left -= 1 }
        let bytesOut: [Int] = [0, 0, 1, 2, 3, 4]
        while left > 0 {
            var use = p
            var n = left
            while n > 0 {
                let c = byte(use)
                if c == 0 || offset(c) != 0 { break }
                use += 1
                n -= 1
            }
            left -= use - p
            p = use
            var taken = min(left, 5)
            var produced = bytesOut[taken]
            if produced == 0 { break }
            var qv: UInt64 = 0
            while taken > 0 {
                let c = byte(p)
                p += 1
                let o = offset(c)
                left -= 1
                if o == 0 { break }
                qv = 85 &* qv &+ UInt64(c - o)
                taken -= 1
            }
            produced -= taken
            if produced >= 4 { out.append(UInt8((qv >> 24) & 0xff)) }
            if produced >= 3 { out.append(UInt8((qv >> 16) & 0xff)) }
            if produced >= 2 { out.append(UInt8((qv >> 8) & 0xff)) }
            if produced >= 1 { out.append(UInt8(qv & 0xff)) }
        }
        return out
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "a blob as base85 text, or base85 text as the blob (SQLite 3.53's shell)",
        details: """
            base85(X): for a blob, its base85 text (each 4 bytes as 5 digits from the 85 \
            characters '#' to 'z' less ' ( ) and the like, a tail of 1-3 bytes as 2-4 digits), \
            in lines of at most 80 digits each ending with a newline (an empty blob gives \
            ''); for a text, the blob it encodes, any non-digit character ending a group \
            ('' gives an empty blob). Any other type, NULL included, is an error: "base85 \
            accepts only blob or text." A result over the length limit: "blob expanded to \
            base85 too big" / "blob from base85 may be too big". As the sqlite3 3.53 shell, \
            where it cannot be used in triggers or views.
            """,
        example: "SELECT rtrim(base85(x'48656c6c6f'), char(10)), hex(base85('=<hZW$@'));  -- '=<hZW$@'|'48656C6C6F'",
        functions: {
            [SQLFunction("base85", argumentCount: 1, options: [.pure, .directOnly], writingResult: { arguments, result in
                let value = arguments[0]
                switch value.storageType {
                case .blob:
                    let bytes = value.blobBytes
                    let size = 5 * (bytes.count / 4) + bytes.count % 4 + bytes.count / 64 + 1 + 2
                    guard size <= result.lengthLimit else { throw Core353Error("blob expanded to base85 too big") }
                    result.write(.text, capacity: maximumEncodedLength(bytes.count)) { encode(bytes, into: $0) }
                case .text:
                    let text = value.textBytes
                    guard 4 * (text.count / 5) + text.count % 5 <= result.lengthLimit else {
                        throw Core353Error("blob from base85 may be too big")
                    }
                    result.setBlob(decode(text))
                default:
                    throw Core353Error("base85 accepts only blob or text.")
                }
            })]
        })
}
