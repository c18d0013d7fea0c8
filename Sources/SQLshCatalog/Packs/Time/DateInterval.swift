import SQLshCore

/// DuckDB's INTERVAL as text: months, days and microseconds, read from `'1 month 2 days'`,
/// `'-3 hours'`, `'01:30:00'`, `'1 year 2 months 3 days 04:05:06.5'`, and written as DuckDB
/// casts an interval to text.
struct DateInterval: Equatable {
    var months: Int64 = 0
    var days: Int64 = 0
    var micros: Int64 = 0

    /// The largest magnitude of a count read from text (far inside int64 after any scaling).
    private static let countLimit = 1e13

    /// The interval of `text`; nil when it is not one. Units: year(s), month(s), week(s),
    /// day(s), hour(s), minute(s), second(s), millisecond(s), microsecond(s), quarter(s),
    /// decade(s), century, millennium, and DuckDB's abbreviations (y, mon, w, d, h, m, s, ms,
    /// us...); `HH:MM[:SS[.f]]` for a clock; an optional leading `interval` word.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> DateInterval? {
        var s = ByteScanner(text)
        var interval = DateInterval()
        var sawAny = false
        s.skipSpaces()
        if s.takeWord("interval") {
            guard s.peek == 0x20 else { return nil }
            s.skipSpaces()
        }
        if s.take(UInt8(ascii: "'")) {
            // `interval '1 day'` pasted whole: the quotes around the amount.
            guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "'") else { return nil }
            return parse(UnsafeBufferPointer(rebasing: text[s.index..<(text.count - 1)]))
        }
        while true {
            s.skipSpaces()
            if s.atEnd { break }
            var sign: Double = 1
            if s.take(UInt8(ascii: "-")) { sign = -1 } else { _ = s.take(UInt8(ascii: "+")) }
            guard let whole = s.number(minDigits: 1, maxDigits: 13) else { return nil }
            if s.peek == UInt8(ascii: ":") {
                // A clock: hours:minutes[:seconds[.fraction]].
                s.index += 1
                guard whole < 2_000_000, let minutes = s.number(minDigits: 1, maxDigits: 2), minutes < 60 else { return nil }
                var micros = whole * 3_600_000_000 + minutes * 60_000_000
                if s.take(UInt8(ascii: ":")) {
                    guard let seconds = s.number(minDigits: 1, maxDigits: 2), seconds < 60 else { return nil }
                    micros += seconds * 1_000_000
                    if s.take(UInt8(ascii: ".")) {
                        guard let nanos = s.fraction() else { return nil }
                        micros += nanos / 1000
                    }
                }
                guard interval.addMicros(sign < 0 ? -micros : micros) else { return nil }
                sawAny = true
                continue
            }
            var amount = Double(whole)
            if s.take(UInt8(ascii: ".")) {
                guard let nanos = s.fraction() else { return nil }
                amount += Double(nanos) / 1e9
            }
            amount *= sign
            s.skipSpaces()
            let wordStart = s.index
            while !s.atEnd, (s.peek | 0x20) >= 0x61, (s.peek | 0x20) <= 0x7A { s.index += 1 }
            guard s.index > wordStart, s.index - wordStart <= 16 else { return nil }
            var word = ""
            for b in UnsafeBufferPointer(rebasing: text[wordStart..<s.index]) { word.unicodeScalars.append(Unicode.Scalar(b | 0x20)) }
            guard let unit = units[word], abs(amount) < countLimit, interval.add(amount, unit) else { return nil }
            sawAny = true
        }
        return sawAny ? interval : nil
    }

    private enum Unit { case months(Double), days(Double), micros(Double) }

    private static let units: [String: Unit] = {
        var units: [String: Unit] = [:]
        func add(_ unit: Unit, _ names: [String]) { for n in names { units[n] = unit } }
        add(.months(12_000), ["millennium", "millennia", "millenniums", "mil", "mils"])
        add(.months(1200), ["century", "centuries", "cent", "c"])
        add(.months(120), ["decade", "decades", "dec", "decs"])
        add(.months(12), ["year", "years", "y", "yr", "yrs"])
        add(.months(3), ["quarter", "quarters"])
        add(.months(1), ["month", "months", "mon", "mons"])
        add(.days(7), ["week", "weeks", "w"])
        add(.days(1), ["day", "days", "d"])
        add(.micros(3_600_000_000), ["hour", "hours", "h", "hr", "hrs"])
        add(.micros(60_000_000), ["minute", "minutes", "m", "min", "mins"])
        add(.micros(1_000_000), ["second", "seconds", "s", "sec", "secs"])
        add(.micros(1000), ["millisecond", "milliseconds", "ms", "msec", "msecs"])
        add(.micros(1), ["microsecond", "microseconds", "us", "usec", "usecs"])
        return units
    }()

    /// Adds `amount` of a unit; fractions of months become days of 30, fractions of days
    /// microseconds (as DuckDB). false when a field would leave its range.
    private mutating func add(_ amount: Double, _ unit: Unit) -> Bool {
        switch unit {
        case .months(let factor):
            let total = amount * factor
            let whole = total.rounded(.towardZero)
            guard let m = Self.exact(whole) else { return false }
            let (sum, overflow) = months.addingReportingOverflow(m)
            guard !overflow else { return false }
            months = sum
            return addDays((total - whole) * 30)
        case .days(let factor): return addDays(amount * factor)
        case .micros(let factor):
            guard let m = Self.exact((amount * factor).rounded(.towardZero)) else { return false }
            return addMicros(m)
        }
    }

    private mutating func addDays(_ amount: Double) -> Bool {
        let whole = amount.rounded(.towardZero)
        guard let d = Self.exact(whole), let m = Self.exact(((amount - whole) * 86_400e6).rounded()) else { return false }
        let (sum, overflow) = days.addingReportingOverflow(d)
        guard !overflow else { return false }
        days = sum
        return addMicros(m)
    }

    mutating func addMicros(_ m: Int64) -> Bool {
        let (sum, overflow) = micros.addingReportingOverflow(m)
        guard !overflow else { return false }
        micros = sum
        return true
    }

    /// `value` as an int64 when it lies well inside the range (no trap on conversion).
    private static func exact(_ value: Double) -> Int64? {
        guard value.isFinite, abs(value) < 9.0e18 else { return nil }
        return Int64(value)
    }

    /// DuckDB's text of the interval: `1 year 2 months 3 days 04:05:06.5`, `-02:30:00`,
    /// `00:00:00` for nothing.
    var text: String {
        var parts: [String] = []
        func unit(_ value: Int64, _ name: String) {
            if value != 0 { parts.append("\(value) \(name)" + (value == 1 || value == -1 ? "" : "s")) }
        }
        unit(months / 12, "year")
        unit(months % 12, "month")
        unit(days, "day")
        if micros != 0 || parts.isEmpty {
            let m = micros.magnitude
            let hours = m / 3_600_000_000
            let minutes = m / 60_000_000 % 60
            let seconds = m / 1_000_000 % 60
            parts.append((micros < 0 ? "-" : "") + DateText.pad(Int64(hours), 2) + ":" + DateText.pad(Int64(minutes), 2)
                         + ":" + DateText.pad(Int64(seconds), 2) + DateText.fraction(micros: Int64(m % 1_000_000)))
        }
        return parts.joined(separator: " ")
    }

    /// `time` plus the interval as DuckDB adds it: the months first (the day cut to the last
    /// of the month: January 31 + 1 month is February 29 in 2024), then the days, then the
    /// microseconds. nil out of range.
    func added(to time: SqleanTime) -> SqleanTime? {
        var t = time
        if months != 0 {
            let f = CivilCalendar.fields(t)
            let (total, overflow) = (f.year * 12 + Int64(f.month - 1)).addingReportingOverflow(months)
            guard !overflow else { return nil }
            let year = CivilCalendar.floorDivide(total, 12), month = Int(CivilCalendar.floorModulo(total, 12)) + 1
            guard abs(year) <= DateArguments.yearLimit * 2 else { return nil }
            let day = min(Int64(f.day), DateText.daysInMonth(year, month))
            guard let moved = CivilCalendar.time(year: year, month: Int64(month), day: day, hour: Int64(f.hour),
                                                 minute: Int64(f.minute), second: Int64(f.second),
                                                 nanosecond: Int64(f.nanosecond)) else { return nil }
            t = moved
        }
        let (daySeconds, o1) = days.multipliedReportingOverflow(by: CivilCalendar.secondsPerDay)
        guard !o1, let withDays = t.adding(seconds: daySeconds) else { return nil }
        let (nanos, o2) = micros.multipliedReportingOverflow(by: 1000)
        guard !o2 else { return nil }
        return withDays.adding(nanoseconds: nanos)
    }

    /// DuckDB's age(a, b): a - b as years, months, days and a clock, each field taken
    /// separately and borrowed from the next larger one (PostgreSQL's rule), negative when a
    /// is before b.
    static func age(_ a: SqleanTime, _ b: SqleanTime) -> DateInterval {
        let f1 = CivilCalendar.fields(a), f2 = CivilCalendar.fields(b)
        var years = f1.year - f2.year
        var months = Int64(f1.month - f2.month)
        var days = Int64(f1.day - f2.day)
        var hours = Int64(f1.hour - f2.hour)
        var minutes = Int64(f1.minute - f2.minute)
        var seconds = Int64(f1.second - f2.second)
        var micros = Int64(f1.nanosecond / 1000) - Int64(f2.nanosecond / 1000)
        let flipped = a < b
        if flipped {
            years = -years; months = -months; days = -days; hours = -hours
            minutes = -minutes; seconds = -seconds; micros = -micros
        }
        while micros < 0 { micros += 1_000_000; seconds -= 1 }
        while seconds < 0 { seconds += 60; minutes -= 1 }
        while minutes < 0 { minutes += 60; hours -= 1 }
        while hours < 0 { hours += 24; days -= 1 }
        while days < 0 {
            days += flipped ? DateText.daysInMonth(f1.year, f1.month) : DateText.daysInMonth(f2.year, f2.month)
            months -= 1
        }
        while months < 0 { months += 12; years -= 1 }
        var interval = DateInterval(months: years * 12 + months, days: days,
                                    micros: ((hours * 60 + minutes) * 60 + seconds) * 1_000_000 + micros)
        if flipped { interval = DateInterval(months: -interval.months, days: -interval.days, micros: -interval.micros) }
        return interval
    }
}
