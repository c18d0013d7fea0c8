/// A point in time as sqlean's `time` extension holds it (after Go's `time.Time`): whole seconds
/// since 0001-01-01T00:00:00Z on the proleptic Gregorian calendar (UTC, no leap seconds) and the
/// nanoseconds within that second. Every instant an int64 of seconds can name is valid, so
/// arithmetic that would leave that range gives nil, which the functions report as an error.
struct SqleanTime: Equatable, Comparable {
    /// Seconds since 0001-01-01T00:00:00Z (negative before it).
    var seconds: Int64
    /// Nanoseconds within the second, 0...999_999_999.
    var nanoseconds: Int32

    /// 0001-01-01T00:00:00Z, sqlean's zero time.
    static let zero = SqleanTime(seconds: 0, nanoseconds: 0)
    /// The Unix epoch, 1970-01-01T00:00:00Z, in seconds since the zero time.
    static let unixEpoch: Int64 = 62_135_596_800
    static let nanosPerSecond: Int64 = 1_000_000_000

    init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The time `total` nanoseconds after the zero time, or nil when its seconds leave int64.
    init?(totalNanoseconds total: Int128) {
        let billion = Int128(Self.nanosPerSecond)
        var seconds = total / billion
        var nanos = total % billion
        if nanos < 0 {
            nanos += billion
            seconds -= 1
        }
        guard let s = Int64(exactly: seconds) else { return nil }
        self.init(seconds: s, nanoseconds: Int32(truncatingIfNeeded: nanos))
    }

    /// Nanoseconds since the zero time (never overflows an Int128).
    var totalNanoseconds: Int128 { Int128(seconds) * Int128(Self.nanosPerSecond) + Int128(nanoseconds) }

    /// The time `seconds` Unix seconds plus `nanoseconds` (any value, carried into the seconds)
    /// after the Unix epoch; nil out of range.
    init?(unixSeconds: Int64, nanoseconds: Int64) {
        if nanoseconds >= 0, nanoseconds < Self.nanosPerSecond {
            // The common case, in line: no carry, one checked addition.
            let (s, overflow) = unixSeconds.addingReportingOverflow(Self.unixEpoch)
            if overflow { return nil }
            self.init(seconds: s, nanoseconds: Int32(truncatingIfNeeded: nanoseconds))
            return
        }
        self.init(wideUnixSeconds: unixSeconds, nanoseconds: nanoseconds)
    }

    /// ``init(unixSeconds:nanoseconds:)`` with nanoseconds to carry, in 128-bit arithmetic.
    @inline(never)
    private init?(wideUnixSeconds unixSeconds: Int64, nanoseconds: Int64) {
        self.init(totalNanoseconds: (Int128(unixSeconds) + Int128(Self.unixEpoch)) * Int128(Self.nanosPerSecond)
                  + Int128(nanoseconds))
    }

    /// The time `count` units of `unit` nanoseconds (1e6 for milliseconds, ...) after the Unix
    /// epoch; nil out of range (never, for int64 counts of milli-, micro- or nanoseconds).
    ///
    /// Inlined, with int64 arithmetic for the units that divide a second (for a constant
    /// `unit`, divisions by constants): the 128-bit path for every call cost time_milli about
    /// 80 instructions a row over sqlean's.
    init?(unixCount count: Int64, unit: Int64) {
        switch unit {
        case 1_000_000: self.init(unixCount: count, perSecond: 1000, unit: unit)
        case 1000: self.init(unixCount: count, perSecond: 1_000_000, unit: unit)
        case 1: self.init(unixCount: count, perSecond: 1_000_000_000, unit: unit)
        default: self.init(wideUnixCount: count, unit: unit)
        }
    }

    /// ``init(unixCount:unit:)`` for a unit of `1e9 / perSecond` nanoseconds (perSecond >= 1000,
    /// so the seconds stay far from the int64 limits).
    private init(unixCount count: Int64, perSecond: Int64, unit: Int64) {
        let seconds = CivilCalendar.floorDivide(count, perSecond) + Self.unixEpoch
        let nanos = CivilCalendar.floorModulo(count, perSecond) * unit
        self.init(seconds: seconds, nanoseconds: Int32(truncatingIfNeeded: nanos))
    }

