import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// The percentage of a full table scan at the prompt: which queries get one, and the
/// estimate of the table's size.
@Suite struct ScanProgressTests {
    let db: Connection
    init() throws {
        db = try Connection(path: ":memory:")
        try db.execute("""
            create table t(id integer primary key, x text);
            with recursive s(value) as (select 1 union all select value + 1 from s where value < 1000)
            insert into t(x) select 'v' || value from s;
            create table plain(a, b);
            with recursive s(value) as (select 1 union all select value + 1 from s where value < 50)
            insert into plain select value, value from s;
            create table nr(k text primary key, v) without rowid;
            insert into nr values ('a', 1), ('b', 2);
            """)
    }

    func progress(_ sql: String) throws -> ScanProgress? {
        ScanProgress.make(for: try #require(try db.prepareFirst(sql)), on: db)
    }

    @Test func aFullScanOfOneTable() throws {
        #expect(try progress("select * from t where x like '%7%'")?.estimate == 1000)
        #expect(try progress("select count(*) from t as a where a.x > 'v5';")?.estimate == 1000)
        #expect(try progress("select a + 1 from main.plain")?.estimate == 50)
    }

    @Test func otherQueriesGetNone() throws {
        #expect(try progress("select * from t where id = 5") == nil)  // a rowid lookup
        #expect(try progress("select * from t join plain on a = id") == nil)
        #expect(try progress("select * from t order by x") == nil)
        #expect(try progress("select * from nr") == nil)  // without rowid
        #expect(try progress("select 1") == nil)
        #expect(try progress("select * from (select * from t)") == nil)
    }

    @Test func statisticsWinOverTheLargestRowid() throws {
        try db.execute("insert into t(id, x) values (100000, 'far')")
        #expect(try progress("select * from t where x > ''")?.estimate == 100_000)
        try db.execute("analyze")
        #expect(try progress("select * from t where x > ''")?.estimate == 1001)
        #expect(ScanProgress.estimate(table: "\"t\"", on: db) == 1001)
        #expect(ScanProgress.estimate(table: "main.t", on: db) == 1001)
        #expect(ScanProgress.estimate(table: "nosuch", on: db) == nil)
    }

    @Test func theFractionFollowsTheRowsRead() throws {
        let statement = try #require(try db.prepareFirst("select x from t where x > ''"))
        let scan = try #require(ScanProgress.make(for: statement, on: db))
        #expect(scan.fraction() == 0)
        for _ in 0..<250 { _ = try statement.step() }
        let fraction = try #require(scan.fraction())
        #expect(abs(fraction - 0.25) < 0.01)
        while try statement.step() {}
        #expect(scan.fraction() == 0.99)
    }

    @Test func theShellSetsItOnlyAtThePrompt() throws {
        let shell = try Shell(connection: db, standardOutput: OutputWriter(fileDescriptor: -1))
        shell.reportsScanProgress = true
        let statement = try #require(try db.prepareFirst("select x from t"))
        shell.startScanProgress(for: statement)
        #expect(shell.runningScan == nil)  // not typed by a person
    }
}
