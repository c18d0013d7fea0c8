import SQLshCatalog
import SQLshCore
import Testing

/// sqlean's stats_* names: each gives what the function it stands for gives (they share the
/// implementation), works as a window function too, and stats_seq is generate_series.
@Suite struct SqleanStatsNamesTests {
    let db: Connection

    init() throws { db = try catalogConnection() }

    static let aliases: [(sqlean: String, ours: String)] = [
        ("stats_p25(x)", "percentile_25(x)"), ("stats_p75(x)", "percentile_75(x)"),
        ("stats_p90(x)", "percentile_90(x)"), ("stats_p95(x)", "percentile_95(x)"), ("stats_p99(x)", "percentile_99(x)"),
        ("stats_stddev(x)", "stddev(x)"), ("stats_stddev_samp(x)", "stddev_samp(x)"),
        ("stats_stddev_pop(x)", "stddev_pop(x)"), ("stats_var(x)", "variance(x)"), ("stats_var_samp(x)", "var_samp(x)"),
        ("stats_var_pop(x)", "var_pop(x)"),
    ]

    /// sqlean's documented figures for 1..10.
    @Test func documentedExamples() throws {
        let row = try rows(db, """
            select stats_median(value), stats_p25(value), stats_p75(value), stats_p90(value), stats_p95(value),
                   stats_p99(value), stats_perc(value, 50)
            from generate_series(1, 10)
            """)
        let figures = [5.5, 3.25, 7.75, 9.1, 9.55, 9.91, 5.5]
        #expect(row.first?.count == figures.count)
        for (got, want) in zip(row.first ?? [], figures) {
            guard case .real(let r) = got else { Issue.record("\(got)"); continue }
            #expect(abs(r - want) < 1e-12, "\(r) vs \(want)")
        }
        let moments = try rows(db, """
            select stats_stddev(column1), stats_stddev_samp(column1), stats_stddev_pop(column1),
                   stats_var(column1), stats_var_samp(column1), stats_var_pop(column1)
            from (values (2), (4), (4), (4), (5), (5), (7), (9))
            """).first ?? []
        let expected = [2.138089935299395, 2.138089935299395, 2.0, 4.571428571428571, 4.571428571428571, 4.0]
        #expect(moments.count == 6)
        for (got, want) in zip(moments, expected) {
            guard case .real(let r) = got else { Issue.record("\(got)"); continue }
            #expect(abs(r - want) < 1e-12)
        }
    }

    @Test func eachNameGivesWhatItsFunctionGives() throws {
        try db.execute("""
            create table t(g, x);
            insert into t select value % 3, case when value % 7 = 0 then null else (value * 7919) % 101 / 4.0 end
            from generate_series(1, 200);
            """)
        for (sqlean, ours) in Self.aliases {
            #expect(try rows(db, "select g, \(sqlean) from t group by g") == rows(db, "select g, \(ours) from t group by g"), "\(sqlean)")
            // Window use (sqlean's own cannot be window functions).
            let frame = "over (order by rowid rows between 5 preceding and 2 following)"
            #expect(try column(db, "select \(sqlean) \(frame) from t") == column(db, "select \(ours) \(frame) from t"), "\(sqlean)")
            #expect(try value(db, "select \(sqlean) from t where 0") == value(db, "select \(ours) from t where 0"), "\(sqlean)")
        }
    }

