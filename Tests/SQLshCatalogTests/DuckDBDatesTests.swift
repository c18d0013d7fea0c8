import SQLshCatalog
import SQLshCore
import Testing

/// DuckDB's date functions on ISO text, Unix numbers and the time pack's blobs: each answers
/// in the kind it was given, blobs keep sqlean's behaviour under sqlean's names, and bad input
/// is a clear error. DuckDB's own answers are in DuckDBAnswers.swift (DuckDBPackTests).
@Suite struct DuckDBDatesTests {
    let db: Connection

    init() throws {
        db = try catalogConnection()
    }

    @Test func textInTextOut() throws {
        #expect(try value(db, "select date_trunc('month', '2024-03-21')") == .text("2024-03-01 00:00:00"))
        #expect(try value(db, "select date_add('2024-01-31', '1 month')") == .text("2024-02-29 00:00:00"))
        #expect(try value(db, "select date_add('2024-01-31', 1)") == .text("2024-02-01"))
        #expect(try value(db, "select last_day('2024-02-10 10:00')") == .text("2024-02-29"))
        #expect(try value(db, "select date_trunc('day', '2024-03-21T10:11:12+02:00')") == .text("2024-03-21 00:00:00"))
        #expect(try value(db, "select date_trunc('hour', '2024-03-21T01:11:12+02:00')") == .text("2024-03-20 23:00:00"))
        #expect(try value(db, "select date_trunc('year', '0000-06-01')") == .text("0001-01-01 00:00:00 (BC)"))
        #expect(try value(db, "select date_part('year', '0045-03-15 (BC)')") == .integer(-44))
    }

    @Test func numbersInNumbersOut() throws {
        #expect(try value(db, "select date_trunc('month', 1711015872)") == .integer(1_709_251_200))
        #expect(try value(db, "select date_add(1711015872, '1 day')") == .integer(1_711_102_272))
        #expect(try value(db, "select date_add(0.5, '1 second')") == .real(1.5))
        #expect(try value(db, "select last_day(0)") == .integer(2_592_000))
        #expect(try value(db, "select date_part('year', 0.0)") == .integer(1970))
    }

