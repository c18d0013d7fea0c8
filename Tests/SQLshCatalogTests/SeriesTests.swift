import Testing
import SQLshCatalog
import SQLshCore

@Suite struct SeriesTests {
    /// Queries that SQLite 3.53's series.c answers as 3.40.1's did.
    static let queries = [
        "select * from generate_series(1,10)",
        "select * from generate_series(0,100,5)",
        "select * from generate_series(1,10,2) order by value desc",
        "select * from generate_series(10,1)",
        "select * from generate_series(5) limit 3",
        "select value,stop from generate_series(4294967290)",
        "select count(*), sum(value) from generate_series(1,100000)",
        "select * from generate_series(null)",
        "select * from generate_series(1,null)",
        "select * from generate_series(1,5,null)",
        "select * from generate_series(-9223372036854775808,-9223372036854775800,3)",
        "select * from generate_series(1.5,4.7)",
        "select * from generate_series('a','3')",
        "select * from generate_series(x'3132', '15')",
        "select * from generate_series(1,10) where value between 3 and 5",
        "select * from generate_series(1,10) where value > 7 or value < 2",
        "select * from generate_series where start=1 and stop=3",
        "select * from generate_series",
        "select * from generate_series where stop=3",
        "select * from generate_series(1,2,3,4)",
        "select * from generate_series()",
        "select * from generate_series(1,3) a join generate_series(1,2) b",
        "select a.value,b.value from generate_series(1,3) a, generate_series(a.value,3) b",
        "select a.value,b.value from generate_series(1,3) a join generate_series(1,4) b on b.start=a.value",
        "create table t(x); insert into t values (2),(4); select x, value from t, generate_series(1, t.x)",
        "create table t(x); insert into t values (2),(4); select x, value from generate_series(1, t.x), t order by 1 desc, 2",
        "select typeof(value), typeof(start), typeof(stop), typeof(step) from generate_series(1,1)",
        "select value from generate_series(1,20,3) limit 2 offset 3",
        "select * from (select * from generate_series(1,10) union all select * from generate_series(101,104)) limit 10 offset 5",
        "select (select group_concat(value) from generate_series(1, x.value)) from generate_series(1,4) x",
        "create virtual table v using generate_series",
        "create view v as select * from generate_series(1,3); select * from v",
        "select * from generate_series(1,3) where start = 2",
        "select * from generate_series(1,10,4) order by value desc limit 1",
        "pragma table_xinfo(generate_series)",
        "select name from pragma_module_list where name = 'generate_series'",
        "select * from generate_series((select 3), (select 5))",
        "select count(*) from generate_series(1, 3) where rowid = 2",
        "create table t(x); create trigger tr after insert on t begin insert into t select value from generate_series(1, 0); end; insert into t values (1); select * from t",
    ]

    @Test(arguments: queries)
    func matchesStockShell(_ sql: String) throws {
        let expected = try StockShell.run(sql)
        #expect(StockShell.ours(sql) == expected, "\(sql)")
    }

