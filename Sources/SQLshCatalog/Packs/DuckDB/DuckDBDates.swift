import SQLshCore

/// DuckDB's date functions whose names sqlean's time pack does not have. They take ISO text,
/// Unix seconds and time blobs alike (see ``DateArguments``) and answer in the kind they were
/// given. The names the time pack owns (date_trunc, date_part, date_add, age, make_date,
/// make_timestamp, to_timestamp, now) stay there, with DuckDB's behaviour for text and numbers.
enum DuckDBDates {
    static func entry(_ name: String, counts: [Int], arguments: String, flags: FunctionOptions = .pure,
                      summary: String, details: String, example: String,
                      body: @escaping DateFunctions.Body) -> CatalogFunction {
        duckEntry(arguments: arguments, summary: summary, details: details, example: example) {
            counts.map { SQLFunction(name, argumentCount: $0, options: flags, nullForNullArguments: false, writingResult: body) }
        }
    }

    static let dateDiffDetails = """
        date_diff(part, start, end) counts the part's boundaries crossed from start to end, as \
        DuckDB does: years, quarters and months of the calendar (2024-01-31 to 2024-03-01 is 2 \
        months), days of the calendar, hours, minutes, seconds, milliseconds and microseconds of \
        the clock, weeks as whole 7-day spans of days; negative when end is before start. An \
        integer. \(DateDocs.parts) \(DateDocs.inputs) NULL gives NULL.
        """

    static let dateDiff = entry(
        "date_diff", counts: [3], arguments: "part, start, end",
        summary: "the number of part boundaries (days, months, hours...) between two dates",
        details: dateDiffDetails,
        example: "select date_diff('month', '2024-01-31', '2024-03-01');  -- 2",
        body: DateFunctions.dateDiff)

    static let datediff = entry(
        "datediff", counts: [3], arguments: "part, start, end",
        summary: "the number of part boundaries between two dates (same as date_diff)",
        details: "datediff is another name for date_diff. " + dateDiffDetails,
        example: "select datediff('day', '2024-01-01', '2024-03-21');  -- 80",
        body: DateFunctions.datediff)

    static let datepart = entry(
        "datepart", counts: [2], arguments: "part, t",
        summary: "one named part of a date or time (DuckDB's other name for date_part)",
        details: """
            datepart(part, t) is DuckDB's date_part: an integer (a real for epoch and julian). \
            \(DateDocs.parts) \(DateDocs.inputs) For a time blob it reads the same DuckDB parts \
            (date_part keeps sqlean's fields for blobs). NULL gives NULL.
            """,
        example: "select datepart('quarter', '2024-03-21 10:11:12');  -- 1",
        body: DateFunctions.datepart)

    static let dayname = entry(
        "dayname", counts: [1], arguments: "t",
        summary: "the English name of the day of the week of a date ('Thursday')",
        details: "dayname(t) returns the day of the week of t in English, as DuckDB: 'Monday' to 'Sunday'. \(DateDocs.inputs) NULL gives NULL.",
        example: "select dayname('2024-03-21');  -- 'Thursday'",
        body: DateFunctions.dayname)

    static let monthname = entry(
        "monthname", counts: [1], arguments: "t",
        summary: "the English name of the month of a date ('March')",
        details: "monthname(t) returns the month of t in English, as DuckDB: 'January' to 'December'. \(DateDocs.inputs) NULL gives NULL.",
        example: "select monthname('2024-03-21');  -- 'March'",
        body: DateFunctions.monthname)

    static let lastDay = entry(
        "last_day", counts: [1], arguments: "t",
        summary: "the last day of the month of a date",
        details: """
            last_day(t) returns the last day of t's month: DuckDB's DATE text ('2024-02-29') for \
            text, Unix seconds of its midnight for a number, a time blob of its midnight for a \
            blob. \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select last_day('2024-02-10');  -- '2024-02-29'",
        body: DateFunctions.lastDay)

    static let makeTime = entry(
        "make_time", counts: [3], arguments: "hour, minute, second",
        summary: "a time of day as DuckDB's TIME text ('10:11:12.5')",
        details: """
            make_time(hour, minute, second) returns the clock as text HH:MM:SS with the \
            microseconds when not 0, as DuckDB casts a TIME. hour and minute must be integers, \
            second an integer or a real; hour 0-23, minute 0-59, second 0 to below 60, else \
            "time out of range". NULL gives NULL.
            """,
        example: "select make_time(10, 11, 12.5);  -- '10:11:12.5'",
        body: DateFunctions.makeTime)

    static let epoch = entry(
        "epoch", counts: [1], arguments: "t",
        summary: "a date or time as Unix seconds, a real",
        details: """
            epoch(t) returns the seconds from 1970-01-01 00:00:00 UTC to t as a real, with the \
            fraction (microseconds for text, as DuckDB; nanoseconds for a time blob). \
            \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select epoch('2024-03-21 10:11:12.5');  -- 1711015872.5",
        body: DateFunctions.epoch)

    static let epochMs = entry(
        "epoch_ms", counts: [1], arguments: "t | milliseconds",
        summary: "a date or time as Unix milliseconds, or the time of a count of Unix milliseconds",
        details: """
            epoch_ms(t) returns the milliseconds from 1970-01-01 00:00:00 UTC to the date or \
            time t (ISO text or a time blob), rounded down, an integer. epoch_ms(n) for a number \
            n returns the time n milliseconds after 1970 as a time blob (shown as an ISO \
            timestamp at the prompt), as DuckDB turns a count into a TIMESTAMP. NULL gives NULL.
            """,
        example: "select epoch_ms('2024-03-21 10:11:12.345');  -- 1711015872345",
        body: DateFunctions.epochMs)

    static let strptime = entry(
        "strptime", counts: [2], arguments: "text, format",
        summary: "a timestamp read from text by a format ('%d/%m/%Y'), as DuckDB's TIMESTAMP text",
        details: """
            strptime(text, format) reads text by a C-style format and returns DuckDB's TIMESTAMP \
            text ('2024-03-21 00:00:00'). Specifiers: %Y %y (69-99 are 19xx) %m %d %e %H %I %M \
            %S %f (microseconds) %g (milliseconds) %n (nanoseconds) %p (AM/PM) %b %h %B (month \
            names) %a %A (weekday names) %j (day of the year) %z (an offset, applied) %Z (a zone \
            name, skipped) %%; %-d and the like read the same. A space matches any white space. \
            Text that does not match is DuckDB's "Could not parse string ... according to format \
            specifier ..."; an impossible date "date out of range". Both must be text; NULL \
            gives NULL.
            """,
        example: "select strptime('21/03/2024', '%d/%m/%Y');  -- '2024-03-21 00:00:00'",
        body: DateFunctions.strptime)

    static let today = entry(
        "today", counts: [0], arguments: "", flags: .innocuous,
        summary: "today's date (UTC) as DuckDB's DATE text",
        details: """
            today() returns the current date in UTC as text YYYY-MM-DD (DuckDB's current_date; \
            SQLite's date('now')). It reads the clock: not deterministic.
            """,
        example: "select today() = date('now');  -- 1",
        body: DateFunctions.today)
}
