import SQLshCore

/// Truncating and rounding time values, to a calendar field or to a multiple of a duration.
enum TimeRounding {
    static let fieldList = """
        Fields (exact, case-sensitive): millennium, century, decade (the year divided toward \
        zero), year, quarter, month, week (the Monday of the ISO week), day, hour, minute, \
        second, and milli... / micro... (any name starting so); other names: "unknown field".
        """

    static let durationRule = """
        a duration d (an integer of nanoseconds) rounds t down to a multiple of d counted from the \
        zero time 0001-01-01T00:00:00Z (a Monday, so 7*24*dur_h() truncates to Monday 00:00 \
        UTC); d <= 0 leaves t unchanged.
        """

    static let differences = """
        Unlike sqlean 0.28.3, week gives the Monday (sqlean gave January 1 of the ISO year plus \
        whole weeks, which is not a week boundary: 2011-11-12 for 2011-11-18; later sqlean \
        versions give the Monday too), and durations that are not whole seconds work \
        (time_trunc(t, dur_ms()) drops the microseconds; sqlean returned t unchanged).
        """

    static let timeTrunc = TimeCatalog.entry(
        "time_trunc", counts: [2], arguments: "t, field | duration",
        summary: "a time truncated to a field ('month', 'week', 'hour'...) or to a multiple of a duration",
        details: """
            time_trunc(t, field) returns the start of the field containing the time value t, in \
            UTC. \(fieldList) time_trunc(t, d): \(durationRule) t must be a time blob; the second \
            argument an integer or a text ("2nd parameter: should be a field name"); NULL gives \
            NULL. \(differences)
            """,
        example: "select time_fmt_iso(time_trunc(time_date(2011, 11, 18, 15, 56, 35), 'quarter'));  -- '2011-10-01T00:00:00Z'",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .first, result) else { return }
            let second = arguments[1]
            if second.storageType == .integer {
                guard let truncated = time.truncated(to: second.int64) else { throw TimeError.outOfRange }
                return result.setTime(truncated)
            }
            guard let field = try TimeArguments.field(arguments, 1, .second, result) else { return }
            result.setTime(try TimeFields.truncate(time, to: field))
        })

    static let dateTrunc = TimeCatalog.entry(
        "date_trunc", counts: [2], arguments: "part, t",
        summary: "a date or time cut to the start of its year, month, week, day, hour... (DuckDB and sqlean)",
        details: """
            date_trunc(part, t) returns the start of the part containing t. For a time blob t it \
            is sqlean's: time_trunc(t, field) with the arguments swapped, a time blob back. \
            \(fieldList) field must be a text ("1st parameter: should be a field name"). Unlike \
            sqlean 0.28.3, week gives the Monday of the ISO week. For ISO text or Unix seconds it \
            is DuckDB's: \(DateDocs.parts) The answer is DuckDB's TIMESTAMP text for text \
            ('2024-03-01 00:00:00', also for a date alone, as DuckDB answers), Unix seconds for a \
            number. \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select date_trunc('month', '2024-03-21');  -- '2024-03-01 00:00:00'",
        body: DateFunctions.byArgumentKind(blobAt: 1, sqlean: { arguments, result in
            guard let field = try TimeArguments.field(arguments, 0, .first, result),
                  let time = try TimeArguments.time(arguments, 1, .second, result) else { return }
            result.setTime(try TimeFields.truncate(time, to: field))
        }, duckdb: DateFunctions.trunc))

    static let timeRound = TimeCatalog.entry(
        "time_round", counts: [2], arguments: "t, duration",
        summary: "a time rounded to the nearest multiple of a duration (halfway rounds up)",
        details: """
            time_round(t, d) rounds the time value t to the nearest multiple of d nanoseconds \
            counted from the zero time 0001-01-01T00:00:00Z; halfway values round up. d <= 0 \
            leaves t unchanged. t must be a time blob, d an integer ("2nd parameter: should be \
            an integer"); NULL gives NULL. Unlike sqlean, durations that are not whole seconds \
            work (sqlean returned t unchanged for them).
            """,
        example: "select time_fmt_iso(time_round(time_date(2011, 11, 18, 15, 56, 35, 666777888), dur_m()));  -- '2011-11-18T15:57:00Z'",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .first, result),
                  let duration = try TimeArguments.integer(arguments, 1, .second, result) else { return }
            guard let rounded = time.rounded(to: duration) else { throw TimeError.outOfRange }
            result.setTime(rounded)
        })
}