    /// ``init(unixCount:unit:)`` for any unit, in 128-bit arithmetic.
    @inline(never)
    private init?(wideUnixCount count: Int64, unit: Int64) {
        self.init(totalNanoseconds: Int128(Self.unixEpoch) * Int128(Self.nanosPerSecond) + Int128(count) * Int128(unit))
    }

    /// The Unix time in units of `unit` nanoseconds (1e9 for seconds, 1e6 for milliseconds, ...),
    /// rounded down; nil when it does not fit an int64.
    ///
    /// Inlined: the usual units divide a second, and the count is the seconds since 1970
    /// times the units per second plus the whole units in the nanoseconds (0 to 999,999,999,
    /// so the floor needs no correction), in int64 arithmetic. (A call with a switch on the
    /// unit and a 128-bit fallback in line cost time_to_unix about 40 instructions a row.)
    func unixCount(unit: Int64) -> Int64? {
        switch unit {
        case Self.nanosPerSecond: if let count = unixCount(perSecond: 1, unit: unit) { return count }
        case 1_000_000: if let count = unixCount(perSecond: 1000, unit: unit) { return count }
        case 1000: if let count = unixCount(perSecond: 1_000_000, unit: unit) { return count }
        case 1: if let count = unixCount(perSecond: 1_000_000_000, unit: unit) { return count }
        default: break
        }
        return wideUnixCount(unit: unit)
    }

    /// ``unixCount(unit:)`` for a unit of `1e9 / perSecond` nanoseconds; nil when the int64
    /// arithmetic overflows (the 128-bit path then decides).
    private func unixCount(perSecond: Int64, unit: Int64) -> Int64? {
        let (s, o1) = seconds.subtractingReportingOverflow(Self.unixEpoch)
        let (whole, o2) = s.multipliedReportingOverflow(by: perSecond)
        let (count, o3) = whole.addingReportingOverflow(Int64(nanoseconds) / unit)
        return o1 || o2 || o3 ? nil : count
    }

    /// ``unixCount(unit:)`` in 128-bit arithmetic, for any unit.
    @inline(never)
    private func wideUnixCount(unit: Int64) -> Int64? {
        let sinceEpoch = totalNanoseconds - Int128(Self.unixEpoch) * Int128(Self.nanosPerSecond)
        var count = sinceEpoch / Int128(unit)
        if sinceEpoch % Int128(unit) < 0 { count -= 1 }
        return Int64(exactly: count)
    }

    /// Unix seconds as a real, with the nanoseconds as the fraction (sqlean's `epoch` field).
    var unixReal: Double {
        let (u, overflow) = seconds.subtractingReportingOverflow(Self.unixEpoch)
        let whole = overflow ? Double(seconds) - Double(Self.unixEpoch) : Double(u)
        return whole + Double(nanoseconds) / 1e9
    }

    static func < (a: SqleanTime, b: SqleanTime) -> Bool {
        a.seconds < b.seconds || (a.seconds == b.seconds && a.nanoseconds < b.nanoseconds)
    }

    /// The time plus a duration in nanoseconds; nil out of range.
    func adding(nanoseconds d: Int64) -> SqleanTime? {
        let (ds, dn) = d.quotientAndRemainder(dividingBy: Self.nanosPerSecond)
        var seconds = ds
        var nanos = Int64(nanoseconds) + dn
        if nanos >= Self.nanosPerSecond {
            nanos -= Self.nanosPerSecond
            seconds += 1
        } else if nanos < 0 {
            nanos += Self.nanosPerSecond
            seconds -= 1
        }
        let (s, overflow) = self.seconds.addingReportingOverflow(seconds)
        if overflow { return nil }
        return SqleanTime(seconds: s, nanoseconds: Int32(truncatingIfNeeded: nanos))
    }

