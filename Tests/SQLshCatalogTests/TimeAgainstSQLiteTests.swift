import SQLshCatalog
import SQLshCore
import Testing
import TestSupport

/// The time pack checked against SQLite's own date functions (`strftime`, `datetime`,
/// `unixepoch`, the `+N months` modifier) on many random instants from year 0 to 9999, the
/// range SQLite's functions cover.
@Suite struct TimeAgainstSQLiteTests {
    /// 0000-01-01T00:00:00Z ... 9999-12-31T23:59:59Z in Unix seconds.
    static let sqliteRange: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// A connection with a table `r(x)` of random Unix seconds: uniform over SQLite's range,
    /// plus instants near 1970 and near month and year ends.
    func connection(count: Int, seed: UInt64) throws -> Connection {
        let db = try catalogConnection()
        var generator = SplitMix64(seed: seed)
        var values: [Int64] = []
        for i in 0..<count {
            switch i % 4 {
            case 0, 1: values.append(generator.next(in: Self.sqliteRange))
            case 2: values.append(generator.next(in: -2_000_000_000...4_000_000_000))
            default:
                // The last seconds of a month or a day, where carries happen.
                let day = generator.next(in: -719_528...2_932_896) * 86400
                values.append(day - generator.next(in: 0...2) + (i % 8 == 3 ? 0 : 86400))
            }
        }
        try db.execute("create table r(x integer)")
        for chunk in stride(from: 0, to: values.count, by: 500) {
            let list = values[chunk..<min(chunk + 500, values.count)].map { "(\($0))" }.joined(separator: ",")
            try db.execute("insert into r values \(list)")
        }
        return db
    }

    /// The rows where a condition fails, for a readable failure.
    func failures(_ db: Connection, _ condition: String, show: String = "x") throws -> [[SQLValue]] {
        try rows(db, "select \(show) from r where not (\(condition)) limit 5")
    }

    @Test func formattingMatchesStrftime() throws {
        let db = try connection(count: 20000, seed: 1)
        let checks = [
            "time_fmt_iso(time_unix(x)) = strftime('%Y-%m-%dT%H:%M:%SZ', x, 'unixepoch')",
            "time_fmt_datetime(time_unix(x)) = datetime(x, 'unixepoch')",
            "time_fmt_date(time_unix(x)) = date(x, 'unixepoch')",
            "time_fmt_time(time_unix(x)) = time(x, 'unixepoch')",
            "time_fmt_datetime(time_unix(x), 19800) = datetime(x + 19800, 'unixepoch') or x + 19800 > 253402300799",
            "time_fmt_date(time_unix(x), -43200) = date(x - 43200, 'unixepoch') or x - 43200 < -62167219200",
            "time_fmt_iso(time_unix(x, 5), -5400) = strftime('%Y-%m-%dT%H:%M:%S.000000005-01:30', x - 5400, 'unixepoch') or x - 5400 < -62167219200",
        ]
        for check in checks {
            #expect(try failures(db, check, show: "x, \(check.split(separator: "=")[0])").isEmpty, "\(check)")
        }
    }

