import SQLshCore

/// The bodies of DuckDB's date functions on ISO text, Unix numbers and time blobs, answering
/// in the kind they were given (see ``DateKind``). The time pack's entries of the names sqlean
/// owns (date_trunc, date_part, date_add, age, make_timestamp, to_timestamp) call them for
/// arguments that are not time blobs; the duckdb pack's date entries call them for every
/// argument.
enum DateFunctions {
    typealias Body = @Sendable (Arguments, ResultContext) throws -> Void

    /// A body that answers NULL when any argument is NULL, else runs `body`.
    static func nullable(_ body: @escaping Body) -> Body {
        { arguments, result in
            if DateArguments.hasNull(arguments) { return result.setNull() }
            try body(arguments, result)
        }
    }

    /// The body of a name both sqlean's time pack and DuckDB have: `sqlean` when argument
    /// `index` is a time blob (unless argument `textAt` is text, which only DuckDB's form
    /// reads), else `duckdb`, which reads ISO text and Unix numbers.
    static func byArgumentKind(blobAt index: Int, unlessTextAt textAt: Int? = nil,
                               sqlean: @escaping Body, duckdb: @escaping Body) -> Body {
        { arguments, result in
            if arguments[index].storageType == .blob, textAt.map({ arguments[$0].storageType != .text }) ?? true {
                try sqlean(arguments, result)
            } else {
                try duckdb(arguments, result)
            }
        }
    }

    /// The date of argument `index` (not NULL: the bodies are ``nullable(_:)``).
    static func date(_ arguments: Arguments, _ index: Int, _ function: StaticString) throws -> DateArgument {
        guard let value = try DateArguments.read(arguments[index], function) else { throw DateError("\(function)(): NULL") }
        return value
    }

    static let trunc: Body = nullable { a, r in
        let part = try DatePart.named(try DateArguments.text(a, 0, "date_trunc", what: "part"))
        let x = try date(a, 1, "date_trunc")
        try DateArguments.setTimestamp(try part.truncate(x.time, "date_trunc"), x.kind, r, "date_trunc")
    }

    static func part(_ name: StaticString) -> Body {
        nullable { a, r in
            let part = try DatePart.named(try DateArguments.text(a, 0, name, what: "part"))
            part.setValue(of: try date(a, 1, name).time, r)
        }
    }

    static let datePart = part("date_part")
    static let datepart = part("datepart")
    static let dateDiff = diff("date_diff")
    static let datediff = diff("datediff")

    static func diff(_ name: StaticString) -> Body {
        nullable { a, r in
            let part = try DatePart.named(try DateArguments.text(a, 0, name, what: "part"))
            let start = try date(a, 1, name), end = try date(a, 2, name)
            r.set(try part.difference(from: start.time, to: end.time, name))
        }
    }

    /// date_add(x, interval | days).
    static let add: Body = nullable { a, r in
        let x = try date(a, 0, "date_add")
        let amount = a[1]
        switch amount.storageType {
        case .integer:
            let days = amount.int64
            guard days.magnitude < 200_000_000, let sum = x.time.adding(seconds: days * CivilCalendar.secondsPerDay) else {
                throw DateError.outOfRange("date_add")
            }
            if x.kind == .date { return try DateArguments.setDate(sum, .date, r, "date_add") }
            try DateArguments.setTimestamp(sum, x.kind, r, "date_add")
        case .text:
            let text = amount.textBytes
            guard let interval = DateInterval.parse(text) else {
                throw DateError("date_add(): \(DateText.quoted(text)) is not an interval (such as '1 day', '3 months', '-2 hours' or '01:30:00')")
            }
            guard let sum = interval.added(to: x.time) else { throw DateError.outOfRange("date_add") }
            try DateArguments.setTimestamp(sum, x.kind, r, "date_add")
        default:
            throw DateError("date_add(): the interval must be text such as '1 day' or '3 months', or an integer of days")
        }
    }

    /// age(a, b) and age(a): DuckDB's interval text (age(a) counts from today's midnight).
    static let age: Body = nullable { a, r in
        if a.count == 1 {
            let x = try date(a, 0, "age")
            let today = DateArguments.midnight(TimeConstructors.now())
            if x.kind == .blob { return r.set(today.nanoseconds(since: x.time)) }
            return r.set(DateInterval.age(today, x.time).text)
        }
        let x = try date(a, 0, "age"), y = try date(a, 1, "age")
        r.set(DateInterval.age(x.time, y.time).text)
    }

    static let dayname: Body = nullable { a, r in
        let t = try date(a, 0, "dayname").time
        let name = DateStrptime.weekdays[CivilCalendar.weekday(dayNumber: CivilCalendar.dayNumber(t))]
        r.set(name.prefix(1).uppercased() + name.dropFirst())
    }

