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
        let path = "/tmp/sqlsh-shortcut-\(UInt64.random(in: 0..<UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        shell.settings.mode = .pretty
        shell.settings.terminalWidth = 80
        shell.settings.terminalHeight = 12
        _ = try shell.process(StringLineSource("""
            select value, abs(random()) % 2 as coin from generate_series(1, 5000);
            select value from generate_series(1, 5000) where value % 2 = 0;
            """))
        out.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("5,000 rows (4 shown)"))
        #expect(text.contains("2,500 rows (4 shown)"))
        #expect(text.contains("│ 5000 │") && text.contains("│ 4998 │"), "\(text)")
    }
}