    @Test func blobsInBlobsOutWithSqleansBehaviour() throws {
        let t = "time_date(2011, 11, 18, 15, 56, 35, 666777888)"
        // sqlean's names keep sqlean's meaning for blobs: fields, nanoseconds, durations.
        #expect(try value(db, "select time_fmt_iso(date_trunc('week', \(t)))") == .text("2011-11-14T00:00:00Z"))
        #expect(try value(db, "select date_part('second', \(t))") == .real(35.666777888))
        #expect(try value(db, "select time_fmt_iso(date_add(\(t), 5))") == .text("2011-11-18T15:56:35.666777893Z"))
        #expect(try value(db, "select age(time_date(2011, 11, 19), time_date(2011, 11, 18))") == .integer(86_400_000_000_000))
        // DuckDB's intervals and the DuckDB-only names answer with blobs too.
        #expect(try value(db, "select time_fmt_iso(date_add(time_date(2024, 1, 31), '1 month'))") == .text("2024-02-29T00:00:00Z"))
        #expect(try value(db, "select time_fmt_iso(last_day(\(t)))") == .text("2011-11-30T00:00:00Z"))
        #expect(try value(db, "select dayname(\(t)), monthname(\(t))") == .text("Friday"))
        #expect(try value(db, "select epoch(time_unix(1, 500))") == .real(1.0000005))
        #expect(try value(db, "select date_diff('day', time_date(2024, 1, 1), '2024-03-21')") == .integer(80))
        #expect(try value(db, "select typeof(make_timestamp(2024, 1, 1, 0, 0, -8e12))") == .text("blob"))
        #expect(try value(db, "select typeof(to_timestamp(1.5)), typeof(epoch_ms(1)), typeof(make_timestamp(1))")
                == .text("blob"))
    }

    @Test func nullGivesNull() throws {
        let calls = [
            "date_trunc(NULL, '2024-01-01')", "date_trunc('day', NULL)", "date_part('day', NULL)", "date_part(NULL, 1)",
            "date_diff('day', NULL, '2024-01-01')", "datediff(NULL, 1, 2)", "datepart('day', NULL)",
            "date_add(NULL, '1 day')", "date_add('2024-01-01', NULL)", "date_add(time_now(), NULL)", "dayname(NULL)",
            "monthname(NULL)", "last_day(NULL)", "make_time(NULL, 1, 1)", "make_timestamp(NULL)",
            "make_timestamp(2024, 1, 1, 1, 1, NULL)", "epoch(NULL)", "epoch_ms(NULL)", "to_timestamp(NULL)",
            "strptime(NULL, '%Y')", "strptime('2024', NULL)", "age(NULL)", "age('2024-01-01', NULL)", "age(NULL, time_now())",
        ]
        for call in calls { #expect(try value(db, "select \(call)") == .null, "\(call)") }
        #expect(try value(db, "select count(*) from unnest(NULL)") == .integer(0))
    }

    /// Specifiers match case-insensitively, the longest included; near misses do not.
    @Test func specifierSpellings() throws {
        #expect(try value(db, "select date_part('YeArS', '2024-03-21')") == .integer(2024))
        #expect(try value(db, "select date_part('DayOfMonth', '2024-03-21')") == .integer(21))
        #expect(try value(db, "select date_part('millenniums', '2024-03-21')") == .integer(3))
        #expect(try value(db, "select date_part('TIMEZONE_MINUTE', '2024-03-21')") == .integer(0))
        #expect(try value(db, "select date_trunc('D', 1711015872)") == .integer(1_710_979_200))
        for bad in ["yearsx", "year ", "timezone_minutes", "millenniumsmillennia", "dāy", ""] {
            let message = errorMessage(db, "select date_part('\(bad)', '2024-03-21')") ?? ""
            #expect(message.hasPrefix("extract specifier ") && message.hasSuffix(" not recognized"), "\(bad)")
        }
        #expect(errorMessage(db, "select date_part('day' || char(0), '2024-03-21')")?.hasPrefix("extract specifier") == true)
    }

    @Test func badInputIsAClearError() throws {
        let cases: [(String, String)] = [
            ("date_trunc('fortnight', '2024-01-01')", "extract specifier \"fortnight\" not recognized"),
            ("date_part('x', '2024-01-01')", "extract specifier \"x\" not recognized"),
            ("date_trunc(1, '2024-01-01')", "date_trunc(): the part must be text"),
            ("date_trunc('era', '2024-01-01')", "date_trunc(): cannot truncate to the part era"),
            ("date_diff('era', '2024-01-01', '2024-01-02')", "date_diff(): cannot count the part era"),
            ("date_trunc('day', '2024-02-30')", "date_trunc(): '2024-02-30' is not a date (ISO text such as '2024-03-21' or '2024-03-21 10:11:12', Unix seconds or a time blob)"),
            ("dayname('yesterday')", "dayname(): 'yesterday' is not a date (ISO text such as '2024-03-21' or '2024-03-21 10:11:12', Unix seconds or a time blob)"),
            ("dayname(cast(x'ff' as text))", "dayname(): the text (1 bytes) is not a date (ISO text such as '2024-03-21' or '2024-03-21 10:11:12', Unix seconds or a time blob)"),
            ("dayname(x'0102')", "dayname(): a blob argument must be a 13-byte time value of the time pack"),
            ("dayname(9223372036854775807)", "dayname(): date out of range"),
            ("dayname(1e300)", "dayname(): date out of range"),
            ("epoch(-9e18)", "epoch(): date out of range"),
            ("date_add('2024-01-01', 'soon')", "date_add(): 'soon' is not an interval (such as '1 day', '3 months', '-2 hours' or '01:30:00')"),
            ("date_add('2024-01-01', 1.5)", "date_add(): the interval must be text such as '1 day' or '3 months', or an integer of days"),
            ("date_add('2024-01-01', '9999999999999 years')", "date_add(): date out of range"),
            ("date_add('2024-01-01', 9223372036854775807)", "date_add(): date out of range"),
            ("make_time(24, 0, 0)", "make_time(): time out of range: 24:0:0.0"),
            ("make_time('1', 0, 0)", "make_time(): the hour and minute must be integers, the second a number"),
            ("make_timestamp(1.5)", "make_timestamp(): the microseconds must be an integer"),
            ("make_timestamp(9223372036854775807)", "make_timestamp(): date out of range"),
            ("make_timestamp(2024, 1, 1, 0, 0, 1e300)", "make_timestamp(): date out of range"),
            ("make_timestamp(2024, 1, 1, 0, 0, 1e14)", "make_timestamp(): date out of range"),
            ("to_timestamp(1e300)", "to_timestamp(): date out of range"),
            ("epoch_ms(9223372036854775807)", "epoch_ms(): date out of range"),
            ("strptime('x', '%Y')", "Could not parse string \"x\" according to format specifier \"%Y\""),
            ("strptime('2024-02-30', '%Y-%m-%d')", "strptime(): date out of range: 2024-2-30"),
            ("strptime('2024', '%Q')", "strptime(): the format specifier %Q is not supported"),
            ("strptime(2024, '%Y')", "strptime(): the text to read must be text"),
            ("select * from unnest('{\"a\": 1}')", "unnest(): the argument is not a JSON array"),
            ("select * from unnest('[1, 2')", "unnest(): the argument is not a JSON array"),
            ("select * from unnest('[1,,2]')", "unnest(): the argument is not a JSON array"),
            ("select * from unnest('[\"\\x\"]')", "unnest(): the argument is not a JSON array"),
            ("select * from unnest(3)", "unnest(): the argument must be a JSON array (text)"),
        ]
        for (call, message) in cases {
            let sql = call.hasPrefix("select") ? call : "select \(call)"
            #expect(errorMessage(db, sql) == message, "\(call)")
        }
    }

    @Test func hugeAndDeepInputs() throws {
        // A long text and deep nesting are read without recursion or a trap.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(try value(db, "select count(*) from unnest('[\(deep), 1]')") == .integer(2))
        let long = String(repeating: "9", count: 10_000)
        #expect(errorMessage(db, "select dayname('\(long)-01-01')") != nil)
        #expect(errorMessage(db, "select date_add('2024-01-01', '\(long) days')") != nil)
        #expect(errorMessage(db, "select date_add('2024-01-01', '99999999999 hours 99999999999 hours 9999999999999 days')") != nil)
        #expect(try value(db, "select count(*), sum(unnest) from unnest((select json_group_array(value) from generate_series(1, 100000)))")
                == .integer(100_000))
    }

    @Test func unnestValues() throws {
        let got = try rows(db, "select unnest, typeof(unnest) from unnest('[1, 2.5, \"a\\nb\", true, false, null, {\"k\": [1]}, \"\\u00e9\\ud83d\\ude00\"]')")
        #expect(got == [
            [.integer(1), .text("integer")], [.real(2.5), .text("real")], [.text("a\nb"), .text("text")],
            [.integer(1), .text("integer")], [.integer(0), .text("integer")], [.null, .text("null")],
            [.text("{\"k\": [1]}"), .text("text")], [.text("é😀"), .text("text")],
        ])
        #expect(try value(db, "select group_concat(rowid) from unnest('[\"x\", \"y\"]')") == .text("1,2"))
    }

    @Test func todayAndAgeFromToday() throws {
        #expect(try value(db, "select today() = date('now')") == .integer(1))
        #expect(try value(db, "select age(date('now'))") == .text("00:00:00"))
        #expect(try value(db, "select age(time_date(2000, 1, 1)) > 0") == .integer(1))
    }

    /// The fuzz target's calls (Fuzz/Sources/FuzzDates) with edited seeds, a few thousand
    /// times, deterministically: every call answers or fails with a message, never traps.
    @Test func editedInputsNeverTrap() throws {
        let seeds = ["2024-03-21 10:11:12.345678", "month", "1 year 2 months 3 days 04:05:06.5", "0045-03-15 (BC)",
                     "%I:%M %p %d %b %y %z", "10:11 PM 21 Mar 24 +0200", "[1, \"a\\n\", [2, {\"k\": null}]]",
                     "2024-01-31T23:59:59Z", "-01:30", "yearweek", "%Y-%j", "2024-081"]
        let calls = ["date_trunc(?1, ?2)", "date_part(?1, ?2)", "datepart(?1, ?2)", "date_diff(?1, ?2, ?3)", "date_add(?1, ?2)",
                     "age(?1, ?2)", "dayname(?1)", "last_day(?1)", "epoch_ms(?1)", "strptime(?1, ?2)", "make_time(?1, ?2, ?3)"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        func edited() -> [UInt8] {
            var bytes = Array(seeds[next(seeds.count)].utf8)
            for _ in 0..<next(4) {
                let choice = next(3)
                if choice == 0, !bytes.isEmpty { bytes.remove(at: next(bytes.count)) }
                else if choice == 1 { bytes.insert(UInt8(next(256)), at: next(bytes.count + 1)) }
                else if !bytes.isEmpty { bytes[next(bytes.count)] = UInt8(next(256)) }
            }
            return bytes
        }
        for _ in 0..<3000 {
            let call = calls[next(calls.count)]
            let statement = try db.prepare("select \(call)")
            for index in 1...3 where call.contains("?\(index)") {
                switch next(5) {
                case 0: try statement.bind(SQLValue.integer(Int64(bitPattern: UInt64(next(Int.max)) &* 977)), at: index)
                case 1: try statement.bind(SQLValue.real(Double(next(1_000_000)) * (next(2) == 0 ? 1e9 : 0.001)), at: index)
                case 2: try statement.bind(SQLValue.blob([1] + (0..<12).map { _ in UInt8(next(256)) }), at: index)
                default: try edited().withUnsafeBufferPointer { try statement.bindText(utf8: $0, at: index) }
                }
            }
            _ = try? statement.step()
        }
    }
}
