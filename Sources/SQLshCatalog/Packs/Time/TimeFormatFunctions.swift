import SQLshCore

/// Formatting time values as text, and parsing text into them.
enum TimeFormatFunctions {
    static func formatter(_ name: String, layout: TimeLayout, summary: String, shape: String,
                          example: String) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [1, 2], arguments: "t[, offset]",
            summary: summary,
            details: """
                \(name)(t[, offset]) formats the time value t as \(shape). offset (seconds east \
                of UTC, default 0) shifts t before formatting. Years are written with at least \
                four characters as in sqlean (0987, -005, 12345). t must be a time blob ("1st \
                parameter: should be a time blob"), offset an integer ("2nd parameter: should be \
                an integer"); NULL gives NULL.
                """,
            example: example,
            body: { arguments, result in
                guard let time = try TimeArguments.time(arguments, 0, .first, result),
                      let offset = arguments.count > 1 ? try TimeArguments.integer(arguments, 1, .second, result) : 0
                else { return }
                try layout.setResult(time, offset: offset, result)
            })
    }

    static let iso = formatter(
        "time_fmt_iso", layout: .iso, summary: "a time as ISO 8601 text: 2011-11-18T15:56:35.666777888+03:00",
        shape: """
            ISO 8601 text in its most compact form: 2006-01-02T15:04:05Z, with .nnnnnnnnn (always \
            nine digits) when the nanoseconds are not 0, and +HH:MM or -HH:MM instead of Z when \
            offset is not 0 (seconds of the offset beyond whole minutes are not shown). Unlike \
            sqlean, an offset between -3599 and -1 seconds is written -00:MM (sqlean: +00:MM)
            """,
        example: "select time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 666777888), 3*3600);  -- '2011-11-18T18:56:35.666777888+03:00'")
    static let datetime = formatter(
        "time_fmt_datetime", layout: .datetime, summary: "a time as 'YYYY-MM-DD HH:MM:SS' text",
        shape: "YYYY-MM-DD HH:MM:SS (no fraction, no zone)",
        example: "select time_fmt_datetime(time_date(2011, 11, 18, 15, 56, 35), 3*3600);  -- '2011-11-18 18:56:35'")
    static let date = formatter(
        "time_fmt_date", layout: .date, summary: "a time as 'YYYY-MM-DD' text",
        shape: "YYYY-MM-DD",
        example: "select time_fmt_date(time_date(2011, 11, 18, 15, 56, 35), 12*3600);  -- '2011-11-19'")
    static let time = formatter(
        "time_fmt_time", layout: .time, summary: "a time as 'HH:MM:SS' text",
        shape: "HH:MM:SS (no fraction, no zone)",
        example: "select time_fmt_time(time_date(2011, 11, 18, 15, 56, 35), 3*3600);  -- '18:56:35'")

    static let parse = TimeCatalog.entry(
        "time_parse", counts: [1], arguments: "text",
        summary: "a time from ISO 8601, 'YYYY-MM-DD HH:MM:SS', 'YYYY-MM-DD' or 'HH:MM:SS' text",
        details: """
            time_parse(text) reads the layouts sqlean reads, chosen by the text's length: \
            2006-01-02T15:04:05.999999999+07:00 (exactly nine fraction digits), \
            2006-01-02T15:04:05.999999999Z, 2006-01-02T15:04:05+07:00, 2006-01-02T15:04:05Z or \
            2006-01-02 15:04:05 (any separator), 2006-01-02, and 15:04:05 (on 0001-01-01). \
            Fields are normalised (2011-02-30 is March 2) and the offset converted to UTC. As in \
            sqlean, text it cannot read gives the zero time 0001-01-01T00:00:00Z, not an error; \
            numbers are read as their text. NULL gives NULL (sqlean 0.28.3 crashed).
            """,
        example: "select time_to_unix(time_parse('2011-11-18T19:26:35+03:30'));  -- 1321631795",
        body: { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            let text = value.textBytes
            // Text with a NUL byte is unreadable (sqlean reads it as a C string).
            result.setTime(text.contains(0) ? .zero : TimeParsing.parse(text))
        })
}
