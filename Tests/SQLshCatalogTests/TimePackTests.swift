import SQLshCatalog
import SQLshCore
import Testing

/// The time pack: sqlean's documented examples, NULLs, wrong types and counts, aliases, the
/// blob encoding, calendar edge cases and overflow.
@Suite struct TimePackTests {
    let catalog = Catalog.builtIn()
    let db: Connection

    init() throws {
        db = try catalogConnection(catalog)
    }

    func text(_ sql: String) throws -> String? {
        if case .text(let t) = try value(db, sql) { return t }
        return nil
    }

    static let names = [
        "time_now", "now", "time_date", "make_date", "make_timestamp", "time_unix", "to_timestamp", "time_milli",
        "time_micro", "time_nano", "time_get_year", "time_get_month", "time_get_day", "time_get_hour",
        "time_get_minute", "time_get_second", "time_get_nano", "time_get_weekday", "time_get_yearday",
        "time_get_isoyear", "time_get_isoweek", "time_get", "date_part", "time_to_unix", "time_to_milli",
        "time_to_micro", "time_to_nano", "time_after", "time_before", "time_compare", "time_equal", "time_add",
        "date_add", "time_sub", "age", "time_since", "time_until", "time_add_date", "time_trunc", "date_trunc",
        "time_round", "time_fmt_iso", "time_fmt_datetime", "time_fmt_date", "time_fmt_time", "time_parse",
        "dur_ns", "dur_us", "dur_ms", "dur_s", "dur_m", "dur_h",
    ]

    @Test func everySqleanNameIsThereWithItsFlags() throws {
        let pack = try #require(catalog.pack(named: "time"))
        #expect(pack.functions.map(\.name) == Self.names)
        #expect(Self.names.count == 52)
        let nonDeterministic: Set = ["time_now", "now", "time_since", "time_until"]
        for function in pack.functions {
            #expect(function.enabledByDefault, "\(function.name)")
            #expect(function.flags.contains(.innocuous), "\(function.name)")
            #expect(function.flags.contains(.deterministic) == !nonDeterministic.contains(function.name), "\(function.name)")
        }
    }

    /// sqlean's registrations, (name, argument count): 62 in all, and DuckDB's
    /// make_timestamp(microseconds) and age(t): 64. Every other count is an error at prepare
    /// time, as in sqlean.
    static let registrations: [(String, [Int])] = [
        ("time_now", [0]), ("now", [0]), ("time_date", [3, 6, 7, 8]), ("make_date", [3]), ("make_timestamp", [1, 6]),
        ("time_unix", [1, 2]), ("to_timestamp", [1]), ("time_milli", [1]), ("time_micro", [1]), ("time_nano", [1]),
        ("time_get_year", [1]), ("time_get_month", [1]), ("time_get_day", [1]), ("time_get_hour", [1]),
        ("time_get_minute", [1]), ("time_get_second", [1]), ("time_get_nano", [1]), ("time_get_weekday", [1]),
        ("time_get_yearday", [1]), ("time_get_isoyear", [1]), ("time_get_isoweek", [1]), ("time_get", [2]),
        ("date_part", [2]), ("time_to_unix", [1]), ("time_to_milli", [1]), ("time_to_micro", [1]), ("time_to_nano", [1]),
        ("time_after", [2]), ("time_before", [2]), ("time_compare", [2]), ("time_equal", [2]), ("time_add", [2]),
        ("date_add", [2]), ("time_sub", [2]), ("age", [1, 2]), ("time_since", [1]), ("time_until", [1]),
        ("time_add_date", [2, 3, 4]), ("time_trunc", [2]), ("date_trunc", [2]), ("time_round", [2]),
        ("time_fmt_iso", [1, 2]), ("time_fmt_datetime", [1, 2]), ("time_fmt_date", [1, 2]), ("time_fmt_time", [1, 2]),
        ("time_parse", [1]), ("dur_ns", [0]), ("dur_us", [0]), ("dur_ms", [0]), ("dur_s", [0]), ("dur_m", [0]), ("dur_h", [0]),
    ]

