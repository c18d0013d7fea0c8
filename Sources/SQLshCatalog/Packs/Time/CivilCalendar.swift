import SQLshCore

/// Calendar arithmetic on the proleptic Gregorian calendar, done on day numbers (no tables, no
/// Foundation): days since 0001-01-01 to year-month-day and back, weekdays, ISO weeks.
///
/// Years use astronomical numbering (year 0 is 1 BC, as in Go and sqlean). The conversions
/// are the core's ``CivilDays``, counted here from 0001-01-01 instead of 1970-01-01.
enum CivilCalendar {
    /// Days from 0001-01-01 to 1970-01-01.
    private static let days1To1970: Int64 = 719_162
    static let secondsPerDay: Int64 = 86_400

    /// A time broken down in UTC.
    struct Fields {
        var year: Int64
        var month: Int  // 1...12
        var day: Int  // 1...31
        var hour: Int
        var minute: Int
        var second: Int
        var nanosecond: Int32
        /// Days since 0001-01-01 (a Monday).
        var dayNumber: Int64
        /// The day of the year, 1...366.
        var yearday: Int
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b < 0) ? q - 1 : q
    }

    static func floorModulo(_ a: Int64, _ b: Int64) -> Int64 {
        let r = a % b
        return r < 0 ? r + b : r
    }

    /// The day number (days since 0001-01-01) of a date. `month` is 1...12, `day` any value
    /// (day 32 is the first of the next month). `year` must lie within ±10^12, which keeps
    /// every intermediate value far from overflow.
    static func dayNumber(year: Int64, month: Int, day: Int64) -> Int64 {
        CivilDays.daysSince1970(year: year, month: Int64(month), day: day) + days1To1970
    }

    /// The date of a day number: (year, month 1...12, day 1...31, yearday 1...366). Valid for
    /// every day number an int64 count of seconds can reach.
    static func date(dayNumber: Int64) -> (year: Int64, month: Int, day: Int, yearday: Int) {
        let date = CivilDays.ordinalDate(daysSince1970: dayNumber - days1To1970)
        return (date.year, Int(date.month), Int(date.day), Int(date.dayOfYear))
    }

    /// The day of a time (days since 0001-01-01), without its date.
    static func dayNumber(_ time: SqleanTime) -> Int64 { floorDivide(time.seconds, secondsPerDay) }

    /// The second of the day of a time, 0...86399, without its date.
    static func secondOfDay(_ time: SqleanTime) -> Int { Int(floorModulo(time.seconds, secondsPerDay)) }

    /// The time broken down in UTC.
    static func fields(_ time: SqleanTime) -> Fields {
        let dayNumber = floorDivide(time.seconds, secondsPerDay)
        let secondOfDay = Int(floorModulo(time.seconds, secondsPerDay))
        let (year, month, day, yearday) = date(dayNumber: dayNumber)
        return Fields(year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                      second: secondOfDay % 60, nanosecond: time.nanoseconds, dayNumber: dayNumber, yearday: yearday)
    }

    static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The day of the week, 0 = Sunday ... 6 = Saturday.
    static func weekday(dayNumber: Int64) -> Int { Int(floorModulo(dayNumber + 1, 7)) }

    /// The ISO 8601 year and week (1...53): weeks start on Monday, and a week belongs to the
    /// year of its Thursday (week 1 holds the year's first Thursday): one date conversion.
    static func isoWeek(dayNumber: Int64) -> (year: Int64, week: Int) {
        let daysSinceMonday = floorModulo(dayNumber, 7)  // 0001-01-01 is a Monday
        let thursday = date(dayNumber: dayNumber - daysSinceMonday + 3)
        return (thursday.year, (thursday.yearday - 1) / 7 + 1)
    }

    /// The largest year magnitude accepted before converting (int64 seconds reach about
    /// ±292 billion years, so nothing valid is refused).
    static let yearLimit: Int128 = 1_000_000_000_000

    /// The time of a date and clock given in a zone `offset` seconds east of UTC, every field
    /// normalised as Go's `time.Date` does: month 13 is January of the next year, October 32 is
    /// November 1, 61 seconds are a minute and a second, negative values borrow. nil when the
    /// result leaves the range of an int64 of seconds.
    ///
    /// Fields of usual sizes (years within ±10^8, the others within ±2^31) take int64
    /// arithmetic, where no sum can overflow; the rest the wide path, which gives the same time.
    /// (The wide path for every call cost time_date about 200 instructions a row, 1.15 times
    /// sqlean's instructions.)
    static func time(year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0,
                     second: Int64 = 0, nanosecond: Int64 = 0, offset: Int64 = 0) -> SqleanTime? {
        let small: Int64 = 1 << 31
        guard within(year, 100_000_000), within(month, small), within(day, small), within(hour, small),
              within(minute, small), within(second, small), within(offset, small) else {
            return wideTime(year: Int128(year), month: Int128(month), day: Int128(day), hour: Int128(hour),
                            minute: Int128(minute), second: Int128(second), nanosecond: Int128(nanosecond),
                            offset: Int128(offset))
        }
        let monthIndex = month - 1
        let normalisedYear = year + floorDivide(monthIndex, 12)
        let firstOfMonth = dayNumber(year: normalisedYear, month: Int(floorModulo(monthIndex, 12)) + 1, day: 1)
        let days = firstOfMonth + day - 1
        let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second - offset
            + floorDivide(nanosecond, SqleanTime.nanosPerSecond)
        return SqleanTime(seconds: seconds,
                          nanoseconds: Int32(truncatingIfNeeded: floorModulo(nanosecond, SqleanTime.nanosPerSecond)))
    }

    /// Whether -limit <= x <= limit: one addition and one unsigned comparison.
    private static func within(_ x: Int64, _ limit: Int64) -> Bool {
        UInt64(bitPattern: x &+ limit) <= UInt64(2 * limit)
    }

    /// ``time(year:month:day:hour:minute:second:nanosecond:offset:)`` for any fields: wide
    /// integers, so that sums of int64 values cannot overflow.
    @inline(never)
    private static func wideTime(year: Int128, month: Int128, day: Int128, hour: Int128 = 0, minute: Int128 = 0,
                                 second: Int128 = 0, nanosecond: Int128 = 0, offset: Int128 = 0) -> SqleanTime? {
        let monthIndex = month - 1
        var yearCarry = monthIndex / 12
        var monthOfYear = monthIndex % 12
        if monthOfYear < 0 {
            monthOfYear += 12
            yearCarry -= 1
        }
        let normalisedYear = year + yearCarry
        guard normalisedYear.magnitude <= yearLimit.magnitude else { return nil }
        let firstOfMonth = dayNumber(year: Int64(normalisedYear), month: Int(monthOfYear) + 1, day: 1)
        let days = Int128(firstOfMonth) + day - 1
        // Each term is below 2^64 * 86400 and their sum far below 2^127.
        let seconds = days * Int128(secondsPerDay) + hour * 3600 + minute * 60 + second - offset
        return SqleanTime(totalNanoseconds: seconds * Int128(SqleanTime.nanosPerSecond) + nanosecond)
    }

    /// `time` plus years, months and days, normalised like ``time(year:month:day:hour:minute:second:nanosecond:offset:)``
    /// (Oct 31 + 1 month = Dec 1, 2012-02-29 + 1 year = 2013-03-01), keeping the clock and the
    /// nanoseconds (Go's `Time.AddDate`). nil out of range.
    static func adding(years: Int64, months: Int64, days: Int64, to time: SqleanTime) -> SqleanTime? {
        let f = fields(time)
        let (year, o1) = f.year.addingReportingOverflow(years)
        let (month, o2) = Int64(f.month).addingReportingOverflow(months)
        let (day, o3) = Int64(f.day).addingReportingOverflow(days)
        guard !(o1 || o2 || o3) else {
            return wideTime(year: Int128(f.year) + Int128(years), month: Int128(f.month) + Int128(months),
                            day: Int128(f.day) + Int128(days), hour: Int128(f.hour), minute: Int128(f.minute),
                            second: Int128(f.second), nanosecond: Int128(f.nanosecond))
        }
        return self.time(year: year, month: month, day: day, hour: Int64(f.hour), minute: Int64(f.minute),
                         second: Int64(f.second), nanosecond: Int64(f.nanosecond))
    }
}
