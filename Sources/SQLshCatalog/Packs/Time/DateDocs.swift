/// Texts shared by the `.describe` details of the DuckDB-named date functions.
enum DateDocs {
    static let inputs = """
        A date is ISO text ('2024-03-21', '2024-03-21 10:11:12.5', '2024-03-21T10:11:12Z', an \
        offset such as +02:00 applied; microseconds at most, as DuckDB), Unix seconds (an \
        integer or a real) or a time blob of the time pack. Text that is not a date, a blob \
        that is not a time blob and dates beyond ±280,000 years are errors.
        """

    static let parts = """
        parts are DuckDB's, case-insensitive, with its plurals and abbreviations: millennium, \
        century, decade, year (y, yr), quarter, month (mon), week (w; the ISO week), day (d), \
        hour (h, hr), minute (m, min), second (s, sec), millisecond (ms), microsecond (us), \
        epoch, dow (0 = Sunday), isodow (7 = Sunday), doy, isoyear, yearweek, era, julian, \
        timezone. Another name: 'extract specifier "x" not recognized'.
        """

    static let intervals = """
        such as '1 day', '3 months', '-2 hours', '1 year 2 months 3 days', '01:30:00' or \
        'interval 90 minutes' (units from microsecond to millennium, DuckDB's abbreviations; \
        fractions of months count 30 days),
        """
}