    @Test func fieldsMatchStrftime() throws {
        let db = try connection(count: 20000, seed: 2)
        let checks = [
            "time_get_year(time_unix(x)) = cast(strftime('%Y', x, 'unixepoch') as integer)",
            "time_get_month(time_unix(x)) = cast(strftime('%m', x, 'unixepoch') as integer)",
            "time_get_day(time_unix(x)) = cast(strftime('%d', x, 'unixepoch') as integer)",
            "time_get_hour(time_unix(x)) = cast(strftime('%H', x, 'unixepoch') as integer)",
            "time_get_minute(time_unix(x)) = cast(strftime('%M', x, 'unixepoch') as integer)",
            "time_get_second(time_unix(x)) = cast(strftime('%S', x, 'unixepoch') as integer)",
            "time_get_weekday(time_unix(x)) = cast(strftime('%w', x, 'unixepoch') as integer)",
            "time_get_yearday(time_unix(x)) = cast(strftime('%j', x, 'unixepoch') as integer)",
            "time_get(time_unix(x), 'quarter') = (cast(strftime('%m', x, 'unixepoch') as integer) + 2) / 3",
            "time_get(time_unix(x), 'epoch') = x",
        ]
        for check in checks { #expect(try failures(db, check).isEmpty, "\(check)") }
    }

    /// The ISO week through SQLite's calendar: the Thursday of the Monday-to-Sunday week,
    /// its year, and its day of the year divided by 7.
    @Test func isoWeekMatchesThursdayRule() throws {
        let db = try connection(count: 20000, seed: 3)
        try db.execute("""
            create table w as select x, date(x, 'unixepoch', '-' || ((cast(strftime('%w', x, 'unixepoch') as integer) + 6) % 7) || ' days', '+3 days') as thursday
            from r where x between -62167219200 + 7 * 86400 and 253402300799 - 7 * 86400
            """)
        let mismatches = try rows(db, """
            select x from w where time_get_isoyear(time_unix(x)) != cast(strftime('%Y', thursday) as integer)
               or time_get_isoweek(time_unix(x)) != (cast(strftime('%j', thursday) as integer) - 1) / 7 + 1
               or time_get(time_unix(x), 'isodow') != (cast(strftime('%w', x, 'unixepoch') as integer) + 6) % 7 + 1
            limit 5
            """)
        #expect(mismatches.isEmpty)
    }

    @Test func constructorsAndParsingMatchUnixepoch() throws {
        let db = try connection(count: 20000, seed: 4)
        let checks = [
            "time_to_unix(time_unix(x)) = x",
            "time_to_unix(time_parse(datetime(x, 'unixepoch'))) = x or x < -62135596800",
            "time_to_unix(time_parse(strftime('%Y-%m-%dT%H:%M:%SZ', x, 'unixepoch'))) = x or x < -62135596800",
            "unixepoch(time_fmt_iso(time_unix(x))) = x",
            "time_to_unix(time_date(cast(strftime('%Y', x, 'unixepoch') as integer), cast(strftime('%m', x, 'unixepoch') as integer), cast(strftime('%d', x, 'unixepoch') as integer), cast(strftime('%H', x, 'unixepoch') as integer), cast(strftime('%M', x, 'unixepoch') as integer), cast(strftime('%S', x, 'unixepoch') as integer))) = x",
            "time_to_milli(time_milli(x * 1000 + 999)) = x * 1000 + 999",
            "time_to_unix(time_milli(x * 1000 - 1)) = x - 1",
            "time_to_micro(time_micro(x * 1000000 + 7)) = x * 1000000 + 7",
            "time_to_unix(time_micro(x * 1000000 - 1)) = x - 1",
            "time_sub(time_unix(x), time_unix(0)) = x * 1000000000 or abs(x) > 9223372036",
            "time_to_unix(time_add(time_unix(x), 86400 * dur_s())) = unixepoch(x, 'unixepoch', '+1 day') or x > 253402300799 - 86400",
            "time_to_unix(time_trunc(time_unix(x), 'day')) = unixepoch(x, 'unixepoch', 'start of day')",
            "time_to_unix(time_trunc(time_unix(x), 'month')) = unixepoch(x, 'unixepoch', 'start of month')",
            "time_to_unix(time_trunc(time_unix(x), 'year')) = unixepoch(x, 'unixepoch', 'start of year')",
            "time_to_unix(time_trunc(time_unix(x), 'week')) = unixepoch(x, 'unixepoch', 'start of day', '-6 days', 'weekday 1') or x < -62167219200 + 7 * 86400",
            "time_to_unix(time_trunc(time_unix(x), dur_h())) = x - (x % 3600 + 3600) % 3600",
        ]
        for check in checks { #expect(try failures(db, check).isEmpty, "\(check)") }
    }

    /// Calendar addition: time_add_date(t, 0, n, d) normalises once, as SQLite's '+n months'
    /// followed by '+d days' does (month ends overflow into the next month in both).
    @Test func addDateMatchesSQLiteMonthArithmetic() throws {
        let db = try connection(count: 12000, seed: 5)
        try db.execute("create table a as select x, (x % 37) - 18 as n, (x % 11) - 5 as d from r where x between -62000000000 and 253000000000")
        let mismatches = try rows(db, """
            select x, n, d from a
            where time_to_unix(time_add_date(time_unix(x), 0, n, d)) != unixepoch(x, 'unixepoch', n || ' months', d || ' days')
               or time_to_unix(time_add_date(time_unix(x), n / 12, n % 12)) != unixepoch(x, 'unixepoch', (n / 12 * 12 + n % 12) || ' months')
            limit 5
            """)
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}

extension SplitMix64 {
    /// A number of `range` (the next draw modulo its width), so that a failure can be replayed.
    mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int64(next() % width)
    }
}