    /// The time plus whole seconds (a time zone offset); nil out of range.
    func adding(seconds d: Int64) -> SqleanTime? {
        let (s, overflow) = seconds.addingReportingOverflow(d)
        return overflow ? nil : SqleanTime(seconds: s, nanoseconds: nanoseconds)
    }

    /// The duration self - other in nanoseconds, saturated at the int64 limits (as sqlean and
    /// Go's `Time.Sub` do).
    func nanoseconds(since other: SqleanTime) -> Int64 {
        let difference = totalNanoseconds - other.totalNanoseconds
        if difference > Int128(Int64.max) { return .max }
        if difference < Int128(Int64.min) { return .min }
        return Int64(difference)
    }

    /// The time rounded down to a multiple of `d` nanoseconds since the zero time; unchanged
    /// when d <= 0. nil out of range.
    ///
    /// In line, int64 arithmetic when `d` is whole seconds or divides a second (the usual
    /// durations); the 128-bit path out of line for the rest. (The 128-bit remainder for every
    /// call cost time_round about 110 instructions a row, a general step up 30 more.)
    func truncated(to d: Int64) -> SqleanTime? {
        guard d > 0 else { return self }
        if let (down, _) = floor(toSteps: d) { return down }
        return wideRounded(to: d, up: false)
    }

    /// The time rounded to the nearest multiple of `d` nanoseconds since the zero time, halfway
    /// up; unchanged when d <= 0. nil out of range. (As ``truncated(to:)``.)
    func rounded(to d: Int64) -> SqleanTime? {
        guard d > 0 else { return self }
        if let (down, r) = floor(toSteps: d) {
            if r < d - r { return down }
            // One step up: whole seconds, or nanoseconds that may reach the next second.
            let (wholeSeconds, extraNanos) = d.quotientAndRemainder(dividingBy: Self.nanosPerSecond)
            if extraNanos == 0 {
                let (up, overflow) = down.seconds.addingReportingOverflow(wholeSeconds)
                if !overflow { return SqleanTime(seconds: up, nanoseconds: 0) }
            } else {
                return down.adding(nanoseconds: d)
            }
        }
        return wideRounded(to: d, up: true)
    }

    /// ``truncated(to:)`` (`up` false) and ``rounded(to:)`` in 128-bit arithmetic, for any d > 0.
    @inline(never)
    private func wideRounded(to d: Int64, up: Bool) -> SqleanTime? {
        let total = totalNanoseconds
        let r = Self.floorRemainder(total, d)
        return SqleanTime(totalNanoseconds: up && r + r >= Int128(d) ? total - r + Int128(d) : total - r)
    }

    /// The time rounded down to a multiple of `d` nanoseconds since the zero time (d > 0) and
    /// what was taken off (0...d - 1), in int64 arithmetic, when `d` is whole seconds or
    /// divides a second; nil otherwise, or when the result leaves the range (the 128-bit path
    /// then decides).
    private func floor(toSteps d: Int64) -> (down: SqleanTime, remainder: Int64)? {
        let (wholeSeconds, extraNanos) = d.quotientAndRemainder(dividingBy: Self.nanosPerSecond)
        if extraNanos == 0 {
            let r = CivilCalendar.floorModulo(seconds, wholeSeconds)
            let (down, overflow) = seconds.subtractingReportingOverflow(r)
            if overflow { return nil }
            // r < wholeSeconds: the remainder stays below d.
            return (SqleanTime(seconds: down, nanoseconds: 0), r * Self.nanosPerSecond + Int64(nanoseconds))
        }
        if wholeSeconds == 0, Self.nanosPerSecond % d == 0 {
            let r = Int32(truncatingIfNeeded: Int64(nanoseconds) % d)
            return (SqleanTime(seconds: seconds, nanoseconds: nanoseconds - r), Int64(r))
        }
        return nil
    }

    /// x mod d, from 0 to d - 1 (d > 0).
    private static func floorRemainder(_ x: Int128, _ d: Int64) -> Int128 {
        let r = x % Int128(d)
        return r < 0 ? r + Int128(d) : r
    }
}
