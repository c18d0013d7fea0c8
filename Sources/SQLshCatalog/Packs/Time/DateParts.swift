import SQLshCore

/// DuckDB's date part specifiers (`'year'`, `'month'`, `'dow'`...; case-insensitive, with
/// DuckDB's plurals and abbreviations) and what date_part, date_trunc and date_diff do with
/// each, as DuckDB does on a TIMESTAMP.
enum DatePart: Sendable {
    case millennium, century, decade, year, quarter, month, week, day, hour, minute, second
    case millisecond, microsecond, epoch, dow, isodow, doy, isoyear, yearweek, era, julian
    case timezone, timezoneHour, timezoneMinute

    /// Every name DuckDB accepts, lowercased.
    static let names: [String: DatePart] = {
        var names: [String: DatePart] = [:]
        func add(_ part: DatePart, _ list: [String]) { for n in list { names[n] = part } }
        add(.year, ["year", "y", "yr", "yrs", "years"])
        add(.month, ["month", "mon", "mons", "months"])
        add(.day, ["day", "days", "d", "dayofmonth"])
        add(.decade, ["decade", "dec", "decades", "decs"])
        add(.century, ["century", "cent", "centuries", "c"])
        add(.millennium, ["millennium", "mil", "millenniums", "millennia", "mils", "millenium"])
        add(.microsecond, ["microseconds", "microsecond", "us", "usec", "usecs", "usecond", "useconds"])
        add(.millisecond, ["milliseconds", "millisecond", "ms", "msec", "msecs", "msecond", "mseconds"])
        add(.second, ["second", "sec", "seconds", "secs", "s"])
        add(.minute, ["minute", "min", "minutes", "mins", "m"])
        add(.hour, ["hour", "hr", "hours", "hrs", "h"])
        add(.epoch, ["epoch"])
        add(.dow, ["dow", "dayofweek", "weekday"])
        add(.isodow, ["isodow"])
        add(.week, ["week", "weeks", "w", "weekofyear"])
        add(.doy, ["doy", "dayofyear"])
        add(.quarter, ["quarter", "quarters"])
        add(.yearweek, ["yearweek"])
        add(.isoyear, ["isoyear"])
        add(.era, ["era"])
        add(.julian, ["julian"])
        add(.timezone, ["timezone"])
        add(.timezoneHour, ["timezone_hour"])
        add(.timezoneMinute, ["timezone_minute"])
        return names
    }()

    /// A name of at most 16 bytes, lowercased, packed into two words (byte k at bits 8 * (k % 8)
    /// of word k / 8): compared without building a String or hashing one, as each row of
    /// `date_trunc('day', t)` reads its specifier again.
    struct PackedName: Comparable {
        var high: UInt64
        var low: UInt64

        /// The packed lowercase name, or nil for more than 16 bytes or a NUL byte (no name has
        /// either).
        init?<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
            high = 0
            low = 0
            var k = 0
            for b in bytes {
                guard k < 16, b != 0 else { return nil }
                let lower = UInt64(b >= 0x41 && b <= 0x5A ? b | 0x20 : b)
                if k < 8 { low |= lower << UInt64(8 * k) } else { high |= lower << UInt64(8 * (k - 8)) }
                k += 1
            }
        }