    @Test func argumentCountsAndNulls() throws {
        #expect(Self.registrations.reduce(0) { $0 + $1.1.count } == 64)
        #expect(Self.registrations.map(\.0) == Self.names)
        for (name, counts) in Self.registrations {
            for n in 0...9 {
                let call = "select \(name)(\(Array(repeating: "null", count: n).joined(separator: ", ")))"
                if counts.contains(n) {
                    // A NULL in any argument gives NULL (constants have no argument).
                    if n > 0 { #expect(try value(db, call) == .null, "\(call)") }
                } else {
                    #expect(errorMessage(db, call) == "wrong number of arguments to function \(name)()", "\(call)")
                }
            }
        }
        // One NULL among valid arguments is enough.
        #expect(try value(db, "select time_date(2011, null, 18)") == .null)
        #expect(try value(db, "select time_fmt_iso(time_now(), null)") == .null)
        #expect(try value(db, "select time_add_date(time_now(), 1, 2, null)") == .null)
        #expect(try value(db, "select time_trunc(null, 'day')") == .null)
        // A NULL wins over a wrong argument before or after it (the readers check NULLs only
        // when an argument is refused).
        #expect(try value(db, "select time_sub(x'00', null)") == .null)
        #expect(try value(db, "select time_add('t', null)") == .null)
        #expect(try value(db, "select time_get(null, 3)") == .null)
        #expect(try value(db, "select date_trunc(1, null)") == .null)
        #expect(try value(db, "select time_date('x', 1, null)") == .null)
        #expect(try value(db, "select time_add_date(time_now(), 1.5, null)") == .null)
        #expect(errorMessage(db, "select time_sub(x'00', time_now())") == "1st parameter: invalid time blob size")
    }

    @Test func sqleanDocumentedExamples() throws {
        let cases: [(String, String)] = [
            ("time_fmt_iso(time_date(2011, 11, 18))", "2011-11-18T00:00:00Z"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35))", "2011-11-18T15:56:35Z"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 666777888))", "2011-11-18T15:56:35.666777888Z"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 0, 3*3600))", "2011-11-18T12:56:35Z"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 666777888, 3*3600))", "2011-11-18T12:56:35.666777888Z"),
            ("time_fmt_iso(time_unix(1321631795))", "2011-11-18T15:56:35Z"),
            ("time_fmt_iso(time_unix(1321631795, 666777888))", "2011-11-18T15:56:35.666777888Z"),
            ("time_fmt_iso(time_milli(1321631795666))", "2011-11-18T15:56:35.666000000Z"),
            ("time_fmt_iso(time_micro(1321631795666777))", "2011-11-18T15:56:35.666777000Z"),
            ("time_fmt_iso(time_nano(1321631795666777888))", "2011-11-18T15:56:35.666777888Z"),
            ("time_fmt_date(time_add_date(time_date(2011, 11, 18), 5))", "2016-11-18"),
            ("time_fmt_date(time_add_date(time_date(2011, 11, 18), 3, 5))", "2015-04-18"),
            ("time_fmt_date(time_add_date(time_date(2011, 11, 18), 3, 5, -10))", "2015-04-08"),
            ("time_fmt_date(time_add_date(time_date(2011, 1, 1), -1, 2, 3))", "2010-03-04"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35, 666777888), 3*3600)", "2011-11-18T18:56:35.666777888+03:00"),
            ("time_fmt_iso(time_date(2011, 11, 18, 15, 56, 35), 3*3600)", "2011-11-18T18:56:35+03:00"),
            ("time_fmt_datetime(time_date(2011, 11, 18, 15, 56, 35), 3*3600)", "2011-11-18 18:56:35"),
            ("time_fmt_datetime(time_date(2011, 11, 18, 15, 56, 35))", "2011-11-18 15:56:35"),
            ("time_fmt_datetime(time_date(2011, 11, 18))", "2011-11-18 00:00:00"),
            ("time_fmt_date(time_date(2011, 11, 18, 15, 56, 35), 12*3600)", "2011-11-19"),
            ("time_fmt_date(time_date(2011, 11, 18))", "2011-11-18"),
            ("time_fmt_time(time_date(2011, 11, 18, 15, 56, 35), 3*3600)", "18:56:35"),
            ("time_fmt_time(time_date(2011, 11, 18))", "00:00:00"),
        ]
        for (call, expected) in cases { #expect(try text("select \(call)") == expected, "\(call)") }

        let integers: [(String, Int64)] = [
            ("time_sub(time_date(2011, 11, 19), time_date(2011, 11, 18))", 86_400_000_000_000),
            ("time_sub(time_date(2011, 11, 18, 16, 56, 35), time_date(2011, 11, 18, 15, 56, 35))", 3_600_000_000_000),
            ("time_sub(time_unix(1321631795, 5000000), time_unix(1321631795, 0))", 5_000_000),
            ("time_after(time_now(), time_date(2011, 11, 18))", 1), ("time_before(time_now(), time_date(2011, 11, 18))", 0),
            ("time_compare(time_now(), time_date(2011, 11, 18))", 1), ("time_compare(time_date(2011, 11, 18), time_now())", -1),
            ("time_compare(time_date(2011, 11, 18), time_date(2011, 11, 18))", 0),
            ("time_equal(time_now(), time_date(2011, 11, 18))", 0), ("time_equal(time_date(2011, 11, 18), time_date(2011, 11, 18))", 1),
            ("dur_ns()", 1), ("dur_us()", 1000), ("dur_ms()", 1_000_000), ("dur_s()", 1_000_000_000),
            ("dur_m()", 60_000_000_000), ("dur_h()", 3_600_000_000_000),
        ]
        for (call, expected) in integers { #expect(try value(db, "select \(call)") == .integer(expected), "\(call)") }

        let parses = [
            "time_parse('2011-11-18T15:56:35.666777888Z') = time_unix(1321631795, 666777888)",
            "time_parse('2011-11-18T19:26:35.666777888+03:30') = time_unix(1321631795, 666777888)",
            "time_parse('2011-11-18T12:26:35.666777888-03:30') = time_unix(1321631795, 666777888)",
            "time_parse('2011-11-18T15:56:35Z') = time_unix(1321631795, 0)",
            "time_parse('2011-11-18T19:26:35+03:30') = time_unix(1321631795, 0)",
            "time_parse('2011-11-18T12:26:35-03:30') = time_unix(1321631795, 0)",
            "time_parse('2011-11-18 15:56:35') = time_unix(1321631795, 0)",
            "time_parse('2011-11-18') = time_date(2011, 11, 18)",
            "time_parse('15:56:35') = time_date(1, 1, 1, 15, 56, 35)",
        ]
        for p in parses { #expect(try value(db, "select \(p)") == .integer(1), "\(p)") }
    }

    @Test func truncationAndRoundingAsDocumented() throws {
        let v = "time_date(2011, 11, 18, 15, 56, 35, 666777888)"
        let fields: [(String, String)] = [
            ("millennium", "2000-01-01T00:00:00Z"), ("century", "2000-01-01T00:00:00Z"), ("decade", "2010-01-01T00:00:00Z"),
            ("year", "2011-01-01T00:00:00Z"), ("quarter", "2011-10-01T00:00:00Z"), ("month", "2011-11-01T00:00:00Z"),
            ("week", "2011-11-14T00:00:00Z"),  // the Monday (sqlean 0.28.3: 2011-11-12)
            ("day", "2011-11-18T00:00:00Z"), ("hour", "2011-11-18T15:00:00Z"), ("minute", "2011-11-18T15:56:00Z"),
            ("second", "2011-11-18T15:56:35Z"), ("milli", "2011-11-18T15:56:35.666000000Z"),
            ("milliseconds", "2011-11-18T15:56:35.666000000Z"), ("micro", "2011-11-18T15:56:35.666777000Z"),
            ("microsecond", "2011-11-18T15:56:35.666777000Z"),
        ]
        for (field, expected) in fields {
            #expect(try text("select time_fmt_iso(time_trunc(\(v), '\(field)'))") == expected, "\(field)")
            #expect(try text("select time_fmt_iso(date_trunc('\(field)', \(v)))") == expected, "\(field)")
        }
        let durations: [(String, String, String)] = [
            ("12*dur_h()", "2011-11-18T12:00:00Z", "2011-11-18T12:00:00Z"), ("dur_h()", "2011-11-18T15:00:00Z", "2011-11-18T16:00:00Z"),
            ("30*dur_m()", "2011-11-18T15:30:00Z", "2011-11-18T16:00:00Z"), ("dur_m()", "2011-11-18T15:56:00Z", "2011-11-18T15:57:00Z"),
            ("30*dur_s()", "2011-11-18T15:56:30Z", "2011-11-18T15:56:30Z"), ("dur_s()", "2011-11-18T15:56:35Z", "2011-11-18T15:56:36Z"),
            // Better than sqlean, which left t unchanged for durations below a second:
            ("dur_ms()", "2011-11-18T15:56:35.666000000Z", "2011-11-18T15:56:35.667000000Z"),
            ("250*dur_ms()", "2011-11-18T15:56:35.500000000Z", "2011-11-18T15:56:35.750000000Z"),
            ("0", "2011-11-18T15:56:35.666777888Z", "2011-11-18T15:56:35.666777888Z"),
            ("-5", "2011-11-18T15:56:35.666777888Z", "2011-11-18T15:56:35.666777888Z"),
            // 7 days from the zero time (a Monday): Monday 00:00.
            ("7*24*dur_h()", "2011-11-14T00:00:00Z", "2011-11-21T00:00:00Z"),
        ]
        for (d, truncated, rounded) in durations {
            #expect(try text("select time_fmt_iso(time_trunc(\(v), \(d)))") == truncated, "trunc \(d)")
            #expect(try text("select time_fmt_iso(time_round(\(v), \(d)))") == rounded, "round \(d)")
        }
        // Halfway rounds up; before the zero time too.
        #expect(try text("select time_fmt_iso(time_round(time_date(2011, 1, 1, 0, 0, 30), dur_m()))") == "2011-01-01T00:01:00Z")
        #expect(try text("select time_fmt_iso(time_trunc(time_date(-1, 12, 31, 23, 59, 59), dur_h()))") == "-001-12-31T23:00:00Z")
        #expect(try text("select time_fmt_iso(time_trunc(time_date(-1500, 6, 1), 'millennium'))") == "-1000-01-01T00:00:00Z")
        #expect(errorMessage(db, "select time_trunc(time_now(), 'nano')") == "unknown field")
        #expect(errorMessage(db, "select time_trunc(time_now(), 'Day')") == "unknown field")
        #expect(errorMessage(db, "select time_trunc(time_now(), 'seconds')") == "unknown field")
        #expect(errorMessage(db, "select time_trunc(time_now(), 1.5)") == "2nd parameter: should be a field name")
        #expect(errorMessage(db, "select date_trunc(1, time_now())") == "1st parameter: should be a field name")
        #expect(errorMessage(db, "select date_trunc('day', x'01')") == "2nd parameter: invalid time blob size")
        #expect(errorMessage(db, "select time_round(time_now(), '1')") == "2nd parameter: should be an integer")
    }

    @Test func fields() throws {
        let t = "time_date(2011, 11, 18, 15, 56, 35, 666777888)"
        let integers: [(String, Int64)] = [
            ("millennium", 2), ("century", 20), ("decade", 201), ("decades", 201), ("year", 2011), ("years", 2011),
            ("quarter", 4), ("month", 11), ("months", 11), ("day", 18), ("days", 18), ("hour", 15), ("hours", 15),
            ("minute", 56), ("minutes", 56), ("milli", 666), ("milliseconds", 666), ("micro", 666777),
            ("nano", 666777888), ("nanoseconds", 666777888), ("isoyear", 2011), ("isoweek", 46), ("week", 46),
            ("isodow", 5), ("yearday", 322), ("doy", 322), ("dayofyear", 322), ("weekday", 5), ("dow", 5), ("dayofweek", 5),
        ]
        for (field, expected) in integers {
            #expect(try value(db, "select time_get(\(t), '\(field)')") == .integer(expected), "\(field)")
            #expect(try value(db, "select date_part('\(field)', \(t))") == .integer(expected), "\(field)")
        }
        #expect(try value(db, "select time_get(\(t), 'second')") == .real(35.666777888))
        #expect(try value(db, "select time_get(\(t), 'seconds')") == .real(35.666777888))
        #expect(try value(db, "select time_get(time_unix(1321631795, 500000000), 'epoch')") == .real(1321631795.5))
        #expect(try value(db, "select time_get(time_unix(-1, 500000000), 'epoch')") == .real(-0.5))
        #expect(try value(db, "select time_get(time_date(2011, 11, 20), 'isodow')") == .integer(7))
        #expect(try value(db, "select time_get(time_date(-1999, 1, 1), 'millennium')") == .integer(-1))
        for bad in ["millennia", "centuries", "Year", "epochs", "", "yearx"] {
            #expect(errorMessage(db, "select time_get(\(t), '\(bad)')") == "unknown field", "\(bad)")
        }
        #expect(errorMessage(db, "select time_get(\(t), 1)") == "2nd parameter: should be a field name")
        #expect(errorMessage(db, "select time_get(1, 'year')") == "1st parameter: should be a time blob")
        #expect(errorMessage(db, "select date_part(x'00', \(t))") == "1st parameter: should be a field name")
        #expect(errorMessage(db, "select date_part('year', x'00')") == "2nd parameter: invalid time blob size")
    }

    @Test func wrongTypesGiveSqleansMessages() throws {
        let cases: [(String, String)] = [
            ("time_date(2011, '11', 18)", "all parameters should be integers"),
            ("time_date(2011.0, 11, 18)", "all parameters should be integers"),
            ("make_date(2011, 11, x'18')", "all parameters should be integers"),
            ("make_timestamp(2011, 11, 18, 1, 2.5, 3)", "all parameters should be integers"),
            ("make_timestamp(2011, 11, 18, 1, 2, '3')", "all parameters should be integers"),
            ("time_unix(1.5)", "all parameters should be integers"),
            ("time_unix(1, '2')", "all parameters should be integers"),
            ("to_timestamp('1321631795')", "all parameters should be integers"),
            ("time_milli('1')", "parameter should be an integer"),
            ("time_micro(1.0)", "parameter should be an integer"),
            ("time_nano(x'01')", "parameter should be an integer"),
            ("time_get_year('2011-11-18')", "parameter should be a time blob"),
            ("time_get_isoweek(x'0102')", "invalid time blob size"),
            ("time_to_unix(1)", "parameter should be a time blob"),
            ("time_to_nano(zeroblob(14))", "invalid time blob size"),
            ("time_since(1)", "parameter should be a time blob"),
            ("time_until(x'')", "invalid time blob size"),
            ("time_after(1, time_now())", "1st parameter: should be a time blob"),
            ("time_before(time_now(), 'x')", "2nd parameter: should be a time blob"),
            ("time_compare(zeroblob(12), time_now())", "1st parameter: invalid time blob size"),
            ("time_equal(time_now(), zeroblob(12))", "2nd parameter: invalid time blob size"),
            ("time_add(time_now(), '1')", "2nd parameter: should be an integer"),
            ("date_add(time_now(), 1.0)", "2nd parameter: should be an integer"),
            ("time_sub(time_now(), 1)", "2nd parameter: should be a time blob"),
            ("age(x'01', time_now())", "1st parameter: invalid time blob size"),
            ("time_add_date(time_now(), '1')", "2nd parameter: should be an integer"),
            ("time_add_date(time_now(), 1, 1.0)", "3rd parameter: should be an integer"),
            ("time_add_date(time_now(), 1, 1, '1')", "4th parameter: should be an integer"),
            ("time_add_date('x', 1)", "1st parameter: should be a time blob"),
            ("time_fmt_iso(1)", "1st parameter: should be a time blob"),
            ("time_fmt_date(zeroblob(1))", "1st parameter: invalid time blob size"),
            ("time_fmt_time(time_now(), '3600')", "2nd parameter: should be an integer"),
            ("time_fmt_datetime(time_now(), 1.5)", "2nd parameter: should be an integer"),
        ]
        for (call, message) in cases { #expect(errorMessage(db, "select \(call)") == message, "\(call)") }
    }

    /// Every alias gives the same result as the function it names.
    @Test func aliases() throws {
        let pairs: [(String, String)] = [
            ("hex(make_date(2011, 11, 18))", "hex(time_date(2011, 11, 18))"),
            ("hex(make_timestamp(2011, 11, 18, 15, 56, 35))", "hex(time_date(2011, 11, 18, 15, 56, 35))"),
            ("hex(to_timestamp(1321631795))", "hex(time_unix(1321631795))"),
            ("date_part('isoweek', time_date(2021, 1, 1))", "time_get(time_date(2021, 1, 1), 'isoweek')"),
            ("hex(date_add(time_unix(5), dur_h()))", "hex(time_add(time_unix(5), dur_h()))"),
            ("age(time_unix(5), time_unix(1))", "time_sub(time_unix(5), time_unix(1))"),
            ("hex(date_trunc('month', time_unix(1321631795)))", "hex(time_trunc(time_unix(1321631795), 'month'))"),
            ("time_to_unix(now()) - time_to_unix(time_now()) between -1 and 0", "1"),
        ]
        for (alias, original) in pairs {
            #expect(try value(db, "select \(alias)") == value(db, "select \(original)"), "\(alias)")
        }
    }

    /// The encoding is sqlean's: version 1, int64 big-endian seconds since 0001-01-01, int32
    /// big-endian nanoseconds. Blobs written by sqlean read back as the same instant.
    @Test func blobEncodingRoundTrips() throws {
        #expect(try text("select hex(time_unix(0))") == "010000000E7791F70000000000")
        #expect(try text("select hex(time_date(1, 1, 1))") == "01000000000000000000000000")
        #expect(try text("select hex(time_unix(1321631795, 666777888))") == "010000000EC658773327BE3920")
        #expect(try text("select hex(time_date(0, 12, 31, 23, 59, 59, 999999999))") == "01FFFFFFFFFFFFFFFF3B9AC9FF")
        #expect(try text("select time_fmt_iso(x'010000000EC658773327BE3920')") == "2011-11-18T15:56:35.666777888Z")
        // Another version byte is the zero time, as in sqlean.
        #expect(try text("select time_fmt_iso(x'020000000EC658B1B327BE7420')") == "0001-01-01T00:00:00Z")
        // Nanoseconds out of range (a blob not made by sqlean) carry into the seconds.
        #expect(try text("select time_fmt_iso(x'010000000E7791F7003B9ACA01')") == "1970-01-01T00:00:01.000000001Z")
        #expect(try text("select time_fmt_iso(x'010000000E7791F700FFFFFFFF')") == "1969-12-31T23:59:59.999999999Z")
        // Stored and read back unchanged, and usable as a key.
        try db.execute("create table events(t blob primary key); insert into events values (time_unix(1)), (time_date(2011, 11, 18)), (time_unix(-1, 5))")
        #expect(try column(db, "select time_to_unix(t) from events order by t") == [.integer(-1), .integer(1), .integer(1321574400)])
        #expect(try value(db, "select count(*) from events where t = time_parse('1970-01-01T00:00:01Z')") == .integer(1))
        for seconds: Int64 in [-62135596800, -1, 0, 1, 1321631795, 253402300799, 9_000_000_000_000] {
            for nanos: Int64 in [0, 1, 999_999_999] {
                let sql = "select time_to_unix(t) = \(seconds), time_get_nano(t) = \(nanos), time_sub(t, time_unix(\(seconds), \(nanos))) from (select time_unix(\(seconds), \(nanos)) as t)"
                #expect(try rows(db, sql).first == [.integer(1), .integer(1), .integer(0)], "\(seconds) \(nanos)")
            }
        }
    }

    @Test func calendarEdges() throws {
        let cases: [(String, String)] = [
            // Normalisation as in Go's time.Date.
            ("time_fmt_iso(time_date(2011, 10, 32, 25, 61, 61, 1000000001))", "2011-11-02T02:02:02.000000001Z"),
            ("time_fmt_date(time_date(2011, 13, 1))", "2012-01-01"),
            ("time_fmt_date(time_date(2011, 0, 1))", "2010-12-01"),
            ("time_fmt_date(time_date(2011, -11, 1))", "2010-01-01"),
            ("time_fmt_date(time_date(2011, 3, 0))", "2011-02-28"),
            ("time_fmt_date(time_date(2012, 3, 0))", "2012-02-29"),
            ("time_fmt_iso(time_date(2011, 1, 1, 0, 0, 0, -1))", "2010-12-31T23:59:59.999999999Z"),
            ("time_fmt_date(time_date(2011, 2, 30))", "2011-03-02"),
            // Leap years: every 4, not every 100, every 400.
            ("time_fmt_date(time_date(2000, 2, 29))", "2000-02-29"), ("time_fmt_date(time_date(1900, 2, 29))", "1900-03-01"),
            ("time_fmt_date(time_date(2024, 2, 29))", "2024-02-29"), ("time_fmt_date(time_date(2023, 2, 29))", "2023-03-01"),
            // Month ends in time_add_date: Oct 31 + 1 month = Dec 1; Feb 29 + 1 year = Mar 1.
            ("time_fmt_date(time_add_date(time_date(2011, 10, 31), 0, 1))", "2011-12-01"),
            ("time_fmt_date(time_add_date(time_date(2012, 2, 29), 1))", "2013-03-01"),
            ("time_fmt_date(time_add_date(time_date(2012, 2, 29), 4))", "2016-02-29"),
            ("time_fmt_date(time_add_date(time_date(2011, 3, 31), 0, -1))", "2011-03-03"),
            ("time_fmt_date(time_add_date(time_date(2011, 1, 31), 0, 0, 29))", "2011-03-01"),
            ("time_fmt_iso(time_add_date(time_date(2011, 1, 31, 10, 20, 30, 5), 0, 1))", "2011-03-03T10:20:30.000000005Z"),
            // Year 1, year 9999, before year 1, after 9999.
            ("time_fmt_iso(time_date(1, 1, 1))", "0001-01-01T00:00:00Z"),
            ("time_fmt_iso(time_add(time_date(1, 1, 1), -1))", "0000-12-31T23:59:59.999999999Z"),
            ("time_fmt_iso(time_date(9999, 12, 31, 23, 59, 59))", "9999-12-31T23:59:59Z"),
            ("time_fmt_iso(time_add(time_date(9999, 12, 31, 23, 59, 59), dur_s()))", "10000-01-01T00:00:00Z"),
            ("time_fmt_iso(time_date(-5, 1, 1))", "-005-01-01T00:00:00Z"),
            ("time_fmt_iso(time_date(-12345, 6, 7))", "-12345-06-07T00:00:00Z"),
            ("time_fmt_iso(time_date(12345, 1, 1))", "12345-01-01T00:00:00Z"),
            ("time_fmt_iso(time_date(987, 1, 1))", "0987-01-01T00:00:00Z"),
            // Negative Unix times.
            ("time_fmt_iso(time_unix(-1))", "1969-12-31T23:59:59Z"),
            ("time_fmt_iso(time_unix(-1, 500))", "1969-12-31T23:59:59.000000500Z"),
            ("time_fmt_iso(time_unix(0, -1))", "1969-12-31T23:59:59.999999999Z"),
            ("time_fmt_iso(time_milli(-1))", "1969-12-31T23:59:59.999000000Z"),
            ("time_fmt_iso(time_micro(-1500001))", "1969-12-31T23:59:58.499999000Z"),
            ("time_fmt_iso(time_nano(-1))", "1969-12-31T23:59:59.999999999Z"),
            // Offsets: the sign of the whole offset (sqlean printed +00:30 for -1800).
            ("time_fmt_iso(time_unix(0), -1800)", "1969-12-31T23:30:00-00:30"),
            ("time_fmt_iso(time_unix(0), -5400)", "1969-12-31T22:30:00-01:30"),
            ("time_fmt_iso(time_unix(0), 19800)", "1970-01-01T05:30:00+05:30"),
            ("time_fmt_iso(time_unix(0), 3601)", "1970-01-01T01:00:01+01:00"),
            ("time_fmt_iso(time_unix(0), 360000)", "1970-01-05T04:00:00+100:00"),
            ("time_fmt_iso(time_unix(0, 5), 60)", "1970-01-01T00:01:00.000000005+00:01"),
            ("time_fmt_datetime(time_unix(0), -1)", "1969-12-31 23:59:59"),
        ]
        for (call, expected) in cases { #expect(try text("select \(call)") == expected, "\(call)") }
        let integers: [(String, Int64)] = [
            ("time_to_unix(time_date(1970, 1, 1))", 0), ("time_to_unix(time_date(1, 1, 1))", -62135596800),
            ("time_to_milli(time_unix(-1, 999999999))", -1), ("time_to_micro(time_nano(-1))", -1),
            ("time_to_nano(time_nano(-9223372036854775808))", -9223372036854775808),
            ("time_to_nano(time_nano(9223372036854775807))", 9223372036854775807),
            ("time_to_milli(time_milli(-9223372036854775808))", -9223372036854775808),
            ("time_get_weekday(time_date(1, 1, 1))", 1), ("time_get_weekday(time_date(1970, 1, 1))", 4),
            ("time_get_yearday(time_date(2000, 12, 31))", 366), ("time_get_yearday(time_date(2001, 12, 31))", 365),
            ("time_get_isoweek(time_date(2021, 1, 1))", 53), ("time_get_isoyear(time_date(2021, 1, 1))", 2020),
            ("time_get_isoweek(time_date(2008, 12, 29))", 1), ("time_get_isoyear(time_date(2008, 12, 29))", 2009),
            ("time_get_isoweek(time_date(2010, 1, 3))", 53), ("time_get_isoyear(time_date(2010, 1, 3))", 2009),
            ("time_get_isoweek(time_date(2026, 12, 31))", 53), ("time_get_isoweek(time_date(1, 1, 1))", 1),
            ("time_get_year(time_date(0, 1, 1))", 0), ("time_get_year(time_date(-1, 12, 31))", -1),
        ]
        for (call, expected) in integers { #expect(try value(db, "select \(call)") == .integer(expected), "\(call)") }
    }

    @Test func parsingEdges() throws {
        let cases: [(String, String)] = [
            ("'2011-11-18T15:56:35.666Z'", "0001-01-01T00:00:00Z"),  // fraction must have 9 digits
            ("'2011-11-18T15:56:35.000000666Z'", "2011-11-18T15:56:35.000000666Z"),
            ("'2011-11-18T15:56:35Z'", "2011-11-18T15:56:35Z"),
            ("'2011-11-18x15:56:35'", "2011-11-18T15:56:35Z"),
            ("'2011-02-30'", "2011-03-02T00:00:00Z"),
            ("'2011- 2-30'", "2011-03-02T00:00:00Z"),  // scanf's %d skips blanks
            ("'-001-02-03'", "-001-02-03T00:00:00Z"),
            ("'25:00:00'", "0001-01-02T01:00:00Z"),
            ("'2011/11/18'", "0001-01-01T00:00:00Z"),
            ("'not a time'", "0001-01-01T00:00:00Z"),
            ("''", "0001-01-01T00:00:00Z"),
            ("'2011-11-18T15:56:35+0a:00'", "0001-01-01T00:00:00Z"),
            ("'2011-11-18T15:56:35.666777888+03:3'", "0001-01-01T00:00:00Z"),
            ("'2011-11-18T15:56:35*03:30'", "2011-11-18T12:26:35Z"),  // any sign but '-' counts as '+'
            ("20111118", "0001-01-01T00:00:00Z"),  // numbers are read as text: 8 bytes, not a clock
            ("cast('2011-11-18' as blob)", "2011-11-18T00:00:00Z"),
            ("'2011-11-18' || char(0)", "0001-01-01T00:00:00Z"),
            ("'99999999999999-01-01T00:00:00Z'", "0001-01-01T00:00:00Z"),
        ]
        for (input, expected) in cases {
            #expect(try text("select time_fmt_iso(time_parse(\(input)))") == expected, "\(input)")
        }
    }

    /// Arithmetic past the int64 range of seconds is an error or a saturated duration, never a trap.
    @Test func overflowIsAnErrorNotACrash() throws {
        let maxTime = "x'017FFFFFFFFFFFFFFF3B9AC9FF'"
        let minTime = "x'01800000000000000000000000'"
        let outOfRange = [
            "time_add(\(maxTime), 1)", "time_add(\(minTime), -1)", "date_add(\(maxTime), 9223372036854775807)",
            "time_unix(9223372036854775807)", "time_unix(9223371974719179007, 1000000000)",
            "time_date(9223372036854775807, 1, 1)", "time_date(2011, 9223372036854775807, 1)",
            "time_date(1, 1, 1, 9223372036854775807, 9223372036854775807, 9223372036854775807, 9223372036854775807, -9223372036854775808)",
            "time_add_date(\(maxTime), 1)", "time_add_date(time_now(), 9223372036854775807, 9223372036854775807, 9223372036854775807)",
            "time_add_date(time_now(), -9223372036854775808, -9223372036854775808, -9223372036854775808)",
            "time_fmt_iso(\(maxTime), 1)", "time_fmt_date(\(minTime), -1)", "time_round(\(maxTime), dur_h())",
            "time_trunc(\(minTime), 'week')", "time_trunc(\(minTime), 'day')", "time_trunc(\(minTime), dur_h())",
        ]
        for call in outOfRange { #expect(errorMessage(db, "select \(call)") == "time value out of range", "\(call)") }
        #expect(errorMessage(db, "select time_to_nano(time_date(1, 1, 1))") == "integer overflow: the time is too far from 1970 for nanoseconds")
        #expect(errorMessage(db, "select time_to_milli(\(maxTime))") == "integer overflow: the time is too far from 1970 for milliseconds")
        #expect(errorMessage(db, "select time_to_unix(\(minTime))") == "integer overflow: the time is too far from 1970 for seconds")
        // Durations saturate, as in sqlean and Go.
        #expect(try value(db, "select time_sub(\(maxTime), \(minTime))") == .integer(.max))
        #expect(try value(db, "select age(\(minTime), \(maxTime))") == .integer(.min))
        #expect(try value(db, "select time_sub(time_date(2262, 4, 12), time_unix(0))") == .integer(.max))
        #expect(try value(db, "select time_since(\(minTime))") == .integer(.max))
        #expect(try value(db, "select time_until(\(minTime))") == .integer(.min))
        // The extremes still read and print.
        #expect(try text("select time_fmt_iso(\(maxTime))") == "292277024627-12-06T15:30:07.999999999Z")
        #expect(try text("select time_fmt_iso(\(minTime))") == "-292277024626-01-27T08:29:52Z")
        #expect(try value(db, "select time_get_year(\(maxTime))") == .integer(292277024627))
        #expect(try value(db, "select time_get_isoweek(\(maxTime)) between 1 and 53") == .integer(1))
        #expect(try text("select time_fmt_iso(time_round(\(maxTime), -1))") == "292277024627-12-06T15:30:07.999999999Z")
        #expect(try text("select time_fmt_iso(time_unix(0), 9000000000000000000)") == "285198648531-04-21T16:00:00+2500000000000000:00")
    }

    /// Only time_now, now, time_since and time_until are non-deterministic: the others can be
    /// used in indexes, CHECK constraints and generated columns.
    @Test func determinism() throws {
        try db.execute("create table t(x blob, y as (time_get_year(x)))")
        try db.execute("create index t_year on t(time_get_year(x))")
        try db.execute("insert into t values (time_date(2011, 11, 18))")
        #expect(try value(db, "select y from t") == .integer(2011))
        for name in ["time_now()", "now()", "time_since(x)", "time_until(x)"] {
            #expect(errorMessage(db, "create index t_bad on t(\(name))") ==
                    "non-deterministic functions prohibited in index expressions", "\(name)")
        }
    }

    /// No name of the pack is one of SQLite's own functions, so none starts disabled.
    @Test func noClashWithSQLiteBuiltIns() throws {
        let plain = try Connection(path: ":memory:")
        for name in Self.names {
            #expect(try value(plain, "select count(*) from pragma_function_list where name = '\(name)'") == .integer(0), "\(name)")
        }
    }
}