    /// What 3.53 changed (test/tabfunc01.test and series.c's rules): a negative step counts
    /// down from start, the rowid is the value, the step column shows the step as given, start
    /// must be an equality constraint, and the 64-bit edges stop instead of wrapping.
    static let changed: [(String, String)] = [
        ("select * from generate_series(1,10,-2)", ""),
        ("select * from generate_series(1,10,-2) order by value", ""),
        ("select rowid,* from generate_series(1,10,3) order by value desc", "10|10\n7|7\n4|4\n1|1\n"),
        ("select value,start,stop,step,rowid from generate_series(0,-100,-7)",
         (0...14).map { "\(-7 * $0)|0|-100|-7|\(-7 * $0)\n" }.joined()),
        ("select * from generate_series(10,1,-3)", "10\n7\n4\n1\n"),
        ("select * from generate_series(10,2,-3)", "10\n7\n4\n"),
        ("select * from GENERATE_SERIES(3,1,-1)", "3\n2\n1\n"),
        ("select rowid,value,start,stop,step from generate_series(1,null,-2)", ""),
        ("select * from generate_series(9223372036854775800,9223372036854775807,5) limit 5",
         "9223372036854775800\n9223372036854775805\n"),
        ("select * from generate_series(-5,5,-9223372036854775808)", ""),
        ("select * from generate_series(9223372036854775807,-9223372036854775808,-9223372036854775808)",
         "9223372036854775807\n-1\n"),
        ("select * from generate_series(9223372036854775807,-9223372036854775808,-9223372036854775808) limit 100 offset 1", "-1\n"),
        ("select * from generate_series(9223372036854775807,-9223372036854775808,-9223372036854775808) limit 100 offset 2", ""),
        ("select * from generate_series(1,11,2) limit 100 offset 5", "11\n"),
        ("select * from generate_series(1,11,2) limit 100 offset 9223372036854775807", ""),
        ("select * from generate_series(11,1,-1) limit 100 offset 10", "1\n"),
        ("select * from generate_series(11,1,-1) limit 3", "11\n10\n9\n"),
        ("select * from generate_series(1,11,1) limit 3 offset 3", "4\n5\n6\n"),
        ("select * from generate_series(0,32,5) order by rowid desc", "30\n25\n20\n15\n10\n5\n0\n"),
        ("select value from generate_series(60,73,6) where value=66", "66\n"),
        ("select value from generate_series(73,60,-6) where value=67", "67\n"),
        ("select value from generate_series(1,10) where value<5.5", "1\n2\n3\n4\n5\n"),
        ("select value from generate_series(1,10) where value<5.0", "1\n2\n3\n4\n"),
        ("select value from generate_series(1,10) where value>5.0", "6\n7\n8\n9\n10\n"),
        ("select value from generate_series(1,10) where value>=5.5", "6\n7\n8\n9\n10\n"),
        ("select value from generate_series(10,1,-1) where value<=5.0", "5\n4\n3\n2\n1\n"),
        ("select value from generate_series(10,1,-1) where value>=5.0", "10\n9\n8\n7\n6\n5\n"),
        ("select value from generate_series(1,10) where value==5.5", ""),
        ("select value from generate_series(1,10) where value==5.0", "5\n"),
        ("select value from generate_series(1,10) where value is 3", "3\n"),
        ("select value from generate_series(1,5) where value in (2, 4)", "2\n4\n"),
        ("select value from generate_series where value between 3 and 5", "3\n4\n5\n"),
        // A lower bound alone keeps stop's default, 4294967295.
        ("select value from generate_series where value > 4294967293", "4294967294\n4294967295\n"),
        ("select value from generate_series where value >= 9223372036854775806", ""),
        ("select value from generate_series where rowid = -7", "-7\n"),
        ("select count(*) from generate_series(1, 9000000000000000000) where value between 1000000 and 1000002", "3\n"),
        ("select value from generate_series(1,20,3) where value between 5 and 14 order by value desc", "13\n10\n7\n"),
        ("select * from generate_series(1,15,3) order by value desc", "13\n10\n7\n4\n1\n"),
        ("select * from generate_series(10,1,-4) order by value", "2\n6\n10\n"),
        ("select * from generate_series(1,10,0)", ""),
        ("select * from generate_series(0,0,0)", ""),
        ("select value from generate_series(9223372036854774784) where value<=9223372036854775000.0", "9223372036854774784\n"),
        ("select value from generate_series(1,9223372036854775807) where value>=9223372036854775807.0", "9223372036854775807\n"),
        ("select value from generate_series(1,9223372036854775807) where value>9223372036854775807.0", ""),
        ("select value from generate_series(1) where value>1e19 limit 3", ""),
        ("select value from generate_series(-9223372036854775808,9223372036854775807,2) where value between 0.5 and 6.25", "2\n4\n6\n"),
        ("select value from generate_series(100,0,-10) where value between 33 and 66", "60\n50\n40\n"),
        ("select * from generate_series(0,-9223372036854775808,-9223372036854775808) order by value asc", "-9223372036854775808\n0\n"),
    ]

    @Test(arguments: changed)
    func answersAsSQLite353(_ query: String, _ expected: String) throws {
        let output = StockShell.ours(query)
        #expect(output.error == nil, "\(query)")
        #expect(output.rows == expected, "\(query)")
    }

    @Test func startMustBeAnEqualityConstraint() {
        #expect(StockShell.ours("select * from generate_series where start<1 limit 3").error
                == "first argument to \"generate_series()\" missing or unusable")
        #expect(StockShell.ours("select * from generate_series where value < 3").error
                == "first argument to \"generate_series()\" missing or unusable")
    }

    @Test func disablingRemovesTheModule() throws {
        let catalog = Catalog.builtIn()
        let db = try StockShell.catalogConnection(catalog)
        try catalog.disable(["generate_series"])
        #expect(StockShell.ours("select * from generate_series(1,2)", on: db).error == "no such table: generate_series")
        try catalog.enable(["generate_series"])
        #expect(StockShell.ours("select * from generate_series(1,2)", on: db).rows == "1\n2\n")
    }
}
