import SQLshCore

/// `timediff(A, B)` (SQLite 3.43): what to add to B to reach A, as `+YYYY-MM-DD HH:MM:SS.SSS`.
enum TimeDiff {
    /// The difference as SQLite 3.53's `timediffFunc` works it out: whole years, then whole
    /// months (stepping back a month while B passed A), then the rest as a time of day,
    /// written into `out` (room for ``maximumLength`` bytes); returns how many bytes it wrote.
    static func difference(_ a: SQLiteDateTime, _ b: SQLiteDateTime, into out: UnsafeMutablePointer<UInt8>) -> Int {
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
        // Written in place into the result: building a String from 15 pieces cost about
        // 13,000 instructions a row, appending to an array about 800 (Benchmarks/README.md).
        var j = 0
        out[j] = forward ? UInt8(ascii: "+") : UInt8(ascii: "-")
        j += 1
        pad(years, 4, into: out, at: &j, then: UInt8(ascii: "-"))
        pad(months, 2, into: out, at: &j, then: UInt8(ascii: "-"))
        pad(d1.day - 1, 2, into: out, at: &j, then: UInt8(ascii: " "))
        pad(d1.hour, 2, into: out, at: &j, then: UInt8(ascii: ":"))
        pad(d1.minute, 2, into: out, at: &j, then: UInt8(ascii: ":"))
        pad(milliseconds / 1000, 2, into: out, at: &j, then: UInt8(ascii: "."))
        pad(milliseconds % 1000, 3, into: out, at: &j, then: nil)
        return j
    }

    /// The most bytes ``difference(_:_:into:)`` writes: a sign, then seven numbers of at most
    /// 20 characters (an Int's digits and sign) each with its separator.
    static let maximumLength = 1 + 7 * 21

    /// Writes `n` in decimal, zero-padded to `width` (a minus sign counting), at `out[j]`,
    /// then `separator` if any, and moves `j` past them.
    static func pad(_ n: Int, _ width: Int, into out: UnsafeMutablePointer<UInt8>, at j: inout Int, then separator: UInt8?) {
        var m = n.magnitude
        var count = 0
        repeat {
            m /= 10
            count += 1
        } while m > 0
        if n < 0 {
            out[j] = UInt8(ascii: "-")
            j += 1
        }
        let signWidth = n < 0 ? 1 : 0
        if width > signWidth + count {
            for _ in 0..<(width - signWidth - count) {
                out[j] = UInt8(ascii: "0")
                j += 1
            }
        }
        m = n.magnitude
        var k = j + count
        j = k
        repeat {
            k -= 1
            out[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: m % 10)
            m /= 10
        } while m > 0
        if let separator {
            out[j] = separator
            j += 1
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
                result.write(.text, capacity: maximumLength) { difference(a, b, into: $0) }
            })]
        })
}
