import SQLshCatalog
import SQLshCore
import Testing

@Suite struct StatsPackTests {
    let db: Connection
    init() throws {
        db = try catalogConnection()
        try db.execute("""
            create table t(g text, x);
            insert into t values ('a', 1), ('a', 2), ('a', 3), ('a', 10), ('b', 5), ('b', null), ('c', null);
            """)
    }

    /// The quantile computed the slow way, in SQL, for comparisons.
    func sortedQuantile(_ table: String, _ fraction: Double) throws -> Double? {
        let n = try value(db, "select count(x) from \(table)")
        guard case .integer(let count) = n, count > 0 else { return nil }
        let position = fraction * Double(count - 1)
        let index = Int(position)
        let low = try value(db, "select x from \(table) where x is not null order by x limit 1 offset \(index)")
        let high = try value(db, "select x from \(table) where x is not null order by x limit 1 offset \(min(index + 1, Int(count) - 1))")
        func d(_ v: SQLValue) -> Double { if case .real(let r) = v { return r }; if case .integer(let i) = v { return Double(i) }; return .nan }
        return d(low) + (d(high) - d(low)) * (position - Double(index))
    }

    @Test func median() throws {
        #expect(try value(db, "select median(x) from t") == .real(3))
        #expect(try value(db, "select median(x) from t where g = 'a'") == .real(2.5))
        #expect(try value(db, "select median(x) from t where g = 'c'") == .null)
        #expect(try value(db, "select median(x) from t where 0") == .null)
        // SQLite 3.53's median refuses text; sqlean's stats_median reads numeric text.
        #expect(errorMessage(db, "select median('12')") == "input to median() is not numeric")
        #expect(try value(db, "select stats_median('12')") == .real(12))
        #expect(try rows(db, "select g, median(x) from t group by g order by g")
                == [[.text("a"), .real(2.5)], [.text("b"), .real(5)], [.text("c"), .null]])
    }

    @Test func medianMatchesSortingOnRandomData() throws {
        try db.execute("create table r(x real); insert into r select (random() % 1000) / 7.0 from generate_series(1, 20001)")
        try db.execute("insert into r select x from r limit 5000")  // duplicates
        for (name, fraction) in [("median", 0.5), ("percentile_25", 0.25), ("percentile_75", 0.75), ("percentile_90", 0.9),
                                 ("percentile_95", 0.95), ("percentile_99", 0.99)] {
            guard case .real(let got) = try value(db, "select \(name)(x) from r"), let want = try sortedQuantile("r", fraction) else {
                Issue.record("\(name) gave no real"); continue
            }
            #expect(abs(got - want) < 1e-9, "\(name)")
        }
        guard case .real(let got) = try value(db, "select percentile(x, 33.3) from r"), let want = try sortedQuantile("r", 0.333) else {
            Issue.record("percentile gave no real"); return
        }
        #expect(abs(got - want) < 1e-9)
    }

    @Test func sortedAndConstantInputs() throws {
        #expect(try value(db, "select median(value) from generate_series(1, 100001)") == .real(50001))
        #expect(try value(db, "select median(100001 - value) from generate_series(1, 100000)") == .real(50000.5))
        #expect(try value(db, "select median(7) from generate_series(1, 50000)") == .real(7))
        #expect(try value(db, "select percentile_99(value % 2) from generate_series(1, 50000)") == .real(1))
    }

    @Test func fixedPercentiles() throws {
        #expect(try value(db, "select percentile_25(value) from generate_series(1, 5)") == .real(2))
        #expect(try value(db, "select percentile_75(value) from generate_series(1, 5)") == .real(4))
        #expect(try value(db, "select percentile_90(value) from generate_series(1, 11)") == .real(10))
        #expect(try value(db, "select percentile_95(value) from generate_series(1, 21)") == .real(20))
        #expect(try value(db, "select percentile_99(value) from generate_series(1, 101)") == .real(100))
        #expect(try value(db, "select percentile_90(x) from t where 0") == .null)
    }

    /// The rank is computed as sqlean and SQLite's percentile extension compute it, percent
    /// plus one minus one, times n − 1, times 0.01, so results agree to the last bit: `0.95 ·
    /// 3` is 2.8499999999999996, theirs 2.85 (and a 100,000-row benchmark differed in print).
    /// (stats_perc and percentile_NN; percentile itself computes as SQLite 3.53: P / 100 · (n − 1).)
    @Test func percentileRankInSqleansOrderOfOperations() throws {
        #expect(try value(db, "select percentile_95(value) from generate_series(0, 3)") == .real(2.85))
        #expect(try value(db, "select stats_perc(value, 0.1) from generate_series(0, 3)") == .real(0.0030000000000000027))
        #expect(try value(db, "select stats_perc(value, 33.3) from generate_series(0, 6)") == .real(1.9979999999999998))
    }

    @Test func percentileArguments() throws {
        #expect(try value(db, "select percentile(x, 50) from t where g = 'a'") == .real(2.5))
        #expect(try value(db, "select percentile(x, 0) from t") == .real(1))
        #expect(try value(db, "select percentile(x, 100) from t") == .real(10))
        #expect(try value(db, "select percentile(x, '75') from t where g = 'a'") == .real(4.75))
        #expect(errorMessage(db, "select percentile(x, 101) from t") == "the fraction argument to percentile() is not between 0.0 and 100.0")
        #expect(errorMessage(db, "select percentile(x, -1) from t") == "the fraction argument to percentile() is not between 0.0 and 100.0")
        #expect(errorMessage(db, "select percentile(x, null) from t") == "the fraction argument to percentile() is not between 0.0 and 100.0")
        #expect(errorMessage(db, "select percentile(x, x) from t") == "the fraction argument to percentile() is not the same for all input rows")
    }

    /// SQLite's ext/misc/percentile.c: the 2nd argument may vary between rows by 0.001 or less
    /// (compared with the first row's, which is the one used); more is an error.
    /// (sqlean's stats_perc, as SQLite 3.40's extension: 0.001 in percent.)
    @Test func percentileToleratesTinyDifferencesInTheLevel() throws {
        #expect(try value(db, "select stats_perc(column1, column2) from (values (1, 50), (2, 50.0009), (3, 49.9991))") == .real(2))
        #expect(try value(db, "select stats_perc(column1, column2) from (values (1, 0), (2, 0.001), (3, 0))") == .real(1))
        #expect(errorMessage(db, "select stats_perc(column1, column2) from (values (1, 50), (2, 50.0011))")
                == "2nd argument to percentile() is not the same for all input rows")
        // Each row is compared with the first, not with the one before it.
        #expect(errorMessage(db, "select stats_perc(column1, column2) from (values (1, 50), (2, 50.0008), (3, 50.0016))")
                == "2nd argument to percentile() is not the same for all input rows")
    }

    /// SQLite 3.53's percentile: 0.001 of the fraction, so 0.1 in percent.
    @Test func sqlite353PercentileTolerance() throws {
        #expect(try value(db, "select percentile(column1, column2) from (values (1, 50), (2, 50.09), (3, 49.91))") == .real(2))
        #expect(errorMessage(db, "select percentile(column1, column2) from (values (1, 50), (2, 50.11))")
                == "the fraction argument to percentile() is not the same for all input rows")
    }

    /// percentile.c reads the 1st argument's storage class: text is not numeric there, even
    /// text that looks like a number (the 2nd argument takes numeric text, as in SQLite).
    @Test func percentileRejectsTextValues() throws {
        #expect(errorMessage(db, "select percentile('50', 50)") == "input to percentile() is not numeric")
        #expect(errorMessage(db, "select percentile(column1, 50) from (values (1), ('2'))") == "input to percentile() is not numeric")
        #expect(errorMessage(db, "select percentile(x'01', 50)") == "input to percentile() is not numeric")
        #expect(try value(db, "select percentile(null, 50)") == .null)
        #expect(try value(db, "select percentile(2, '50')") == .real(2))
    }

    @Test func nonNumericInputIsAnError() throws {
        #expect(errorMessage(db, "select median('abc')") == "input to median() is not numeric")
        #expect(errorMessage(db, "select percentile_90(x'00')") == "1st argument to percentile_90() is not numeric")
        #expect(errorMessage(db, "select median(9e999)") == "Inf input to median()")
        #expect(errorMessage(db, "select median()") == "wrong number of arguments to function median()")
        #expect(errorMessage(db, "select percentile(1)") == "wrong number of arguments to function percentile()")
    }

    @Test func percentilesAsWindowFunctions() throws {
        try db.execute("create table w(i integer primary key, x real); insert into w select value, (value * 7919) % 101 from generate_series(1, 300)")
        try db.execute("update w set x = null where i % 17 = 0")
        for (frame, low, high) in [("rows between 4 preceding and current row", 4, 0),
                                   ("rows between 10 preceding and 3 following", 10, 3),
                                   ("rows between unbounded preceding and current row", 1000, 0)] {
            let got = try column(db, "select median(x) over (order by i \(frame)) from w order by i")
            #expect(got.count == 300)
            for i in stride(from: 1, through: 300, by: 23) {
                #expect(got[i - 1] == (try value(db, "select median(x) from w where i between \(i - low) and \(i + high)")), "row \(i)")
            }
        }
        // A sliding frame against the same aggregate run on each frame separately.
        let sliding = try column(db, "select percentile(x, 30) over (order by i rows between 7 preceding and 2 following) from w order by i")
        for i in stride(from: 1, through: 300, by: 37) {
            let direct = try value(db, "select percentile(x, 30) from w where i between \(i - 7) and \(i + 2)")
            #expect(sliding[i - 1] == direct, "row \(i)")
        }
        #expect(try column(db, "select median(x) over (partition by g) from t order by g, x")
                == [.real(2.5), .real(2.5), .real(2.5), .real(2.5), .real(5), .real(5), .null])
    }

    @Test func varianceFamily() throws {
        try db.execute("create table v(x); insert into v values (2), (4), (4), (4), (5), (5), (7), (9)")
        func real(_ sql: String) throws -> Double {
            if case .real(let r) = try value(db, sql) { return r }
            Issue.record("not a real: \(sql)"); return .nan
        }
        #expect(try real("select var_pop(x) from v") == 4)
        #expect(try real("select stddev_pop(x) from v") == 2)
        #expect(abs(try real("select var_samp(x) from v") - 32.0 / 7) < 1e-12)
        #expect(abs(try real("select variance(x) from v") - 32.0 / 7) < 1e-12)
        #expect(abs(try real("select stddev(x) from v") - (32.0 / 7).squareRoot()) < 1e-12)
        #expect(abs(try real("select stddev_samp(x) from v") - (32.0 / 7).squareRoot()) < 1e-12)
        // Too few rows: NULL, not sqlean's 0.0.
        #expect(try value(db, "select stddev(x), variance(x), var_samp(x), stddev_samp(x) from v where x = 9") == .null)
        #expect(try rows(db, "select stddev(x), variance(x), var_samp(x), stddev_samp(x), var_pop(x), stddev_pop(x) from v where x = 9")
                == [[.null, .null, .null, .null, .real(0), .real(0)]])
        #expect(try rows(db, "select var_pop(x), stddev_pop(x) from v where 0") == [[.null, .null]])
        #expect(try value(db, "select variance(column1) from (values (null), (1), (null), (3))") == .real(2))
        // Large offsets stay accurate (Welford).
        #expect(abs(try real("select variance(x + 1e9) from v") - 32.0 / 7) < 1e-6)
        #expect(errorMessage(db, "select variance()") == "wrong number of arguments to function variance()")
    }

    @Test func varianceAsWindowFunction() throws {
        try db.execute("create table w(i integer primary key, x real); insert into w select value, ((value * 7919) % 101) / 3.0 from generate_series(1, 200)")
        try db.execute("update w set x = null where i % 13 = 0")
        let sliding = try column(db, "select stddev(x) over (order by i rows between 5 preceding and 1 following) from w order by i")
        for i in 1...200 {
            let direct = try value(db, "select stddev(x) from w where i between \(i - 5) and \(i + 1)")
            switch (sliding[i - 1], direct) {
            case (.real(let a), .real(let b)): #expect(abs(a - b) < 1e-9, "row \(i)")
            default: #expect(sliding[i - 1] == direct, "row \(i)")
            }
        }
        #expect(try column(db, "select var_samp(x) over (order by i rows 1 preceding) from (select 1 as i, 1 as x union all select 2, 3 union all select 3, null union all select 4, 8)")
                == [.null, .real(2), .null, .null])
    }

    /// Sliding frames far from the first value (the shift): a frame of equal values is 0, and
    /// a drifting series keeps the spread of its frame.
    @Test func slidingVarianceFarFromTheFirstValue() throws {
        let equal = try column(db, "select stddev(x) over (order by i rows 2 preceding) from (select 1 as i, 0.0 as x union all select 2, 123456789.1 union all select 3, 123456789.1 union all select 4, 123456789.1 union all select 5, 123456789.1 union all select 6, 123456789.1)")
        for row in 3...5 {
            guard case .real(let value) = equal[row] else { Issue.record("row \(row + 1): \(equal[row])"); continue }
            #expect(abs(value) < 1e-6, "row \(row + 1): \(value)")
        }
        try db.execute("create table drift(i integer primary key, x real); insert into drift select value, 1e12 + value * 1000.5 from generate_series(1, 300)")
        let sliding = try column(db, "select var_pop(x) over (order by i rows between 3 preceding and current row) from drift order by i")
        for i in 4...300 {
            guard case .real(let value) = sliding[i - 1] else { Issue.record("row \(i)"); continue }
            #expect(abs(value - 1000.5 * 1000.5 * 1.25) < 1e-3, "row \(i): \(value)")
        }
    }

    @Test func mode() throws {
        #expect(try value(db, "select mode(column1) from (values ('b'), ('a'), ('b'), ('a'), ('c'))") == .text("a"))
        #expect(try value(db, "select mode(column1) from (values (3), (1), (3), (null), (null), (null))") == .integer(3))
        #expect(try value(db, "select mode(column1) from (values (1), (1.0), (2.5), (2.5), (2.5))") == .real(2.5))
        #expect(try value(db, "select mode(column1) from (values (1), (1.0), ('1'), ('1'))") == .integer(1))
        #expect(try value(db, "select mode(column1) from (values ('x'), (5))") == .integer(5))
        #expect(try value(db, "select mode(column1) from (values (x'01'), (x'01'), ('z'))") == .blob([1]))
        #expect(try value(db, "select mode(null)") == .null)
        #expect(try value(db, "select mode(x) from t where 0") == .null)
        #expect(try bytes(db, "select mode(cast(x'ff41' as text))") == [0xFF, 0x41])
        #expect(try rows(db, "select g, mode(x) from t group by g order by g") == [[.text("a"), .integer(1)], [.text("b"), .integer(5)], [.text("c"), .null]])
        #expect(try column(db, "select mode(x) over (order by i rows between 2 preceding and current row) from (select rowid as i, column1 as x from (values (1), (2), (2), (3), (3), (3), (1)))")
                == [.integer(1), .integer(1), .integer(2), .integer(2), .integer(3), .integer(3), .integer(3)])
        #expect(errorMessage(db, "select mode(1, 2)") == "wrong number of arguments to function mode()")
    }

    @Test func lengthExtremes() throws {
        #expect(try rows(db, "select maxLength(column1), minLength(column1) from (values ('a'), ('héllo'), ('abc'), (null))") == [[.integer(5), .integer(1)]])
        #expect(try rows(db, "select maxLength(column1), minLength(column1) from (values (null))") == [[.null, .null]])
        #expect(try rows(db, "select maxLength(column1), minLength(column1) from (values (''), ('👍🏽'))") == [[.integer(2), .integer(0)]])
        #expect(try rows(db, "select maxLength(column1), minLength(column1) from (values (12345), (1.5), (x'0000'))") == [[.integer(5), .integer(2)]])
        #expect(try value(db, "select maxlength(cast(x'ff41c3a9' as text))") == .integer(3))
        #expect(try value(db, "select maxLength(printf('%.*c', 1000000, 'x'))") == .integer(1_000_000))
        #expect(try column(db, "select maxLength(s) over (order by i rows between 1 preceding and current row) from (select rowid as i, column1 as s from (values ('aaaa'), ('b'), ('cc'), (null), ('d')))")
                == [.integer(4), .integer(4), .integer(2), .integer(2), .integer(1)])
        #expect(try column(db, "select minLength(s) over (order by i rows between 1 preceding and current row) from (select rowid as i, column1 as s from (values ('aaaa'), ('b'), ('cc'), (null), ('d')))")
                == [.integer(4), .integer(1), .integer(1), .integer(2), .integer(1)])
        #expect(try rows(db, "select g, maxLength(x) from t group by g order by g") == [[.text("a"), .integer(2)], [.text("b"), .integer(1)], [.text("c"), .null]])
        #expect(errorMessage(db, "select maxLength()") == "wrong number of arguments to function maxLength()")
    }
}
