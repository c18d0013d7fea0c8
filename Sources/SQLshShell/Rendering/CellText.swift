#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Reading result columns the way sqlite3's shell sees them: as C strings.
///
/// sqlite3 prints `sqlite3_column_text` with `%s`, so a value ends at its first NUL byte;
/// these helpers give the same bytes without copying them.
enum CellText {
    /// No bytes (computed: a stored pointer constant would not be `Sendable`).
    static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

    // Forced inlining in this file: Benchmarks/shell.sh (output modes): every cell.
    /// The text of column `i` of the current row up to its first NUL, or nil for NULL.
    @inline(__always)
    static func text(_ statement: Statement, _ i: Int) -> UnsafeBufferPointer<UInt8>? {
        guard let text = statement.textBytesOrNil(at: i) else { return nil }
        return cString(text)
    }

    /// `bytes` cut at the first NUL.
    @inline(__always)
    static func cString(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if let p = bytes.baseAddress, bytes.count > 0, let nul = memchr(p, 0, bytes.count) {
            return UnsafeBufferPointer(start: p, count: UnsafeRawPointer(nul) - UnsafeRawPointer(p))
        }
        return bytes
    }

    /// The UTF-8 bytes of a setting (a separator, the null value), cut at the first NUL as
    /// sqlite3's fixed C buffers would.
    static func bytes(_ string: String) -> [UInt8] {
        var bytes = string.rawBytes
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        return bytes
    }

    /// sqlite3's `strlenChar`: the number of UTF-8 characters (bytes that are not
    /// continuation bytes).
    @inline(__always)
    static func characterCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in text where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// Formats a REAL with SQLite's printf (`%!.15g`, `%!.20g`) and writes it.
    @inline(__always)
    static func writeReal(_ value: Double, format: StaticString, to out: OutputWriter) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let n = SQLText.formatReal(value, format: format, into: buffer)
            out.write(UnsafeRawBufferPointer(start: buffer.baseAddress, count: n))
        }
    }

    /// Writes a REAL as sqlite3's insert mode and `.dump` do: `1e999`/`-1e999` for the
    /// infinities, `N.0` when the value is a whole number that fits in 64 bits (`%lld.0`, so
    /// `-0.0` is `0.0`), else `%!.20g`. Nothing is allocated.
    @inline(__always)
    static func writeSQLReal(_ r: Double, to out: OutputWriter) {
        if r == .infinity { out.write("1e999"); return }
        if r == -.infinity { out.write("-1e999"); return }
        // C's `(sqlite3_int64)r == r`: out of range (and NaN) goes to printf.
        if r >= -9.2233720368547758e18 && r < 9.2233720368547758e18, r == r.rounded(.towardZero) {
            writeInteger(Int64(r), to: out)
            out.write(".0")
            return
        }
        writeReal(r, format: "%!.20g", to: out)
    }

    /// Writes column `i` of the current row as an SQL literal, as `.dump` and insert mode do:
    /// `NULL`, integers in decimal, REALs as ``writeSQLReal(_:to:)``, blobs as `X'..'`, text
    /// (up to a NUL, as sqlite3's C strings) quoted, with line breaks spelled as
    /// `replace(...)` unless `keepNewlines` (`.dump --newlines`).
    @inline(__always)
    static func writeSQLLiteral(_ statement: Statement, _ i: Int, keepNewlines: Bool, to out: OutputWriter) {
        switch statement.columnType(at: i) {
        case .null: out.write("NULL")
        case .integer: out.write(text(statement, i) ?? empty)
        case .real: writeSQLReal(statement.double(at: i), to: out)
        case .text:
            let text = text(statement, i) ?? empty
            if keepNewlines {
                CellEscapes.writeSQLQuoted(text, to: out)
            } else {
                CellEscapes.writeSQLQuotedEscaped(text, to: out)
            }
        case .blob: CellEscapes.writeHexBlob(statement.blobBytes(at: i), to: out)
        }
    }

    /// Writes an integer in decimal (`%lld`) without allocating.
    @inline(__always)
    static func writeInteger(_ value: Int64, to out: OutputWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            // The magnitude as unsigned, so Int64.min has one too.
            var v = value.magnitude
            var i = 20
            repeat {
                i -= 1
                digits[i] = 48 + UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v != 0
            if value < 0 { out.write(byte: 45) }
            out.write(UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }
}

extension OutputWriter {
    private static let spaces = [UInt8](repeating: 32, count: 64)

    /// Writes `count` spaces (none when `count` is not positive).
    @inline(__always)
    func writeSpaces(_ count: Int) {
        var left = count
        while left > 0 {
            let n = min(left, 64)
            Self.spaces.withUnsafeBytes { write(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            left -= n
        }
    }

    /// Writes `text` repeated `count` times.
    func write(_ text: StaticString, times count: Int) {
        var i = 0
        while i < count { write(text); i += 1 }
    }
}

extension OutputWriter {
    /// A writer that only collects what is written (up to `capacity` bytes), for building
    /// small texts with the same escaping functions; read them with ``takeBytes()``.
    static func memory(capacity: Int = 1 << 16) -> OutputWriter {
        OutputWriter(fileDescriptor: -1, capacity: capacity)
    }

    /// The bytes collected by a ``memory(capacity:)`` writer; empties it.
    func takeBytes() -> [UInt8] {
        let bytes = Array(UnsafeBufferPointer(start: buffer, count: count))
        count = 0
        return bytes
    }
}

/// A counter a renderer keeps per statement (rows printed so far), behind a pointer: a
/// stored `var` of a class costs a dynamic exclusivity check on every access. Call
/// ``deallocate()`` from the owner's `deinit`.
struct RowCounter {
    private let pointer: UnsafeMutablePointer<Int>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    /// The current count.
    var value: Int {
        @inline(__always) get { pointer.pointee }
        @inline(__always) nonmutating set { pointer.pointee = newValue }
    }

    func deallocate() { pointer.deallocate() }
}