    /// stats_median and stats_perc compute the rank in sqlean's order of operations, median and
    /// percentile in SQLite 3.53's: the same up to the last bit.
    @Test func sqleanPercentilesAgreeWithSQLites() throws {
        try db.execute("""
            create table t(g, x);
            insert into t select value % 3, case when value % 7 = 0 then null else (value * 7919) % 101 / 4.0 end
            from generate_series(1, 200);
            """)
        for (sqlean, ours) in [("stats_median(x)", "median(x)"), ("stats_perc(x, 33)", "percentile(x, 33)")] {
            let a = try column(db, "select \(sqlean) from t group by g"), b = try column(db, "select \(ours) from t group by g")
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                guard case .real(let u) = x, case .real(let v) = y else { Issue.record("\(x) \(y)"); continue }
                #expect(abs(u - v) <= 1e-12 * max(1, abs(u)), "\(sqlean)")
            }
        }
    }

    @Test func errorsAndNulls() throws {
        #expect(try value(db, "select stats_median(x) from (select null as x)") == .null)
        #expect(errorMessage(db, "select stats_median('abc')") == "1st argument to stats_median() is not numeric")
        #expect(errorMessage(db, "select stats_p90(x'00')") == "1st argument to stats_p90() is not numeric")
        #expect(errorMessage(db, "select stats_median(1e999)") == "Inf input to stats_median()")
        // stats_perc shares percentile's messages, which name percentile() as sqlean's do.
        #expect(errorMessage(db, "select stats_perc(1, 101)") == "2nd argument to percentile() is not a number between 0.0 and 100.0")
        #expect(errorMessage(db, "select stats_perc(value, value) from generate_series(1, 3)")
                == "2nd argument to percentile() is not the same for all input rows")
        #expect(errorMessage(db, "select stats_perc('a', 50)") == "1st argument to percentile() is not numeric")
        // Numeric text counts (sqlean refuses it for the percentiles).
        #expect(try value(db, "select stats_median(column1) from (values ('1'), ('2.5'))") == .real(1.75))
        // Fewer than 2 values: the sample statistics are NULL (sqlean: 0.0), the population ones 0.0.
        #expect(try rows(db, "select stats_stddev(5), stats_var(5), stats_stddev_pop(5), stats_var_pop(5)")
                == [[.null, .null, .real(0), .real(0)]])
        #expect(errorMessage(db, "select stats_median()") == "wrong number of arguments to function stats_median()")
        #expect(errorMessage(db, "select stats_perc(1)") == "wrong number of arguments to function stats_perc()")
    }

    @Test func statsSeqIsGenerateSeries() throws {
        #expect(try column(db, "select value from stats_seq(1, 10, -3)") == [10, 7, 4, 1].map { SQLValue.integer($0) })
        #expect(try column(db, "select value from stats_seq(1, 10, -3) order by value") == [1, 4, 7, 10].map { SQLValue.integer($0) })
        #expect(try column(db, "select value from stats_seq(10, 1, -1)").isEmpty)
        #expect(try column(db, "select value from stats_seq(1, null)").isEmpty)
        #expect(try rows(db, "select value, start, stop, step, rowid from stats_seq(5) limit 1")
                == [[.integer(5), .integer(5), .integer(4294967295), .integer(1), .integer(1)]])
        #expect(try column(db, "select value from stats_seq('2', 4.9)") == [2, 3, 4].map { SQLValue.integer($0) })
        #expect(try column(db, "select value from stats_seq where start = 1 and stop = 2") == [1, 2].map { SQLValue.integer($0) })
        #expect(errorMessage(db, "select * from stats_seq") == "first argument to \"generate_series()\" missing or unusable")
        for query in ["select * from X(0, 100, 7)", "select * from X(1, 5) order by value desc"] {
            #expect(try rows(db, query.replacingOccurrences(of: "X", with: "stats_seq"))
                    == rows(db, query.replacingOccurrences(of: "X", with: "generate_series")), "\(query)")
        }
        // generate_series is SQLite 3.53's: a negative step counts down from start, the rowid
        // is the value; sqlean's stats_seq keeps 3.40.1's series.c.
        #expect(try column(db, "select value from generate_series(1, 10, -3)").isEmpty)
        #expect(try column(db, "select rowid from stats_seq(5, 6)") == [1, 2].map { SQLValue.integer($0) })
        #expect(try column(db, "select rowid from generate_series(5, 6)") == [5, 6].map { SQLValue.integer($0) })
    }

    /// stats_seq is its own entry: switching it off leaves generate_series.
    @Test func disablingStatsSeqKeepsGenerateSeries() throws {
        let catalog = Catalog.builtIn()
        let db = try catalogConnection(catalog)
        #expect(catalog.function(named: "generate_series")?.pack == "series")
        try catalog.disable(["stats_seq", "stats_median"])
        #expect(errorMessage(db, "select * from stats_seq(1, 2)") == "no such table: stats_seq")
        #expect(errorMessage(db, "select stats_median(1)") == "no such function: stats_median")
        #expect(try value(db, "select median(1)") == .real(1))
        #expect(try column(db, "select value from generate_series(1, 2)") == [.integer(1), .integer(2)])
    }
}
