import SQLshCore

/// sqlean's four output layouts, written into a stack buffer (no allocation per row):
///
/// - iso: `2006-01-02T15:04:05Z`, with `.nnnnnnnnn` (always 9 digits) when the nanoseconds are
///   not 0, and `±HH:MM` instead of `Z` when the offset is not 0;
/// - datetime: `2006-01-02 15:04:05`; date: `2006-01-02`; time: `15:04:05`.
///
/// Years are printed as C's `%04d`: `0987`, `-005`, `12345`.
enum TimeLayout: Sendable {
    case iso, datetime, date, time

    /// The largest text any layout can give: a 12-digit year with its sign, the rest of the
    /// date and clock, 9 fraction digits, an offset of up to 16 hour digits.
    static let capacity = 80

    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (time_fmt_*): every value formatted.
    /// Sets the text of `time` shifted by `offset` seconds as the result; nil when the shift
    /// leaves the range of times.
    @inline(__always)
    func setResult(_ time: SqleanTime, offset: Int64, _ result: ResultContext) throws {
        guard let local = time.adding(seconds: offset) else { throw TimeError.outOfRange }
        var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &storage) { raw in
            let base = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
            let count = write(local, offset: offset, into: base)
            result.setText(utf8: UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Writes the text of `local` (already shifted) at `out`; returns its length.
    @inline(__always)
    func write(_ local: SqleanTime, offset: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let f = CivilCalendar.fields(local)
        var n = 0
        if self != .time {
            n = Self.writeYear(f.year, out)
            out[n] = UInt8(ascii: "-")
            Self.write2(f.month, out + n + 1)
            out[n + 3] = UInt8(ascii: "-")
            Self.write2(f.day, out + n + 4)
            n += 6
            if self == .date { return n }
            out[n] = self == .iso ? UInt8(ascii: "T") : UInt8(ascii: " ")
            n += 1
        }
        Self.write2(f.hour, out + n)
        out[n + 2] = UInt8(ascii: ":")
        Self.write2(f.minute, out + n + 3)
        out[n + 5] = UInt8(ascii: ":")
        Self.write2(f.second, out + n + 6)
        n += 8
        guard self == .iso else { return n }
        if f.nanosecond != 0 {
            out[n] = UInt8(ascii: ".")
            var v = Int(f.nanosecond)
            for i in stride(from: 9, through: 1, by: -1) {
                out[n + i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
                v /= 10
            }
            n += 10
        }
        if offset == 0 {
            out[n] = UInt8(ascii: "Z")
            return n + 1
        }
        return n + Self.writeOffset(offset, out + n)
    }

    /// `±HH:MM`: whole hours and the minutes left, leftover seconds not shown (as sqlean).
    /// Unlike sqlean, an offset between -3599 and -1 seconds prints as `-00:MM`, not `+00:MM`.
    static func writeOffset(_ offset: Int64, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = offset.magnitude
        out[0] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        var n = 1 + writeUnsigned(magnitude / 3600, minimumDigits: 2, out + 1)
        out[n] = UInt8(ascii: ":")
        write2(Int(magnitude % 3600 / 60), out + n + 1)
        n += 3
        return n
    }

    /// A year as `%04d`: at least four characters, the sign counting as one.
    @inline(__always)
    static func writeYear(_ year: Int64, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        if year >= 0, year < 10000 {
            let y = Int(year)
            write2(y / 100, out)
            write2(y % 100, out + 2)
            return 4
        }
        if year < 0 {
            out[0] = UInt8(ascii: "-")
            return 1 + writeUnsigned(year.magnitude, minimumDigits: 3, out + 1)
        }
        return writeUnsigned(year.magnitude, minimumDigits: 4, out)
    }

    /// Two digits of 0...99.
    @inline(__always)
    static func write2(_ value: Int, _ out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(truncatingIfNeeded: value / 10) &+ 48
        out[1] = UInt8(truncatingIfNeeded: value % 10) &+ 48
    }

    /// The decimal digits of `value`, zero-padded to `minimumDigits`; returns the count.
    static func writeUnsigned(_ value: UInt64, minimumDigits: Int, _ out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var probe = value / 10
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        let count = max(digits, minimumDigits)
        var v = value
        for i in stride(from: count - 1, through: 0, by: -1) {
            out[i] = UInt8(truncatingIfNeeded: v % 10) &+ 48
            v /= 10
        }
        return count
    }
}
