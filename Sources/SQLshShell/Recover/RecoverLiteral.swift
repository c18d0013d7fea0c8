#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Values written as SQL literals the way sqlite3's `.recover` writes them: SQLite's `quote()`
/// (`NULL`, integers, reals as `%!.15g` or `%!.20e` when that does not read back the same,
/// `X'..'` blobs, text quoted up to its first NUL), and for table rows the recover extension's
/// `escape_crnl()` on top, which spells newlines and carriage returns as
/// `replace('..\n..','\n', char(10))`. The markers are chosen like `.dump`'s
/// (``SQLLiteralWriter/unusedMarker(_:_:_:)``).
///
/// Deliberately unlike sqlite3: an infinite REAL is written `1e999`/`-1e999` (as `.dump`
/// writes it) where `quote()` gives `Inf`, which SQL would read as a column name.
enum RecoverLiteral {
    /// Appends the literal of `value` to `out`.
    static func append(_ value: RecordValue, escapeNewlines: Bool, to out: inout [UInt8]) {
        switch value {
        case .null: out += "NULL".utf8
        case .integer(let i): appendInteger(i, to: &out)
        case .real(let r): appendReal(r, to: &out)
        case .blob(let bytes):
            out += "X'".utf8
            let digits = Array("0123456789ABCDEF".utf8)
            for b in bytes {
                out.append(digits[Int(b >> 4)])
                out.append(digits[Int(b & 15)])
            }
            out.append(39)
        case .text(let bytes):
            // quote() reads the text as a C string.
            let text = bytes.firstIndex(of: 0).map { Array(bytes[..<$0]) } ?? bytes
            var quoted: [UInt8] = [39]
            quoted.reserveCapacity(text.count + 2)
            for b in text {
                quoted.append(b)
                if b == 39 { quoted.append(39) }
            }
            quoted.append(39)
            if escapeNewlines { appendEscapingNewlines(quoted, to: &out) } else { out += quoted }
        }
    }

    /// An integer in decimal, without making a String.
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(45) }
        // The magnitude as unsigned, so that Int64.min has one.
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[n] = UInt8(48 + magnitude % 10)
                magnitude /= 10
                n += 1
            } while magnitude > 0
            while n > 0 {
                n -= 1
                out.append(buffer[n])
            }
        }
    }

    /// `quote()` of a REAL: `%!.15g`, or `%!.20e` when the shorter form reads back as a
    /// different number.
    static func appendReal(_ r: Double, to out: inout [UInt8]) {
        if r.isInfinite { out += (r < 0 ? "-1e999" : "1e999").utf8; return }
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            var n = SQLText.formatReal(r, format: "%!.15g", into: buffer)
            if strtod(buffer.baseAddress!, nil) != r {
                n = SQLText.formatReal(r, format: "%!.20e", into: buffer)
            }
            out += UnsafeRawBufferPointer(start: buffer.baseAddress, count: n)
        }
    }

    /// The recover extension's `escape_crnl`: `replace(replace('..','\n', char(10)),'\r', char(13))`.
    static func appendEscapingNewlines(_ quoted: [UInt8], to out: inout [UInt8]) {
        let hasNL = quoted.contains(10), hasCR = quoted.contains(13)
        guard hasNL || hasCR else { out += quoted; return }
        let nl = hasNL ? SQLLiteralWriter.unusedMarker(quoted, "\\n", "\\012") : []
        let cr = hasCR ? SQLLiteralWriter.unusedMarker(quoted, "\\r", "\\015") : []
        out += (hasNL && hasCR ? "replace(replace(" : "replace(").utf8
        for b in quoted {
            switch b {
            case 10: out += nl
            case 13: out += cr
            default: out.append(b)
            }
        }
        if hasNL { out += ",'".utf8; out += nl; out += "', char(10))".utf8 }
        if hasCR { out += ",'".utf8; out += cr; out += "', char(13))".utf8 }
    }
}
