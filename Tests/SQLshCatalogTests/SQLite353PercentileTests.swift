import SQLshCatalog
import SQLshCore
import Testing

/// median, percentile, percentile_cont and percentile_disc against SQLite 3.53's answers
/// (its test/percentile.test figures and percentile.c's messages).
@Suite struct SQLite353PercentileTests {
    let db: Connection
    init() throws {
        db = try catalogConnection()
        try db.execute("create table t1(x); insert into t1 values (1),(4),(6),(7),(8),(9),(11),(11),(11);")
    }

    @Test func percentileFigures() throws {
        for (p, want) in [(0.0, 1.0), (100, 11), (50, 8), (12.5, 4), (15, 4.4), (20, 5.2), (80, 11), (89, 11)] {
            #expect(try value(db, "select percentile(x, \(p)) from t1") == .real(want), "\(p)")
            #expect(try value(db, "select percentile_cont(x, \(p / 100)) from t1") == .real(want), "\(p)")
        }
        #expect(try value(db, "select median(x) from t1") == .real(8))
        try db.execute("insert into t1 values (null), (null)")
        #expect(try value(db, "select percentile(x, 15) from t1") == .real(4.4))
        #expect(try value(db, "select round(percentile(x, 15 + 0.000001 * rowid), 1) from t1") == .real(4.4))
    }

    @Test func percentileDiscAnswersAnInput() throws {
        #expect(try rows(db, "select percentile_disc(x, 0.15), percentile_disc(x, 0.5), percentile_disc(x, 1), percentile_disc(x, 0) from t1")
                == [[.real(4), .real(8), .real(11), .real(1)]])
        #expect(try value(db, "select percentile_disc(column1, 0.5) from (values (1), (2), (3), (4))") == .real(2))
    }

    @Test func messagesAsSQLite353() throws {
        let outOfRange = "the fraction argument to percentile() is not between 0.0 and 100.0"
        #expect(errorMessage(db, "select percentile(x, null) from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile(x, 'fifty') from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile(x, x'3530') from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile(x, -0.0000001) from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile(x, 100.0000001) from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile_cont(x, x'3530') from t1")
                == "the fraction argument to percentile_cont() is not between 0.0 and 1.0")
        #expect(errorMessage(db, "select percentile_disc(x, 1.0000001) from t1")
                == "the fraction argument to percentile_disc() is not between 0.0 and 1.0")
        #expect(errorMessage(db, "select round(percentile(x, 15 + 0.1 * rowid), 1) from t1")
                == "the fraction argument to percentile() is not the same for all input rows")
        // Rows repeating a checked fraction skip the checks; a later change is still caught,
        // as are a later out-of-range one and one of another type.
        #expect(errorMessage(db, "select percentile(x, case when rowid < 3 then 50 else 60 end) from t1")
                == "the fraction argument to percentile() is not the same for all input rows")
        #expect(errorMessage(db, "select percentile(x, case when rowid < 3 then 50 else 150 end) from t1") == outOfRange)
        #expect(errorMessage(db, "select percentile(x, case when rowid < 3 then 50 else 'fifty' end) from t1") == outOfRange)
        #expect(try value(db, "select percentile(x, case when rowid < 3 then 50 else 50.0005 end) = percentile(x, 50) from t1")
                == .integer(1))
        #expect(errorMessage(db, "select percentile(x, 0, 1) from t1") == "wrong number of arguments to function percentile()")
        #expect(errorMessage(db, "select percentile(x) from t1") == "wrong number of arguments to function percentile()")
        #expect(errorMessage(db, "select median(x, 1) from t1") == "wrong number of arguments to function median()")
        // Text is refused even when it looks like a number; so are blobs and infinities.
        #expect(errorMessage(db, "select percentile(x, 50) from (select '50' as x)") == "input to percentile() is not numeric")
        #expect(errorMessage(db, "select median('12')") == "input to median() is not numeric")
        #expect(errorMessage(db, "select percentile_disc(x'3530', 0.5)") == "input to percentile_disc() is not numeric")
        #expect(errorMessage(db, "select median(1.0e300 * 1.0e300)") == "Inf input to median()")
        #expect(errorMessage(db, "select percentile(-1.0e300 * 1.0e300, 50)") == "Inf input to percentile()")
        // Numeric text is a fraction; NULLs alone give NULL; one value gives itself.
        #expect(try value(db, "select percentile(2, '50')") == .real(2))
        #expect(try value(db, "select median(null)") == .null)
        #expect(try value(db, "select percentile_cont(x, 0.5) from t1 where 0") == .null)
        #expect(try rows(db, "select percentile(12345, 0), percentile(12345, 50), percentile(12345, 100)")
                == [[.real(12345), .real(12345), .real(12345)]])
    }

    /// test/percentile.test 3.1-3.3: median as a window function.
    @Test func medianWindows() throws {
        try db.execute("""
            create table w(a integer primary key, b, c, d);
            insert into w values (1, 'A', 'one', 8.4), (2, 'B', 'two', 7.1), (3, 'C', 'three', 5.9),
              (4, 'D', 'one', 11.0), (5, 'E', 'two', 12.5), (6, 'F', 'three', 0.0), (7, 'G', 'one', 2.7);
            """)
        let frames = [
            ("1 preceding and 1 following", [9.7, 8.4, 5.9, 2.7, 5.9, 7.1, 9.8]),
            ("unbounded preceding and 1 following", [9.7, 8.4, 7.15, 5.9, 6.5, 7.1, 7.1]),
            ("1 preceding and unbounded following", [7.1, 7.1, 6.5, 5.9, 6.5, 7.1, 9.8]),
        ]
        for (frame, want) in frames {
            let got = try column(db, "select median(d) over (order by c, a rows between \(frame)) from w order by c, a")
            #expect(got == want.map { SQLValue.real($0) }, "\(frame)")
        }
        #expect(try column(db, "select percentile_disc(d, 0.5) over (order by a rows between 1 preceding and 1 following) from w")
                == [7.1, 7.1, 7.1, 11.0, 11.0, 2.7, 0.0].map { SQLValue.real($0) })
    }

    /// sqlean's names keep sqlean's semantics: numeric text counts.
    @Test func sqleanNamesKeepTheirSemantics() throws {
        #expect(try value(db, "select stats_median(column1) from (values ('1'), (2), (3), (10))") == .real(2.5))
        #expect(try value(db, "select percentile_25('4')") == .real(4))
        #expect(errorMessage(db, "select stats_perc(1, 101)") == "2nd argument to percentile() is not a number between 0.0 and 100.0")
    }
}
