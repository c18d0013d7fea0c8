import SQLshCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Functions that make time values: the current time, a date and clock, Unix time.
enum TimeConstructors {
    /// The current time from the system clock (nanosecond resolution where it offers it).
    static func now() -> SqleanTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return SqleanTime(unixSeconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec)) ?? .zero
    }

    static let timeNow = TimeCatalog.entry(
        "time_now", counts: [0], arguments: "", flags: .innocuous,
        summary: "the current time (UTC) as a time value",
        details: """
            time_now() returns the current UTC time, with the nanoseconds the system clock gives, \
            as a 13-byte time blob (sqlean's encoding). It reads the clock on every call, so it is \
            not deterministic: it cannot appear in an index or a CHECK constraint.
            """,
        example: "select time_after(time_now(), time_date(2024, 1, 1));  -- 1",
        body: nowBody)

    static let nowAlias = TimeCatalog.alias("now", of: timeNow, counts: [0], body: nowBody)

    /// time_now() and now(): one closure (two identical ones were merged by the compiler
    /// behind a thunk, about 12 instructions a call).
    static let nowBody: TimeCatalog.Body = { _, result in result.setTime(now()) }

    /// time_date(y, mo, d[, h, mi, s[, ns[, offset]]]).
    static let date: TimeCatalog.Body = { arguments, result in
        guard try TimeArguments.requireIntegers(arguments, result) else { return }
        func value(_ i: Int) -> Int64 { i < arguments.count ? arguments[i].int64 : 0 }
        guard let time = CivilCalendar.time(year: value(0), month: value(1), day: value(2), hour: value(3), minute: value(4),
                                            second: value(5), nanosecond: value(6), offset: value(7)) else {
            throw TimeError.outOfRange
        }
        result.setTime(time)
    }

    static let timeDate = TimeCatalog.entry(
        "time_date", counts: [3, 6, 7, 8], arguments: "year, month, day[, hour, minute, second[, nanosecond[, offset]]]",
        summary: "the time of a date and clock, normalised as Go's time.Date (October 32 is November 1)",
        details: """
            time_date(year, month, day[, hour, minute, second[, nanosecond[, offset]]]) returns \
            the time value of that date and clock. Fields may lie outside their usual ranges and \
            are normalised: month 13 is January of the next year, October 32 is November 1, 61 \
            seconds carry into the minute, negative values borrow. offset is the zone's distance \
            east of UTC in seconds: it is subtracted, turning local time into UTC. Every argument \
            must be stored as an integer ("all parameters should be integers"); NULL gives NULL. \
            sqlsh reads the arguments as 64-bit integers (sqlean cuts them to 32 bits) and fails \
            with "time value out of range" beyond about 292 billion years.
            """,
        example: "select time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 666777888, 3*3600));  -- '2011-11-18T12:56:35.666777888Z'",
        body: date)

    static let makeDate = TimeCatalog.entry(
        "make_date", counts: [3], arguments: "year, month, day",
        summary: "the time of a date at midnight UTC (Postgres name; time_date with 3 arguments)",
        details: """
            make_date(year, month, day) is time_date(year, month, day): midnight UTC of that \
            date, fields normalised (February 30 is March 1 or 2). Integers only ("all \
            parameters should be integers"); NULL gives NULL.
            """,
        example: "select time_fmt_date(make_date(2011, 2, 30));  -- '2011-03-02'",
        body: date)

    static let makeTimestamp = TimeCatalog.entry(
        "make_timestamp", counts: [1, 6], arguments: "year, month, day, hour, minute, second | microseconds",
        summary: "the time of a date and clock in UTC, or of Unix microseconds (DuckDB; time_date with 6 arguments)",
        details: """
            make_timestamp(year, month, day, hour, minute, second) is time_date with the same \
            six arguments: fields normalised, UTC, a time blob back. The first five must be \
            integers ("all parameters should be integers"); second may be a real, kept to the \
            microsecond (DuckDB's make_timestamp(2024, 3, 21, 10, 11, 12.5)). \
            make_timestamp(microseconds) is the time that many microseconds after 1970 (DuckDB). \
            NULL gives NULL.
            """,
        example: "select time_fmt_iso(make_timestamp(2011, 11, 18, 15, 56, 35.25));  -- '2011-11-18T15:56:35.250000000Z'",
        body: { arguments, result in
            if arguments.count == 1 { return try DateFunctions.makeTimestampMicros(arguments, result) }
            if arguments[5].storageType == .real { return try DateFunctions.makeTimestampReal(arguments, result) }
            try date(arguments, result)
        })

    /// time_unix(sec[, nsec]).
    static let unix: TimeCatalog.Body = { arguments, result in
        guard try TimeArguments.requireIntegers(arguments, result) else { return }
        let seconds = arguments[0].int64
        let nanos = arguments.count > 1 ? arguments[1].int64 : 0
        guard let time = SqleanTime(unixSeconds: seconds, nanoseconds: nanos) else { throw TimeError.outOfRange }
        result.setTime(time)
    }

    static let timeUnix = TimeCatalog.entry(
        "time_unix", counts: [1, 2], arguments: "seconds[, nanoseconds]",
        summary: "the time a number of Unix seconds (and nanoseconds) after 1970-01-01T00:00:00Z",
        details: """
            time_unix(seconds[, nanoseconds]) returns the time value that many seconds and \
            nanoseconds after the Unix epoch. Negative values count back; nanoseconds outside \
            0-999999999 carry into the seconds. Integers only ("all parameters should be \
            integers"; a real such as 1.5 is refused); NULL gives NULL.
            """,
        example: "select time_fmt_iso(time_unix(1321631795, 666777888));  -- '2011-11-18T15:56:35.666777888Z'",
        body: unix)

    static let toTimestamp = TimeCatalog.entry(
        "to_timestamp", counts: [1], arguments: "seconds",
        summary: "the time a number of Unix seconds after 1970, as a time blob (Postgres, DuckDB; time_unix with 1 argument)",
        details: """
            to_timestamp(seconds) is time_unix(seconds) for an integer; a real is kept to the \
            microsecond, as DuckDB does (to_timestamp(1.5) is 1970-01-01 00:00:01.5). Other types \
            are refused ("all parameters should be integers"). The answer is a time blob (shown \
            as an ISO timestamp at the prompt). NULL gives NULL.
            """,
        example: "select time_fmt_iso(to_timestamp(1321631795.25));  -- '2011-11-18T15:56:35.250000000Z'",
        body: { arguments, result in
            if arguments[0].storageType == .real { return try DateFunctions.toTimestampReal(arguments, result) }
            try unix(arguments, result)
        })

    /// Sets the time of argument 0, a count of `unit` nanoseconds since 1970. Each function
    /// calls it with its unit as a literal (see ``TimeArithmetic/setCount(_:_:unit:word:)``).
    static func setTime(_ arguments: Arguments, _ result: ResultContext, unitCount unit: Int64) throws {
        guard let count = try TimeArguments.integer(arguments, 0, .only, result) else { return }
        guard let time = SqleanTime(unixCount: count, unit: unit) else { throw TimeError.outOfRange }
        result.setTime(time)
    }

    static func unitEntry(_ name: String, word: String, example: String, body: @escaping TimeCatalog.Body) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [1], arguments: word,
            summary: "the time a number of Unix \(word) after 1970-01-01T00:00:00Z",
            details: """
                \(name)(\(word)) returns the time value that many \(word) after the Unix epoch \
                (negative values count back, exactly). The argument must be stored as an \
                integer ("parameter should be an integer"); NULL gives NULL.
                """,
            example: example, body: body)
    }

    static let timeMilli = unitEntry("time_milli", word: "milliseconds",
                                     example: "select time_fmt_iso(time_milli(1321631795666));  -- '2011-11-18T15:56:35.666000000Z'") { a, r in
        try setTime(a, r, unitCount: 1_000_000)
    }
    static let timeMicro = unitEntry("time_micro", word: "microseconds",
                                     example: "select time_fmt_iso(time_micro(1321631795666777));  -- '2011-11-18T15:56:35.666777000Z'") { a, r in
        try setTime(a, r, unitCount: 1000)
    }
    static let timeNano = unitEntry("time_nano", word: "nanoseconds",
                                    example: "select time_fmt_iso(time_nano(1321631795666777888));  -- '2011-11-18T15:56:35.666777888Z'") { a, r in
        try setTime(a, r, unitCount: 1)
    }
}
