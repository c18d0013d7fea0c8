import CSQLite
import SQLshCore
import Testing

/// deterministic, innocuous and direct-only, as SQLite enforces them in schema objects.
@Suite struct FunctionOptionsTests {
    private func database() throws -> Connection {
        let db = try Connection()
        try db.add(SQLFunction("pure_twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 })
        try db.add(SQLFunction("det_twice", argumentCount: 1, options: .deterministic) { args in args[0].int64 * 2 })
        try db.add(SQLFunction("plain_twice", argumentCount: 1) { args in args[0].int64 * 2 })
        try db.add(SQLFunction("direct_twice", argumentCount: 1, options: [.deterministic, .directOnly]) { args in
            args[0].int64 * 2
        })
        try db.execute("create table t(x); insert into t values (1), (2), (3)")
        return db
    }

    @Test func deterministicFunctionInAnIndexExpression() throws {
        let db = try database()
        try db.execute("create index t_twice on t(det_twice(x))")
        let plan = try db.rows("explain query plan select x from t where det_twice(x) = 4")
        #expect(plan.contains { row in row.contains { $0 == .text("SEARCH t USING INDEX t_twice (<expr>=?)") } })
        #expect(try db.value("select x from t where det_twice(x) = 4") == .integer(2))
    }

    @Test func nonDeterministicFunctionRefusedInAnIndex() throws {
        let db = try database()
        let error = #expect(throws: SQLiteError.self) { try db.execute("create index bad on t(plain_twice(x))") }
        #expect(error?.message == "non-deterministic functions prohibited in index expressions")
    }

    @Test func deterministicFunctionInAGeneratedColumn() throws {
        let db = try database()
        try db.execute("create table g(x, y as (det_twice(x)) stored, z as (pure_twice(x)))")
        try db.execute("insert into g(x) values (5)")
        #expect(try db.rows("select y, z from g") == [[.integer(10), .integer(10)]])
    }

    @Test func nonDeterministicFunctionRefusedInAGeneratedColumn() throws {
        let db = try database()
        let error = #expect(throws: SQLiteError.self) { try db.execute("create table g(x, y as (plain_twice(x)))") }
        #expect(error?.message == "non-deterministic functions prohibited in generated columns")
    }

    @Test func innocuousFunctionUsableFromAViewWithUntrustedSchema() throws {
        let db = try database()
        try db.execute("create view v as select pure_twice(x) as y from t; pragma trusted_schema = off")
        #expect(try db.column("select y from v") == [.integer(2), .integer(4), .integer(6)])
    }

    @Test func nonInnocuousFunctionRefusedFromAViewWithUntrustedSchema() throws {
        let db = try database()
        try db.execute("create view v as select det_twice(x) as y from t")
        #expect(try db.column("select y from v") == [.integer(2), .integer(4), .integer(6)])
        try db.execute("pragma trusted_schema = off")
        let error = #expect(throws: SQLiteError.self) { _ = try db.column("select y from v") }
        #expect(error?.message == "unsafe use of det_twice()")
    }

    @Test func directOnlyFunctionRefusedFromAView() throws {
        let db = try database()
        #expect(try db.value("select direct_twice(4)") == .integer(8))
        try db.execute("create view v as select direct_twice(x) as y from t")
        let error = #expect(throws: SQLiteError.self) { _ = try db.column("select y from v") }
        #expect(error?.message == "unsafe use of direct_twice()")
    }

    @Test func optionValues() {
        #expect(FunctionOptions.pure == [.deterministic, .innocuous])
        #expect(FunctionOptions.deterministic.rawValue == SQLITE_DETERMINISTIC)
        #expect(FunctionOptions.subtype.rawValue == SQLITE_SUBTYPE)
    }
}