        static func < (a: PackedName, b: PackedName) -> Bool {
            a.high != b.high ? a.high < b.high : a.low < b.low
        }
    }

    /// Every name of ``names`` packed, sorted for a binary search.
    static let packedNames: [(name: PackedName, part: DatePart)] = names
        .compactMap { entry in PackedName(entry.key.utf8).map { (name: $0, part: entry.value) } }
        .sorted { $0.name < $1.name }

    /// The part a specifier names; DuckDB's error for any other text.
    static func named(_ text: UnsafeBufferPointer<UInt8>) throws -> DatePart {
        if let key = PackedName(text) {
            var lower = 0
            var upper = packedNames.count
            while lower < upper {
                let middle = lower + (upper - lower) / 2
                let candidate = packedNames[middle]
                if candidate.name == key { return candidate.part }
                if candidate.name < key { lower = middle + 1 } else { upper = middle }
            }
        }
        throw DateError("extract specifier \(DateText.quoted(text).replacingQuotes) not recognized")
    }

    // MARK: date_part

    /// Sets DuckDB's value of the part for `time`: an integer, or a real for epoch and julian.
    func setValue(of time: SqleanTime, _ result: ResultContext) {
        let f = CivilCalendar.fields(time)
        let y = f.year
        let micros = Int64(f.second) * 1_000_000 + Int64(f.nanosecond / 1000)
        switch self {
        case .year: result.set(y)
        case .month: result.set(f.month)
        case .day: result.set(f.day)
        case .hour: result.set(f.hour)
        case .minute: result.set(f.minute)
        case .second: result.set(f.second)
        case .millisecond: result.set(micros / 1000)
        case .microsecond: result.set(micros)
        case .epoch: result.set(Double(DateArguments.unixMicros(time)) / 1e6)
        case .dow: result.set(CivilCalendar.weekday(dayNumber: f.dayNumber))
        case .isodow:
            let w = CivilCalendar.weekday(dayNumber: f.dayNumber)
            result.set(w == 0 ? 7 : w)
        case .doy: result.set(f.yearday)
        case .week: result.set(CivilCalendar.isoWeek(dayNumber: f.dayNumber).week)
        case .isoyear: result.set(CivilCalendar.isoWeek(dayNumber: f.dayNumber).year)
        case .yearweek:
            let iso = CivilCalendar.isoWeek(dayNumber: f.dayNumber)
            result.set(iso.year * 100 + Int64(iso.week))
        case .quarter: result.set((f.month - 1) / 3 + 1)
        case .decade: result.set(y / 10)
        case .century: result.set(y > 0 ? (y - 1) / 100 + 1 : y / 100 - 1)
        case .millennium: result.set(y > 0 ? (y - 1) / 1000 + 1 : y / 1000 - 1)
        case .era: result.set(y > 0 ? 1 : 0)
        case .julian:
            let unixDays = f.dayNumber - CivilCalendar.dayNumber(year: 1970, month: 1, day: 1)
            let ofDay = Double(CivilCalendar.secondOfDay(time)) * 1e6 + Double(f.nanosecond / 1000)
            result.set(Double(unixDays + 2_440_588) + ofDay / 86_400e6)
        case .timezone, .timezoneHour, .timezoneMinute: result.set(0)
        }
    }

    // MARK: date_trunc

    /// The start of the part containing `time` (DuckDB's date_trunc): millennium, century and
    /// decade cut the year to a multiple of 1000, 100, 10; week and yearweek give the Monday;
    /// isoyear the Monday of ISO week 1; dow, isodow and doy the day; epoch the second.
    func truncate(_ time: SqleanTime, _ function: StaticString) throws -> SqleanTime {
        let f = CivilCalendar.fields(time)
        func date(_ year: Int64, _ month: Int64 = 1, _ day: Int64 = 1) throws -> SqleanTime {
            guard let t = CivilCalendar.time(year: year, month: month, day: day) else { throw DateError.outOfRange(function) }
            return t
        }
        let dayStart = SqleanTime(seconds: f.dayNumber * CivilCalendar.secondsPerDay, nanoseconds: 0)
        switch self {
        case .millennium: return try date(f.year / 1000 * 1000)
        case .century: return try date(f.year / 100 * 100)
        case .decade: return try date(f.year / 10 * 10)
        case .year: return try date(f.year)
        case .quarter: return try date(f.year, Int64((f.month - 1) / 3 * 3 + 1))
        case .month: return try date(f.year, Int64(f.month))
        case .week, .yearweek:
            let monday = f.dayNumber - CivilCalendar.floorModulo(f.dayNumber, 7)
            return SqleanTime(seconds: monday * CivilCalendar.secondsPerDay, nanoseconds: 0)
        case .isoyear:
            let iso = CivilCalendar.isoWeek(dayNumber: f.dayNumber)
            let jan4 = CivilCalendar.dayNumber(year: iso.year, month: 1, day: 4)
            let monday = jan4 - CivilCalendar.floorModulo(jan4, 7)
            return SqleanTime(seconds: monday * CivilCalendar.secondsPerDay, nanoseconds: 0)
        case .day, .dow, .isodow, .doy: return dayStart
        case .hour: return SqleanTime(seconds: time.seconds - Int64(f.minute * 60 + f.second), nanoseconds: 0)
        case .minute: return SqleanTime(seconds: time.seconds - Int64(f.second), nanoseconds: 0)
        case .second, .epoch: return SqleanTime(seconds: time.seconds, nanoseconds: 0)
        case .millisecond: return SqleanTime(seconds: time.seconds, nanoseconds: time.nanoseconds / 1_000_000 * 1_000_000)
        case .microsecond: return SqleanTime(seconds: time.seconds, nanoseconds: time.nanoseconds / 1000 * 1000)
        case .era, .julian, .timezone, .timezoneHour, .timezoneMinute:
            throw DateError("\(function)(): cannot truncate to the part \(self)")
        }
    }

    // MARK: date_diff

    /// DuckDB's date_diff(part, start, end): the number of part boundaries crossed from start
    /// to end (years, quarters, months, days, hours... of each), weeks as whole 7-day spans of
    /// days, negative when end is before start.
    func difference(from start: SqleanTime, to end: SqleanTime, _ function: StaticString) throws -> Int64 {
        let a = CivilCalendar.fields(start), b = CivilCalendar.fields(end)
        let ma = DateArguments.unixMicros(start), mb = DateArguments.unixMicros(end)
        func floorDiff(_ unit: Int64) -> Int64 {
            CivilCalendar.floorDivide(mb, unit) - CivilCalendar.floorDivide(ma, unit)
        }
        switch self {
        case .year: return b.year - a.year
        case .quarter: return (b.year * 4 + Int64((b.month - 1) / 3)) - (a.year * 4 + Int64((a.month - 1) / 3))
        case .month: return (b.year * 12 + Int64(b.month)) - (a.year * 12 + Int64(a.month))
        case .decade: return b.year / 10 - a.year / 10
        case .century: return b.year / 100 - a.year / 100
        case .millennium: return b.year / 1000 - a.year / 1000
        case .isoyear:
            return CivilCalendar.isoWeek(dayNumber: b.dayNumber).year - CivilCalendar.isoWeek(dayNumber: a.dayNumber).year
        case .week, .yearweek: return (b.dayNumber - a.dayNumber) / 7
        case .day, .dow, .isodow, .doy, .julian: return b.dayNumber - a.dayNumber
        case .hour: return floorDiff(3_600_000_000)
        case .minute: return floorDiff(60_000_000)
        case .second, .epoch: return floorDiff(1_000_000)
        case .millisecond: return floorDiff(1000)
        case .microsecond:
            let (d, overflow) = mb.subtractingReportingOverflow(ma)
            guard !overflow else { throw DateError("\(function)(): the difference in microseconds is out of range") }
            return d
        case .era, .timezone, .timezoneHour, .timezoneMinute:
            throw DateError("\(function)(): cannot count the part \(self)")
        }
    }
}

extension String {
    /// The text with its outer single quotes made double (DuckDB quotes names with `"`).
    var replacingQuotes: String {
        guard hasPrefix("'"), hasSuffix("'"), count >= 2 else { return self }
        return "\"" + dropFirst().dropLast() + "\""
    }
}