    static let monthname: Body = nullable { a, r in
        let t = try date(a, 0, "monthname").time
        let name = DateStrptime.months[CivilCalendar.fields(t).month - 1]
        r.set(name.prefix(1).uppercased() + name.dropFirst())
    }

    static let lastDay: Body = nullable { a, r in
        let x = try date(a, 0, "last_day")
        let f = CivilCalendar.fields(x.time)
        guard let last = CivilCalendar.time(year: f.year, month: Int64(f.month),
                                            day: DateText.daysInMonth(f.year, f.month)) else {
            throw DateError.outOfRange("last_day")
        }
        try DateArguments.setDate(last, x.kind, r, "last_day")
    }

    static let epoch: Body = nullable { a, r in
        let x = try date(a, 0, "epoch")
        r.set(x.kind == .blob ? x.time.unixReal : Double(DateArguments.unixMicros(x.time)) / 1e6)
    }

    /// epoch_ms(time) gives milliseconds; epoch_ms(number) the time that many milliseconds
    /// after 1970, as a time blob.
    static let epochMs: Body = nullable { a, r in
        let value = a[0]
        switch value.storageType {
        case .integer:
            guard let time = SqleanTime(unixCount: value.int64, unit: 1_000_000) else { throw DateError.outOfRange("epoch_ms") }
            r.setTime(try DateArguments.inRange(time, "epoch_ms"))
        case .real:
            r.setTime(try DateArguments.unixTime(value.double / 1000, "epoch_ms"))
        default:
            let x = try date(a, 0, "epoch_ms")
            r.set(CivilCalendar.floorDivide(DateArguments.unixMicros(x.time), 1000))
        }
    }

    /// to_timestamp(real): the time blob that many seconds after 1970, to the microsecond.
    static let toTimestampReal: Body = { a, r in
        r.setTime(try DateArguments.unixTime(a[0].double, "to_timestamp"))
    }

    /// make_timestamp(microseconds).
    static let makeTimestampMicros: Body = nullable { a, r in
        let value = a[0]
        guard value.storageType == .integer else {
            throw DateError("make_timestamp(): the microseconds must be an integer")
        }
        guard let time = SqleanTime(unixCount: value.int64, unit: 1000) else { throw DateError.outOfRange("make_timestamp") }
        r.setTime(try DateArguments.inRange(time, "make_timestamp"))
    }

    /// make_timestamp(y, mo, d, h, mi, s) with a real s: the seconds to the microsecond.
    static let makeTimestampReal: Body = nullable { a, r in
        for i in 0..<5 where a[i].storageType != .integer { throw TimeError("all parameters should be integers") }
        let seconds = a[5].double
        guard seconds.isFinite, abs(seconds) < 9e12 else { throw DateError.outOfRange("make_timestamp") }
        let micros = Int64((seconds * 1e6).rounded())
        guard let time = CivilCalendar.time(
            year: a[0].int64, month: a[1].int64, day: a[2].int64, hour: a[3].int64, minute: a[4].int64,
            second: CivilCalendar.floorDivide(micros, 1_000_000),
            nanosecond: CivilCalendar.floorModulo(micros, 1_000_000) * 1000) else { throw TimeError.outOfRange }
        r.setTime(time)
    }

    /// make_time(h, m, s): DuckDB's TIME text.
    static let makeTime: Body = nullable { a, r in
        guard a[0].storageType == .integer, a[1].storageType == .integer,
              a[2].storageType == .integer || a[2].storageType == .real else {
            throw DateError("make_time(): the hour and minute must be integers, the second a number")
        }
        let h = a[0].int64, m = a[1].int64, s = a[2].double
        guard (0...23).contains(h), (0...59).contains(m), s >= 0, s < 60 else {
            throw DateError("make_time(): time out of range: \(h):\(m):\(s.isFinite ? String(s) : "?")")
        }
        let micros = min(Int64((s * 1e6).rounded()), 59_999_999)
        let f = CivilCalendar.Fields(year: 1, month: 1, day: 1, hour: Int(h), minute: Int(m), second: Int(micros / 1_000_000),
                                     nanosecond: Int32(micros % 1_000_000) * 1000, dayNumber: 0, yearday: 1)
        r.set(DateText.clock(f))
    }

    static let strptime: Body = nullable { a, r in
        let text = try DateArguments.text(a, 0, "strptime", what: "text to read")
        let format = try DateArguments.text(a, 1, "strptime", what: "format")
        let time = try DateArguments.inRange(try DateStrptime.parse(text, format: format), "strptime")
        DateText.setText(time, layout: .timestamp, r)
    }

    static let today: Body = { _, r in
        DateText.setText(TimeConstructors.now(), layout: .date, r)
    }
}
