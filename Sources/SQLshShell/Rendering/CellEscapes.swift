/// The quoting and escaping sqlite3's shell applies to values in its output modes, each a
/// port of the C function named, writing straight to an ``OutputWriter``.
enum CellEscapes {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `output_c_string` (tcl mode, `.show`): `"..."` with C escapes, other unprintable bytes
    /// (and every byte >= 0x80) as `\ooo`.
    static func writeC(_ text: UnsafeBufferPointer<UInt8>, to out: OutputWriter) {
        out.write(byte: 34)
        writeRuns(of: text, to: out, keeping: { $0 >= 0x20 && $0 < 0x7F && $0 != 92 && $0 != 34 }) { c in
            switch c {
            case 92: out.write("\\\\")
            case 34: out.write("\\\"")
            case 9: out.write("\\t")
            case 10: out.write("\\n")
            case 13: out.write("\\r")
            default:
                out.write(byte: 92)
                out.write(byte: 48 + (c >> 6))
                out.write(byte: 48 + ((c >> 3) & 7))
                out.write(byte: 48 + (c & 7))
            }
        }
        out.write(byte: 34)
    }

    // Forced inlining in this file: Benchmarks/shell.sh (output modes): every byte of a cell.
    /// `output_json_string`: `"..."` with `\" \\ \b \f \n \r \t` and `\u00XX` for other
    /// control bytes; other bytes as they are.
    @inline(__always)
    static func writeJSON(_ text: UnsafeBufferPointer<UInt8>, to out: OutputWriter) {
        out.write(byte: 34)
        writeRuns(of: text, to: out, keeping: { $0 > 0x1F && $0 != 92 && $0 != 34 }) { c in
            switch c {
            case 92: out.write("\\\\")
            case 34: out.write("\\\"")
            case 8: out.write("\\b")
            case 12: out.write("\\f")
            case 10: out.write("\\n")
            case 13: out.write("\\r")
            case 9: out.write("\\t")
            default:
                out.write("\\u00")
                out.write(byte: hex[Int(c >> 4)])
                out.write(byte: hex[Int(c & 15)])
            }
        }
        out.write(byte: 34)
    }

    /// `output_html_string`: `< & > " '` as entities.
    static func writeHTML(_ text: UnsafeBufferPointer<UInt8>, to out: OutputWriter) {
        writeRuns(of: text, to: out, keeping: { !($0 == 60 || $0 == 38 || $0 == 62 || $0 == 34 || $0 == 39) }) { c in
            switch c {
            case 60: out.write("&lt;")
            case 38: out.write("&amp;")
            case 62: out.write("&gt;")
            case 34: out.write("&quot;")
            default: out.write("&#39;")
            }
        }
    }

    /// The loop the escapers above share: runs of bytes `keeping` accepts go out as they are,
    /// in one write each; every other byte goes to `escape`, which writes its spelling.
    @inline(__always)
    private static func writeRuns(
        of text: UnsafeBufferPointer<UInt8>, to out: OutputWriter,
        keeping keep: (UInt8) -> Bool, escape: (UInt8) -> Void
    ) {
        var start = 0
        var i = 0
        let n = text.count
        while i < n {
            let c = text[i]
            if keep(c) { i += 1; continue }
            if i > start { out.write(UnsafeBufferPointer(rebasing: text[start..<i])) }
            escape(c)
            i += 1
            start = i
        }
        if n > start { out.write(UnsafeBufferPointer(rebasing: text[start..<n])) }
    }

    /// `output_quoted_string`: `'...'` with `'` doubled.
    static func writeSQLQuoted(_ text: UnsafeBufferPointer<UInt8>, to out: OutputWriter) {
        writeQuoted(text, quote: 39, to: out)
    }

    /// `text` between two `quote` bytes, each `quote` inside doubled (SQL's `'it''s'`, CSV's
    /// `"say ""hi"""`).
    @inline(__always)
    static func writeQuoted(_ text: UnsafeBufferPointer<UInt8>, quote: UInt8, to out: OutputWriter) {
        out.write(byte: quote)
        var start = 0
        for i in 0..<text.count where text[i] == quote {
            out.write(UnsafeBufferPointer(rebasing: text[start...i]))
            out.write(byte: quote)
            start = i + 1
        }
        if text.count > start { out.write(UnsafeBufferPointer(rebasing: text[start...])) }
        out.write(byte: quote)
    }

    /// `output_quoted_escaped_string`: as ``writeSQLQuoted(_:to:)``, with newlines and carriage
    /// returns spelled out inside `replace(...,'\n',char(10))`.
    static func writeSQLQuotedEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: OutputWriter) {
        guard text.contains(10) || text.contains(13) else {
            writeSQLQuoted(text, to: out)
            return
        }
        let bytes = Array(text)
        let literal = SQLLiteralWriter(out: out)
        literal.writeQuotedEscaped(bytes)
    }

    /// `output_hex_blob`: `X'0a1b'`.
    static func writeHexBlob(_ blob: UnsafeRawBufferPointer, upperX: Bool = true, to out: OutputWriter) {
        out.write(byte: upperX ? 88 : 120)
        out.write(byte: 39)
        for b in blob {
            out.write(byte: hex[Int(b >> 4)])
            out.write(byte: hex[Int(b & 15)])
        }
        out.write(byte: 39)
    }

    /// Whether CSV output must quote a field with this byte (`needCsvQuote`): control bytes,
    /// space, `"`, `'`, DEL and every byte >= 0x80.
    @inline(__always)
    static func csvNeedsQuote(_ c: UInt8) -> Bool {
        c <= 0x20 || c == 34 || c == 39 || c >= 0x7F
    }

    /// `output_csv` for a non-NULL field: quoted (inner `"` doubled) when empty, when a byte
    /// needs it, or when it contains the column separator.
    @inline(__always)
    static func writeCSV(_ text: UnsafeBufferPointer<UInt8>, separator: [UInt8], to out: OutputWriter) {
        var quote = text.isEmpty
        if !quote {
            for c in text where csvNeedsQuote(c) { quote = true; break }
        }
        if !quote { quote = contains(text, separator) }
        guard quote else { out.write(text); return }
        writeQuoted(text, quote: 34, to: out)
    }

    /// C's `strstr(text, needle) != 0` (an empty needle is always found).
    @inline(__always)
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let m = needle.count
        if m == 0 { return true }
        if m > text.count { return false }
        let first = needle[0]
        var i = 0
        let last = text.count - m
        while i <= last {
            if text[i] == first {
                var j = 1
                while j < m && text[i + j] == needle[j] { j += 1 }
                if j == m { return true }
            }
            i += 1
        }
        return false
    }

    /// sqlite3's `isNumber`: an optionally signed decimal number with optional fraction and
    /// exponent.
    static func isNumber(_ z: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = z.count
        func at(_ k: Int) -> UInt8 { k < n ? z[k] : 0 }
        func digit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
        if at(i) == 45 || at(i) == 43 { i += 1 }
        guard digit(at(i)) else { return false }
        i += 1
        while digit(at(i)) { i += 1 }
        if at(i) == 46 {
            i += 1
            guard digit(at(i)) else { return false }
            while digit(at(i)) { i += 1 }
        }
        if at(i) == 101 || at(i) == 69 {
            i += 1
            if at(i) == 43 || at(i) == 45 { i += 1 }
            guard digit(at(i)) else { return false }
            while digit(at(i)) { i += 1 }
        }
        return i == n
    }
}
