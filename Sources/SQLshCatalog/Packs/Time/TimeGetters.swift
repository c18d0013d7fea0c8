import SQLshCore

/// Functions that read one field of a time value (in UTC).
enum TimeGetters {
    /// A `time_get_*` entry: the field `read` computes from the broken-down time.
    /// `body` reads argument 0 with ``time(_:)`` and sets the field: one closure per call,
    /// none in between.
    static func getter(_ name: String, summary: String, range: String, example: String,
                       body: @escaping TimeCatalog.Body) -> CatalogFunction {
        TimeCatalog.entry(
            name, counts: [1], arguments: "t",
            summary: summary,
            details: """
                \(name)(t) returns \(range) of the time value t, in UTC (shift t with time_add \
                for another zone). t must be a 13-byte time blob ("parameter should be a time \
                blob", "invalid time blob size"); NULL gives NULL.
                """,
            example: example,
            body: body)
    }

    /// The time value of a getter's only argument; nil for NULL (the result is then NULL).
    static func time(_ arguments: Arguments, _ result: ResultContext) throws -> SqleanTime? {
        try TimeArguments.time(arguments, 0, .only, result)
    }

    static let t = "time_date(2011, 11, 18, 15, 56, 35, 666777888)"

    static let year = getter("time_get_year", summary: "the year of a time", range: "the year (0 is 1 BC, -1 is 2 BC)",
                             example: "select time_get_year(\(t));  -- 2011") { a, r in
        if let t = try time(a, r) { r.set(CivilCalendar.fields(t).year) }
    }
    static let month = getter("time_get_month", summary: "the month of a time, 1-12", range: "the month, 1-12",
                              example: "select time_get_month(\(t));  -- 11") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.fields(t).month)) }
    }
    static let day = getter("time_get_day", summary: "the day of the month of a time, 1-31", range: "the day of the month, 1-31",
                            example: "select time_get_day(\(t));  -- 18") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.fields(t).day)) }
    }
    static let hour = getter("time_get_hour", summary: "the hour of a time, 0-23", range: "the hour, 0-23",
                             example: "select time_get_hour(\(t));  -- 15") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) / 3600)) }
    }
    static let minute = getter("time_get_minute", summary: "the minute of a time, 0-59", range: "the minute, 0-59",
                               example: "select time_get_minute(\(t));  -- 56") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) / 60 % 60)) }
    }
    static let second = getter("time_get_second", summary: "the second of a time, 0-59", range: "the whole second, 0-59",
                               example: "select time_get_second(\(t));  -- 35") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.secondOfDay(t) % 60)) }
    }
    static let nano = getter("time_get_nano", summary: "the nanoseconds within the second of a time",
                             range: "the nanoseconds within the second, 0-999999999",
                             example: "select time_get_nano(\(t));  -- 666777888") { a, r in
        if let t = try time(a, r) { r.set(Int64(t.nanoseconds)) }
    }
    static let weekday = getter("time_get_weekday", summary: "the day of the week of a time, 0 = Sunday to 6 = Saturday",
                                range: "the day of the week, 0 (Sunday) to 6 (Saturday)",
                                example: "select time_get_weekday(\(t));  -- 5") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.weekday(dayNumber: CivilCalendar.dayNumber(t)))) }
    }
    static let yearday = getter("time_get_yearday", summary: "the day of the year of a time, 1-366",
                                range: "the day of the year, 1-366",
                                example: "select time_get_yearday(\(t));  -- 322") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.fields(t).yearday)) }
    }
    static let isoyear = getter("time_get_isoyear", summary: "the ISO 8601 year of a time (the year of its week's Thursday)",
                                range: "the ISO 8601 week-numbering year (the year of the Thursday of t's Monday-to-Sunday week)",
                                example: "select time_get_isoyear(time_date(2021, 1, 1));  -- 2020") { a, r in
        if let t = try time(a, r) { r.set(CivilCalendar.isoWeek(dayNumber: CivilCalendar.dayNumber(t)).year) }
    }
    static let isoweek = getter("time_get_isoweek", summary: "the ISO 8601 week of a time, 1-53",
                                range: "the ISO 8601 week number, 1-53 (weeks start on Monday; week 1 holds the year's first Thursday)",
                                example: "select time_get_isoweek(\(t));  -- 46") { a, r in
        if let t = try time(a, r) { r.set(Int64(CivilCalendar.isoWeek(dayNumber: CivilCalendar.dayNumber(t)).week)) }
    }

    static let fieldList = """
        Fields (case-sensitive): millennium, century, decade, year (or years), quarter, month, \
        day (or days), hour, minute, second (a real: seconds with their fraction), milli, \
        micro, nano (within the second), isoyear, isoweek (or week), isodow (1 = Monday to 7 = \
        Sunday), yearday (doy, dayofyear), weekday (dow, dayofweek; 0 = Sunday), epoch (a real: \
        Unix seconds with their fraction). decade, quarter, month, hour, minute, second, milli, \
        micro and nano also match longer names (decades, months, milliseconds...). Millennium, \
        century and decade divide the year toward zero. Other names: "unknown field".
        """

    static let timeGet = TimeCatalog.entry(
        "time_get", counts: [2], arguments: "t, field",
        summary: "one named field of a time (year, month, isoweek, epoch and others)",
        details: """
            time_get(t, field) returns a field of the time value t, in UTC: an integer, or a \
            real for second and epoch. \(fieldList) t must be a time blob ("1st parameter: \
            should be a time blob"), field a text ("2nd parameter: should be a field name"); \
            NULL gives NULL.
            """,
        example: "select time_get(\(t), 'quarter');  -- 4",
        body: { arguments, result in
            guard let time = try TimeArguments.time(arguments, 0, .first, result),
                  let field = try TimeArguments.field(arguments, 1, .second, result) else { return }
            try TimeFields.setValue(of: field, time, result)
        })

    static let datePart = TimeCatalog.entry(
        "date_part", counts: [2], arguments: "part, t",
        summary: "one named part of a date or time: year, month, dow, week, epoch... (DuckDB and sqlean)",
        details: """
            date_part(part, t) returns a part of t. For a time blob t it is sqlean's time_get(t, \
            field): \(fieldList) field must be a text ("1st parameter: should be a field name"). \
            For ISO text or Unix seconds it is DuckDB's, an integer (a real for epoch and \
            julian): \(DateDocs.parts) \(DateDocs.inputs) NULL gives NULL.
            """,
        example: "select date_part('dow', '2024-03-21');  -- 4",
        body: DateFunctions.byArgumentKind(blobAt: 1, sqlean: { arguments, result in
            guard let field = try TimeArguments.field(arguments, 0, .first, result),
                  let time = try TimeArguments.time(arguments, 1, .second, result) else { return }
            try TimeFields.setValue(of: field, time, result)
        }, duckdb: DateFunctions.datePart))
}
