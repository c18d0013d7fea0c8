import SQLshCore

/// `timediff(A, B)` (SQLite 3.43): what to add to B to reach A, as `+YYYY-MM-DD HH:MM:SS.SSS`.
enum TimeDiff {
    /// The difference as SQLite 3.53's `timediffFunc` works it out: whole years, then whole
    /// months (stepping back a month while B passed A), then the rest as a time of day.
    static func difference(_ a: SQLiteDateTime, _ b: SQLiteDateTime) -> [UInt8] {
        var d1 = a
        var d2 = b
        d1.computeDate()
        d1.computeTime()
        d2.computeDate()
        d2.computeTime()
        // Forward when A is not before B: B then steps ahead to A month by month, else back.
        let forward = d1.julianMilliseconds >= d2.julianMilliseconds
        let step = forward ? 1 : -1
        func recompute() {
            d2.hasJulian = false
            d2.computeJulian()
        }
        func passed() -> Bool {
            forward ? d1.julianMilliseconds < d2.julianMilliseconds : d1.julianMilliseconds > d2.julianMilliseconds
        }
        var years = (d1.year - d2.year) * step
        if years != 0 {
            d2.year = d1.year
            recompute()
        }
        var months = (d1.month - d2.month) * step
        if months < 0 {
            years -= 1
            months += 12
        }
        if months != 0 {
            d2.month = d1.month
            recompute()
        }
        while passed() {
            months -= 1
            if months < 0 {
                months = 11
                years -= 1
            }
            d2.month -= step
            if d2.month < 1 {
                d2.month = 12
                d2.year -= 1
            } else if d2.month > 12 {
                d2.month = 1
                d2.year += 1
            }
            recompute()
        }
        d1.julianMilliseconds = forward ? d1.julianMilliseconds - d2.julianMilliseconds
            : d2.julianMilliseconds - d1.julianMilliseconds
        // The rest counted from 0000-01-01 00:00 (Julian day 1721059.5).
        d1.julianMilliseconds += 148_699_540_800_000
        d1.hasDate = false
        d1.hasTime = false
        d1.hasZone = false
        d1.computeDate()
        d1.computeTime()
        let milliseconds = Int((d1.second * 1000).rounded())
        // One buffer for the 24 bytes: building a String from 15 pieces cost about 13,000
        // instructions a row, ten times the reference (Benchmarks/README.md).
        var out: [UInt8] = []
        out.reserveCapacity(32)
        out.append(forward ? UInt8(ascii: "+") : UInt8(ascii: "-"))
        pad(years, 4, into: &out); out.append(UInt8(ascii: "-"))
        pad(months, 2, into: &out); out.append(UInt8(ascii: "-"))
        pad(d1.day - 1, 2, into: &out); out.append(UInt8(ascii: " "))
        pad(d1.hour, 2, into: &out); out.append(UInt8(ascii: ":"))
        pad(d1.minute, 2, into: &out); out.append(UInt8(ascii: ":"))
        pad(milliseconds / 1000, 2, into: &out); out.append(UInt8(ascii: "."))
        pad(milliseconds % 1000, 3, into: &out)
        return out
    }

    /// Appends `n` as C's `%0*d`: zeros before the digits (after a minus sign) up to `width`
    /// characters.
    static func pad(_ n: Int, _ width: Int, into out: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var m = n.magnitude
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
            let signWidth = n < 0 ? 1 : 0
            if n < 0 { out.append(UInt8(ascii: "-")) }
            if width > signWidth + count {
                for _ in 0..<(width - signWidth - count) { out.append(UInt8(ascii: "0")) }
            }
            while count > 0 {
                count -= 1
                out.append(d[count])
            }
        }
    }

    static let entry = CatalogFunction(
        arguments: "a, b",
        summary: "the time from B to A as +YYYY-MM-DD HH:MM:SS.SSS (SQLite 3.43)",
        details: """
            timediff(A, B) is what must be added to B to reach A: '+' (A is not before B) or \
            '-', then whole years, whole months, days, hours, minutes and seconds with \
            milliseconds, so that datetime(B, timediff(A, B)) is datetime(A). A and B are read \
            as SQLite's date functions read a value: ISO-8601 text (a date, a time, both, with \
            an optional zone), 'now', or a number, which is a Julian day (not Unix time). NULL \
            or a value that is not a date gives NULL.
            """,
        example: "SELECT timediff('2024-03-01', '2023-02-28 12:00');  -- '+0001-00-01 12:00:00.000'",
        functions: {
            [SQLFunction("timediff", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                guard let a = SQLiteDateTime(arguments[0]), let b = SQLiteDateTime(arguments[1]) else {
                    return result.setNull()
                }
                difference(a, b).withUnsafeBufferPointer { result.setText(utf8: $0) }
            })]
        })
}
