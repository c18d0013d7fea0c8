import SQLshCore

/// Unix conversion, comparison and arithmetic on time values.
enum TimeArithmetic {
    // MARK: Unix time

    /// A `time_to_*` entry; `body` calls ``setCount(_:_:unit:word:)`` with its unit.
    static func toUnit(_ name: String, word: String, range: String, example: String,
                       body: @escaping TimeCatalog.Body) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [1], arguments: "t",
            summary: "a time as Unix \(word) since 1970-01-01T00:00:00Z",
            details: """
                \(name)(t) returns the number of \(word) from the Unix epoch to the time value t, \
                rounded down (exact for times before 1970 too). \(range)t must be a 13-byte time \
                blob ("parameter should be a time blob", "invalid time blob size"); NULL gives NULL.
                """,
            example: example,
            body: body)
    }

    /// Sets the Unix count of argument 0 in units of `unit` nanoseconds. Each function calls
    /// it with its unit as a literal, so that the unit is a constant here: a body made by
    /// ``toUnit`` capturing the unit cost a closure context, its thunk and a switch on the
    /// unit, about 30 instructions a row.
    static func setCount(_ arguments: Arguments, _ result: ResultContext, unit: Int64, word: StaticString) throws {
        guard let time = try TimeArguments.time(arguments, 0, .only, result) else { return }
        guard let count = time.unixCount(unit: unit) else {
            throw TimeError("integer overflow: the time is too far from 1970 for \(word)")
        }
        result.set(count)
    }

    static let toUnix = toUnit("time_to_unix", word: "seconds", range: "",
                               example: "select time_to_unix(time_date(2011, 11, 18, 15, 56, 35));  -- 1321631795") { a, r in
        try setCount(a, r, unit: 1_000_000_000, word: "seconds")
    }
    static let toMilli = toUnit(
        "time_to_milli", word: "milliseconds",
        range: "Beyond about 292 million years from 1970 the count does not fit an integer: sqlean wraps around silently, sqlsh fails with \"integer overflow\". ",
        example: "select time_to_milli(time_unix(1321631795, 666777888));  -- 1321631795666") { a, r in
        try setCount(a, r, unit: 1_000_000, word: "milliseconds")
    }
    static let toMicro = toUnit(
        "time_to_micro", word: "microseconds",
        range: "Outside the years -290307 to 294246 the count does not fit an integer: sqlean wraps around silently, sqlsh fails with \"integer overflow\". ",
        example: "select time_to_micro(time_unix(1321631795, 666777888));  -- 1321631795666777") { a, r in
        try setCount(a, r, unit: 1000, word: "microseconds")
    }
    static let toNano = toUnit(
        "time_to_nano", word: "nanoseconds",
        range: "Outside 1677-09-21 to 2262-04-11 the count does not fit an integer: sqlean wraps around silently, sqlsh fails with \"integer overflow\". ",
        example: "select time_to_nano(time_unix(1321631795, 666777888));  -- 1321631795666777888") { a, r in
        try setCount(a, r, unit: 1, word: "nanoseconds")
    }

    // MARK: Comparison

    /// A comparison entry; `body` reads the two times with ``times(_:_:)``.
    static func comparison(_ name: String, summary: String, what: String, example: String,
                           body: @escaping TimeCatalog.Body) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [2], arguments: "t, u",
            summary: summary,
            details: """
                \(name)(t, u) returns \(what). Both must be 13-byte time blobs ("1st parameter: \
                should be a time blob", "2nd parameter: invalid time blob size"...); NULL gives NULL.
                """,
            example: example,
            body: body)
    }

    /// The two time values of a comparison or a difference; nil when the call has a NULL
    /// argument (the result is then NULL). Each function compares in its own body: a shared
    /// body calling a comparison closure cost an indirect call a row.
    static func times(_ arguments: Arguments, _ result: ResultContext) throws -> (t: SqleanTime, u: SqleanTime)? {
        guard let t = try TimeArguments.time(arguments, 0, .first, result),
              let u = try TimeArguments.time(arguments, 1, .second, result) else { return nil }
        return (t, u)
    }

    static let after = comparison("time_after", summary: "1 if time t is after time u, else 0",
                                  what: "1 when the instant t is after u, else 0",
                                  example: "select time_after(time_date(2011, 11, 19), time_date(2011, 11, 18));  -- 1") { a, r in
        if let (t, u) = try times(a, r) { r.set(t > u ? 1 : 0) }
    }
    static let before = comparison("time_before", summary: "1 if time t is before time u, else 0",
                                   what: "1 when the instant t is before u, else 0",
                                   example: "select time_before(time_date(2011, 11, 19), time_date(2011, 11, 18));  -- 0") { a, r in
        if let (t, u) = try times(a, r) { r.set(t < u ? 1 : 0) }
    }
    static let compare = comparison("time_compare", summary: "-1, 0 or 1 as time t is before, equal to or after time u",
                                    what: "-1 when t is before u, 0 when they are the same instant, 1 when t is after u",
                                    example: "select time_compare(time_date(2011, 11, 18), time_date(2011, 11, 19));  -- -1") { a, r in
        if let (t, u) = try times(a, r) { r.set(t < u ? -1 : (t == u ? 0 : 1)) }
    }
    static let equal = comparison("time_equal", summary: "1 if times t and u are the same instant, else 0",
                                  what: "1 when t and u are the same instant (to the nanosecond), else 0",
                                  example: "select time_equal(time_unix(0), time_date(1970, 1, 1));  -- 1") { a, r in
        if let (t, u) = try times(a, r) { r.set(t == u ? 1 : 0) }
    }

    // MARK: Durations

    static let add: TimeCatalog.Body = { arguments, result in
        guard let time = try TimeArguments.time(arguments, 0, .first, result),
              let duration = try TimeArguments.integer(arguments, 1, .second, result) else { return }
        guard let sum = time.adding(nanoseconds: duration) else { throw TimeError.outOfRange }
        result.setTime(sum)
    }

    static let timeAdd = TimeCatalog.entry(
        "time_add", counts: [2], arguments: "t, duration",
        summary: "a time plus a duration in nanoseconds (negative to go back)",
        details: """
            time_add(t, d) returns the time value t plus d nanoseconds; build d from the dur_* \
            constants (24*dur_h() is a day of 24 hours). For calendar days, months and years use \
            time_add_date. t must be a time blob, d an integer ("2nd parameter: should be an \
            integer"); NULL gives NULL. sqlean wraps around past the int64 range of seconds; \
            sqlsh fails with "time value out of range".
            """,
        example: "select time_fmt_iso(time_add(time_date(2011, 11, 18), 5*dur_m() + 30*dur_s()));  -- '2011-11-18T00:05:30Z'",
        body: add)

    static let dateAdd = TimeCatalog.entry(
        "date_add", counts: [2], arguments: "t, interval | days | duration",
        summary: "a date or time plus an interval ('1 month', '2 hours') or days (DuckDB); sqlean's time_add for blobs",
        details: """
            date_add(t, x) adds x to t. For a time blob t and an integer x it is sqlean's \
            time_add: x nanoseconds (build them from the dur_* constants), a time blob back \
            ("2nd parameter: should be an integer"). Otherwise it is DuckDB's: x is an interval \
            as text, \(DateDocs.intervals) or an integer of days. The months are added first, \
            the day cut to the month's last (2024-01-31 plus '1 month' is 2024-02-29), then the \
            days, then the clock. The answer is in t's kind: DuckDB's TIMESTAMP text for text \
            (DATE text for a date plus whole days, as DuckDB), Unix seconds for a number, a time \
            blob for a blob. \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select date_add('2024-01-31', '1 month');  -- '2024-02-29 00:00:00'",
        body: DateFunctions.byArgumentKind(blobAt: 0, unlessTextAt: 1, sqlean: add, duckdb: DateFunctions.add))

    static let sub: TimeCatalog.Body = { arguments, result in
        guard let (t, u) = try times(arguments, result) else { return }
        result.set(t.nanoseconds(since: u))
    }

    static let timeSub = TimeCatalog.entry(
        "time_sub", counts: [2], arguments: "t, u",
        summary: "the duration t - u in nanoseconds, saturating at about ±292 years",
        details: """
            time_sub(t, u) returns t minus u in nanoseconds. A difference beyond the int64 range \
            (about 292 years) gives the largest or smallest int64, as in sqlean and Go. Both \
            must be time blobs; NULL gives NULL.
            """,
        example: "select time_sub(time_date(2011, 11, 19), time_date(2011, 11, 18));  -- 86400000000000",
        body: sub)

    static let age = CatalogFunction(
        arguments: "t[, u]",
        summary: "the interval from u to t as DuckDB's text ('4 years 2 months 5 days 14:00:00'); sqlean's time_sub for blobs",
        details: """
            age(t, u) for time blobs is sqlean's time_sub(t, u): nanoseconds, saturating at \
            about ±292 years. For ISO text or Unix seconds it is DuckDB's: the years, months, \
            days and clock from u to t, each field taken apart and borrowed from the next larger \
            (PostgreSQL's rule), as DuckDB's interval text ('1 month 1 day', '-02:30:00', \
            '00:00:00'). age(t) counts from today's midnight (UTC) to t: not deterministic. \
            \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select age('2024-03-21', '2020-01-15 10:00:00');  -- '4 years 2 months 5 days 14:00:00'",
        functions: {
            // age(t) reads the clock; age(t, u) is deterministic, as sqlean's.
            [TimeCatalog.registration("age", 1, .innocuous, DateFunctions.age),
             TimeCatalog.registration("age", 2, .pure, ageBody)]
        })

    static let ageBody: TimeCatalog.Body = DateFunctions.byArgumentKind(blobAt: 0, sqlean: sub, duckdb: DateFunctions.age)

    static let timeSince = TimeCatalog.entry(
        "time_since", counts: [1], arguments: "t", flags: .innocuous,
        summary: "the nanoseconds elapsed since time t (time_sub(time_now(), t))",
        details: """
            time_since(t) is time_sub(time_now(), t): nanoseconds from t to now, negative for a \
            time in the future, saturating beyond about 292 years. Not deterministic. t must be \
            a time blob ("parameter should be a time blob"); NULL gives NULL.
            """,
        example: "select time_since(time_now()) between 0 and dur_s();  -- 1",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .only, result) else { return }
            result.set(TimeConstructors.now().nanoseconds(since: time))
        })

    static let timeUntil = TimeCatalog.entry(
        "time_until", counts: [1], arguments: "t", flags: .innocuous,
        summary: "the nanoseconds from now until time t (time_sub(t, time_now()))",
        details: """
            time_until(t) is time_sub(t, time_now()): nanoseconds from now to t, negative for a \
            time in the past, saturating beyond about 292 years. Not deterministic. t must be a \
            time blob ("parameter should be a time blob"); NULL gives NULL.
            """,
        example: "select time_until(time_date(2000, 1, 1)) < 0;  -- 1",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .only, result) else { return }
            result.set(time.nanoseconds(since: TimeConstructors.now()))
        })

    static let timeAddDate = TimeCatalog.entry(
        "time_add_date", counts: [2, 3, 4], arguments: "t, years[, months[, days]]",
        summary: "a time plus calendar years, months and days, normalised (Oct 31 + 1 month = Dec 1)",
        details: """
            time_add_date(t, years[, months[, days]]) adds the years, months and days to t's \
            date (in UTC) and normalises as time_date does: adding one month to October 31 gives \
            December 1 (November 31 normalised), and 2012-02-29 plus one year is 2013-03-01. The \
            clock and nanoseconds are kept. Use negative values to go back. The counts must be \
            integers ("2nd parameter: should be an integer", "3rd ...", "4th ..."); NULL gives \
            NULL. sqlsh reads them as 64-bit integers (sqlean: 32 bits) and fails with "time \
            value out of range" beyond about 292 billion years.
            """,
        example: "select time_fmt_date(time_add_date(time_date(2011, 10, 31), 0, 1));  -- '2011-12-01'",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .first, result),
                  let years = try TimeArguments.integer(arguments, 1, .second, result),
                  let months = arguments.count > 2 ? try TimeArguments.integer(arguments, 2, .third, result) : 0,
                  let days = arguments.count > 3 ? try TimeArguments.integer(arguments, 3, .fourth, result) : 0
            else { return }
            guard let sum = CivilCalendar.adding(years: years, months: months, days: days, to: time) else {
                throw TimeError.outOfRange
            }
            result.setTime(sum)
        })
}
