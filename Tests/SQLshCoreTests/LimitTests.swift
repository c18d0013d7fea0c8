import CSQLite
import SQLshCore
import Testing

@Suite struct LimitTests {
    @Test func readingAndChangingLimits() throws {
        let db = try Connection()
        #expect(db.limit(.length) == 1_000_000_000)
        #expect(db.setLimit(.length, 10) == 1_000_000_000)
        #expect(db.limit(.length) == 10)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select 'this is too long'") }
        #expect(error?.code == SQLITE_TOOBIG)
        #expect(error?.message == "string or blob too big")
        #expect(db.setLimit(.length, -1) == 10) // negative: unchanged
    }

    @Test func namesFollowTheShell() {
        #expect(LimitCategory.all.map(\.name) == [
            "length", "sql_length", "column", "expr_depth", "compound_select", "vdbe_op", "function_arg",
            "attached", "like_pattern_length", "variable_number", "trigger_depth", "worker_threads",
        ])
        #expect(LimitCategory.sqlLength.name == "sql_length")
        #expect(LimitCategory.all.map(\.category.rawValue) == Array(0...11))
    }
}
