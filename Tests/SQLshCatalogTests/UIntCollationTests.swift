import Testing
import SQLshCatalog
import SQLshCore

@Suite struct UIntCollationTests {
    static let words = [
        "a", "a0", "a00", "a9", "a09", "a10", "a010", "a9b", "a09a", "a9a", "b", "", "0", "00", "1", "01", "10", "2",
        "x18446744073709551616", "x18446744073709551615", "x99999999999999999999999", "file2.txt", "file10.txt",
        "File1", "9a", "09b", "a 1", "a1 ", "1.10", "1.9", "é2", "é10", "-5", "-10", "a1b2", "a1b10", "a01b02",
    ]

    static var queries: [String] {
        let values = words.map { "('\($0)')" }.joined(separator: ",")
        return [
            "create table t(x); insert into t values \(values); select x from t order by x collate uint, x",
            "create table t(x); insert into t values \(values); select x from t order by x collate uint desc, x desc",
            "create table t(x); insert into t values \(values); select a.x, b.x, a.x < b.x collate uint, a.x = b.x collate uint from t a, t b where a.rowid < b.rowid and a.rowid % 3 = 0",
            "create table t(x text collate uint primary key); insert into t values ('a10'),('a9'),('a09'); select x from t order by x",
            "select 'a10' < 'a9' collate uint, 'a10' < 'a9', 'a9' = 'a09' collate uint, 'a0' = 'a' collate uint",
            "select x'610031' < x'610030' collate uint",
        ]
    }

    @Test(arguments: queries)
    func matchesStockShell(_ sql: String) throws {
        let expected = try StockShell.run(sql)
        #expect(StockShell.ours(sql) == expected, "\(sql)")
    }

    @Test func disablingRemovesIt() throws {
        let catalog = Catalog.builtIn()
        let db = try StockShell.catalogConnection(catalog)
        let entry = try #require(catalog.function(named: "uint"))
        #expect(entry.kind == .collation)
        #expect(entry.signature == "COLLATE uint")
        #expect(StockShell.ours("select 'a10' < 'a9' collate uint", on: db).rows == "0\n")
        try catalog.disable(["uint"])
        #expect(StockShell.ours("select 1 order by 1 collate uint", on: db).error == "no such collation sequence: uint")
        try catalog.enable(["uint"])
        #expect(StockShell.ours("select 'a10' < 'a9' collate uint", on: db).rows == "0\n")
    }
}
