import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// A result taller than the screen is counted and its last rows fetched by SQLite, without
/// stepping every row, only when that gives the answer stepping would.
@Suite struct BigResultShortcutTests {
    func connection() throws -> Connection {
        let db = try Connection(path: ":memory:")
        try db.execute("""
            create table t(a integer, b text);
            with recursive c(x) as (select 1 union all select x + 1 from c where x < 1000)
            insert into t select x, 'n' || x from c;
            create view noisy as select a, random() as r from t;
            """)
        return db
    }

    /// Steps `sql` to its `seen`th row, then asks for the rest.
    func rest(_ sql: String, seen: Int = 5, tail: Int = 3, on db: Connection,
              bind: ((Statement) throws -> Void)? = nil) throws -> (total: Int, tail: [Int64])? {
        let statement = try db.prepare(sql)
        try bind?(statement)
        for _ in 0..<seen { _ = try statement.step() }
        guard let rest = BigResultShortcut.countAndTail(of: statement, tailCount: tail, rowsSeen: seen) else { return nil }
        return (rest.total, rest.tail.map { row in
            if case .integer(let n) = row.values[0] { return n }
            return -1
        })
    }

    /// What `script` prints in a shell on an 80x12 screen (pretty mode).
    func screenOutput(_ script: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-shortcut-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        shell.settings.mode = .pretty
        shell.settings.terminalWidth = 80
        shell.settings.terminalHeight = 12
        _ = try shell.process(StringLineSource(script))
        out.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func aPlainQueryIsCountedAndItsLastRowsFetched() throws {
        let db = try connection()
        let result = try #require(try rest("select * from t where a % 7 = 0;", on: db))
        #expect(result.total == 142)
        #expect(result.tail == [980, 987, 994])
    }

    @Test func orderAndTrailingCommentsAndSemicolonsAreKept() throws {
        let db = try connection()
        let result = try #require(try rest("select a from t order by a desc ; -- newest first", on: db))
        #expect(result.total == 1000)
        #expect(result.tail == [3, 2, 1])
    }

    @Test func boundParametersAreUsed() throws {
        let db = try connection()
        let result = try #require(try rest("select a from t where a > ?1", on: db) { try $0.bind(990, at: 1) })
        #expect(result.total == 10)
        #expect(result.tail == [998, 999, 1000])
    }

    @Test func queriesThatCouldAnswerDifferentlyAreStepped() throws {
        let db = try connection()
        // random() directly, and inside a view.
        #expect(try rest("select a, random() from t", on: db) == nil)
        #expect(try rest("select * from noisy", on: db) == nil)
        // A statement that writes.
        try db.execute("create table u(x)")
        #expect(try rest("insert into u select a from t returning x", on: db) == nil)
        // Not a query that can be a subquery.
        #expect(try rest("pragma function_list", on: db) == nil)
        #expect(try rest("explain select * from t", on: db) == nil)
    }

    @Test func deterministicFunctionsAndAggregatesAllowTheShortcut() throws {
        let db = try connection()
        let result = try #require(try rest("select a, upper(b), count(*) over () from t", on: db))
        #expect(result.total == 1000)
    }

    @Test func theScreenCountsARandomResultByStepping() throws {
        // The screen's footer is right whichever way the rest is found.
        let text = try screenOutput("""
            select value, abs(random()) % 2 as coin from generate_series(1, 5000);
            select value from generate_series(1, 5000) where value % 2 = 0;
            """)
        #expect(text.contains("5,000 rows (4 shown)"))
        #expect(text.contains("2,500 rows (4 shown)"))
        #expect(text.contains("│ 5000 │") && text.contains("│ 4998 │"), "\(text)")
    }

    // MARK: One table read front to back

    /// The total and last `tail` values of column 0, by stepping every row.
    func stepped(_ sql: String, tail: Int = 3, on db: Connection) throws -> (total: Int, tail: [Int64]) {
        let statement = try db.prepare(sql)
        var values: [Int64] = []
        while try statement.step() { values.append(statement.int64(at: 0)) }
        return (values.count, Array(values.suffix(tail)))
    }

    @Test(arguments: [
        "select * from t",
        "SELECT ALL a, b FROM t;",
        "select a from main.t",
        "select x.a, upper(x.b) from t as x where x.a % 3 = 0 -- thirds",
        "select a from t y where a > 10 or a < 5",
        "select a, (select count(*) from t u where u.a < t.a) from t where a in (select a from t where a < 900)",
        "select a from \"My Table\" \"An Alias\"",
        "select a from with_rowid_column",
    ])
    func aTableScanGivesWhatSteppingGives(sql: String) throws {
        let db = try connection()
        try db.execute("""
            create table "My Table"(a integer);
            insert into "My Table" select a * 2 from t;
            create table with_rowid_column(a integer, rowid integer);
            insert into with_rowid_column select a, 1000 - a from t;
            """)
        let shortcut = try #require(try rest(sql, tail: 4, on: db))
        let expected = try stepped(sql, tail: 4, on: db)
        #expect(shortcut.total == expected.total)
        #expect(shortcut.tail == expected.tail)
    }

    @Test func theShapeOfAScanIsRecognizedFromTheText() throws {
        let scan = try #require(SingleTableScan.recognize("select a, b from main.t as x where a > 1 or b = 'y'"))
        #expect(scan.qualifier == "x")
        #expect(scan.planName == "x")
        #expect(scan.countSQL == "select count(*) from main.t as x where a > 1 or b = 'y'")
        #expect(scan.thresholdSQL(tailCount: 16)
            == "select x.rowid from main.t as x where a > 1 or b = 'y'\norder by x.rowid desc limit 1 offset 15")
        #expect(scan.tailSQL(from: 42)
            == "select a, b from main.t as x where (a > 1 or b = 'y'\n) and x.rowid >= 42")
        let plain = try #require(SingleTableScan.recognize("select * from \"big t\" -- all"))
        #expect(plain.qualifier == "\"big t\"")
        #expect(plain.planName == "big t")
        #expect(plain.tailSQL(from: 7) == "select * from \"big t\" -- all\nwhere \"big t\".rowid >= 7")
        #expect(SingleTableScan.recognize("select * from main.t")?.planName == "main.t")
    }

    @Test(arguments: [
        "select distinct a from t",
        "select a from t order by a",
        "select a from t limit 10",
        "select a from t where a > 1 limit 10",
        "select a, count(*) from t group by a",
        "select a from t, t as u",
        "select a from t join t as u using (a)",
        "select a from t natural join t",
        "select a from t indexed by i",
        "select a, row_number() over () from t",
        "select a from t union all select a from t",
        "select a from (select a from t)",
        "select * from generate_series(1, 10)",
        "with c as (select a from t) select * from c",
        "values (1), (2)",
        "select a from t where b = 'open",
        "select 1",
    ])
    func otherShapesAreNotTableScans(sql: String) {
        #expect(SingleTableScan.recognize(sql) == nil)
    }

    @Test func thePlannerHasTheLastWord() throws {
        let db = try connection()
        try db.execute("""
            create index tb on t(b);
            create table kv(k text primary key, v) without rowid;
            insert into kv select b, a from t;
            create view v as select * from t;
            """)
        func confirmed(_ sql: String) -> Bool {
            SingleTableScan.recognize(sql)?.confirm(on: db, tailCount: 3) ?? false
        }
        #expect(confirmed("select * from t where a > 5"))
        // An index gives another order; so do a view and a table without rowid.
        #expect(!confirmed("select rowid, b from t"))
        #expect(!confirmed("select * from t where b > 'n5'"))
        #expect(!confirmed("select * from v"))
        #expect(!confirmed("select * from kv"))
        // reverse_unordered_selects walks the table backwards.
        try db.execute("pragma reverse_unordered_selects = on")
        #expect(!confirmed("select * from t where a > 5"))
        // Either way, the screen shows what stepping shows.
        for sql in ["select * from t", "select rowid, b from t", "select v from kv", "select * from t where b > 'n5'"] {
            let shortcut = try #require(try rest(sql, tail: 4, on: db))
            let expected = try stepped(sql, tail: 4, on: db)
            #expect(shortcut.total == expected.total && shortcut.tail == expected.tail,
                    "\(sql): \(shortcut.tail) \(expected.tail)")
        }
    }

    @Test func underTraceOnlyTheTypedStatementRuns() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-shortcut-trace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let text = try screenOutput("""
            create table big(n integer primary key);
            insert into big select value from generate_series(1, 5000);
            .trace \(trace)
            select n from big;
            .trace off
            """)
        #expect(text.contains("5,000 rows (4 shown)") && text.contains("│ 5000 │"), "\(text)")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "select n from big;\n")
    }

    @Test func underAuthOnlyTheTypedStatementIsAuthorized() throws {
        let text = try screenOutput("""
            create table big(n integer primary key);
            insert into big select value from generate_series(1, 5000);
            .auth on
            select n from big;
            .auth off
            """)
        #expect(text.contains("5,000 rows (4 shown)") && text.contains("│ 5000 │"), "\(text)")
        let authorizations = text.split(separator: "\n").filter { $0.hasPrefix("authorizer:") }
        // What sqlite3 prints for the statement, and nothing more.
        #expect(authorizations == ["authorizer: SELECT NULL NULL NULL NULL",
                                   "authorizer: READ \"big\" \"n\" \"main\" NULL",
                                   "authorizer: READ \"big\" \"\" NULL NULL"], "\(authorizations)")
    }
}
