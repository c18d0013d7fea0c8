import Testing
import SQLshCatalog
import SQLshCore

@Suite struct SeriesTests {
    static let queries = [
        "select * from generate_series(1,10)",
        "select * from generate_series(0,100,5)",
        "select * from generate_series(1,10,-2)",
        "select * from generate_series(1,10,-2) order by value",
        "select * from generate_series(1,10,2) order by value desc",
        "select rowid,* from generate_series(1,10,3) order by value desc",
        "select value,start,stop,step,rowid from generate_series(1,10,-2)",
        "select value,start,stop,step,rowid from generate_series(0,-100,-7)",
        "select * from generate_series(10,1)",
        "select * from generate_series(10,1,-3)",
        "select * from generate_series(10,2,-3)",
        "select * from generate_series(1,10,0)",
        "select * from generate_series(5) limit 3",
        "select value,stop from generate_series(4294967290)",
        "select count(*), sum(value) from generate_series(1,100000)",
        "select * from generate_series(null)",
        "select * from generate_series(1,null)",
        "select * from generate_series(1,5,null)",
        "select rowid,value,start,stop,step from generate_series(1,null,-2)",
        "select * from generate_series(9223372036854775800,9223372036854775807,5) limit 5",
        "select * from generate_series(-5,5,-9223372036854775808)",
        "select * from generate_series(-9223372036854775808,-9223372036854775800,3)",
        "select * from generate_series(1.5,4.7)",
        "select * from generate_series('a','3')",
        "select * from generate_series(x'3132', '15')",
        "select * from generate_series(1,10) where value between 3 and 5",
        "select * from generate_series(1,10) where value > 7 or value < 2",
        "select * from generate_series where start=1 and stop=3",
        "select * from generate_series where start<1 limit 3",
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
        "select (select group_concat(value) from generate_series(1, x.value)) from generate_series(1,4) x",
        "create virtual table v using generate_series",
        "create view v as select * from generate_series(1,3); select * from v",
        "select * from GENERATE_SERIES(3,1,-1)",
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

    @Test func disablingRemovesTheModule() throws {
        let catalog = Catalog.builtIn()
        let db = try StockShell.catalogConnection(catalog)
        try catalog.disable(["generate_series"])
        #expect(StockShell.ours("select * from generate_series(1,2)", on: db).error == "no such table: generate_series")
        try catalog.enable(["generate_series"])
        #expect(StockShell.ours("select * from generate_series(1,2)", on: db).rows == "1\n2\n")
    }
}
