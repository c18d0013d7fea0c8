import CSQLite
import SQLshCore
import Testing

/// A class-backed sum that counts its live instances; fails on negative input.
private final class TrackedSum: Aggregate {
    nonisolated(unsafe) static var live = 0
    nonisolated(unsafe) static var created = 0
    nonisolated(unsafe) static var maxLive = 0
    var total: Int64 = 0

    required init() {
        Self.live += 1
        Self.created += 1
        Self.maxLive = max(Self.maxLive, Self.live)
    }
    deinit { Self.live -= 1 }

    func step(_ arguments: Arguments) throws {
        let x = try arguments.decode(0, as: Int64.self)
        if x < 0 { throw SQLiteError(message: "negative input: \(x)") }
        total += x
    }

    func finalize() throws -> (any SQLValueConvertible)? { total }

    static func resetCounts() { live = 0; created = 0; maxLive = 0 }
}

/// Counts rows; an empty input gives 0 (like `count`), not NULL.
private struct CountRows: Aggregate {
    var n = 0
    static var finalizesEmptyInput: Bool { true }
    mutating func step(_ arguments: Arguments) throws { n += 1 }
    func finalize() throws -> (any SQLValueConvertible)? { n }
}

/// A value-type aggregate over several arguments: the weighted mean.
private struct WeightedMean: Aggregate {
    var sum = 0.0, weight = 0.0
    mutating func step(_ arguments: Arguments) throws {
        let w = try arguments.decode(1, as: Double.self)
        sum += try arguments.decode(0, as: Double.self) * w
        weight += w
    }
    func finalize() throws -> (any SQLValueConvertible)? { weight == 0 ? nil : sum / weight }
}

/// Concatenates all its arguments, variadic.
private struct ConcatAll: Aggregate {
    var text = ""
    mutating func step(_ arguments: Arguments) throws {
        for argument in arguments { text += argument.string ?? "" }
    }
    func finalize() throws -> (any SQLValueConvertible)? { text }
}

/// State that needs more alignment than SQLite's allocator gives (8 bytes): kept on the heap.
private struct WideSum: Aggregate {
    nonisolated(unsafe) static var live = 0
    final class Token { init() { WideSum.live += 1 }; deinit { WideSum.live -= 1 } }
    var lanes = SIMD4<Float>()
    let token = Token()
    mutating func step(_ arguments: Arguments) throws {
        if arguments[0].int64 < 0 { throw SQLiteError(message: "negative") }
        lanes += SIMD4(repeating: Float(arguments[0].double))
    }
    func finalize() throws -> (any SQLValueConvertible)? { Double(lanes.sum()) }
}

@Suite(.serialized) struct AggregateTests {
    private func database() throws -> Connection {
        TrackedSum.resetCounts()
        let db = try Connection()
        try db.add(SQLFunction("tsum", argumentCount: 1, aggregate: TrackedSum.self))
        try db.add(SQLFunction("countrows", argumentCount: 1, aggregate: CountRows.self))
        try db.add(SQLFunction("wmean", argumentCount: 2, aggregate: WeightedMean.self))
        try db.add(SQLFunction("concatall", aggregate: ConcatAll.self))
        try db.execute("""
            create table t(g, x);
            insert into t values ('a', 1), ('a', 2), ('b', 10), ('c', 100), ('c', 200), ('c', 300);
            """)
        return db
    }

    @Test func oneInstancePerGroupAndNoneAliveAfterwards() throws {
        let db = try database()
        #expect(try db.rows("select g, tsum(x) from t group by g order by g")
                == [[.text("a"), .integer(3)], [.text("b"), .integer(10)], [.text("c"), .integer(600)]])
        #expect(TrackedSum.created == 3)
        #expect(TrackedSum.maxLive == 1)
        #expect(TrackedSum.live == 0)
    }

    @Test func twoAggregatesInOneQueryHaveTheirOwnInstances() throws {
        let db = try database()
        #expect(try db.rows("select tsum(x), tsum(x * 2) from t") == [[.integer(613), .integer(1226)]])
        #expect(TrackedSum.created == 2)
        #expect(TrackedSum.live == 0)
    }

    @Test func noneAliveAfterAnErrorThrownMidStep() throws {
        let db = try database()
        try db.execute("insert into t values ('b', -5), ('d', 1)")
        let error = #expect(throws: SQLiteError.self) { _ = try db.rows("select g, tsum(x) from t group by g") }
        #expect(error?.message == "negative input: -5")
        #expect(TrackedSum.live == 0)
        // A conversion error from a step is reported the same way.
        let conversion = #expect(throws: SQLiteError.self) { _ = try db.value("select tsum('abc')") }
        #expect(conversion?.message == "could not convert text 'abc' to Int64 (argument 1)")
        #expect(TrackedSum.live == 0)
    }

    @Test func noneAliveAfterAResetStatement() throws {
        let db = try database()
        let statement = try db.prepare("select g, tsum(x) from t group by g order by g")
        #expect(try statement.step())
        #expect(statement.value(at: 1) == .integer(3))
        statement.reset()
        #expect(TrackedSum.live == 0)
        while try statement.step() {}
        #expect(TrackedSum.live == 0)
    }

    @Test func noneAliveAfterADroppedStatement() throws {
        let db = try database()
        do {
            let statement = try db.prepare("select tsum(value) from json_each('[1,2,3,4,5,6,7,8,9]') where value > 0")
            _ = statement // never stepped to the end
        }
        var statement: Statement? = try db.prepare("select g, tsum(x) from t group by g")
        #expect(try statement?.step() == true)
        statement = nil
        #expect(TrackedSum.live == 0)
    }

    @Test func noneAliveAfterAnInterruptedStatement() throws {
        let db = try database()
        let calls = Counter()
        db.setProgressHandler(instructions: 1000) {
            calls.increment()
            return calls.value > 3
        }
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.value("with recursive c(x) as (select 1 union all select x + 1 from c) select tsum(x) from c")
        }
        #expect(error?.code == SQLITE_INTERRUPT)
        #expect(TrackedSum.created == 1)
        #expect(TrackedSum.live == 0)
    }

    @Test func emptyInputGivesNullUnlessTheAggregateFinalizesIt() throws {
        let db = try database()
        #expect(try db.rows("select tsum(x), countrows(x), wmean(x, 1) from t where 0") == [[.null, .integer(0), .null]])
        #expect(TrackedSum.created == 0)
        // Grouped queries produce no row at all for no input.
        #expect(try db.rows("select tsum(x) from t where 0 group by g") == [])
    }

    @Test func nullArgumentsReachStep() throws {
        let db = try database()
        try db.execute("insert into t values ('z', null)")
        #expect(try db.value("select countrows(x) from t") == .integer(7))
    }

    @Test func severalArgumentsAndVariadicAggregates() throws {
        let db = try database()
        #expect(try db.value("select wmean(x, 1) from t where g = 'a'") == .real(1.5))
        #expect(try db.value("select wmean(value, 3 - value) from json_each('[1,2]')") == .real(4.0 / 3.0))
        #expect(try db.value("select concatall(g, x, '|') from (select * from t order by rowid)")
                == .text("a1|a2|b10|c100|c200|c300|"))
        #expect(try db.value("select concatall() from t") == .text(""))
    }

    @Test func distinctAndFilterClauses() throws {
        let db = try database()
        try db.execute("insert into t values ('a', 1)")
        #expect(try db.value("select tsum(distinct x) from t where g = 'a'") == .integer(3))
        #expect(try db.value("select tsum(x) filter (where x > 100) from t") == .integer(500))
        #expect(TrackedSum.live == 0)
    }

    @Test func overAlignedStateLivesOnTheHeapAndIsReleased() throws {
        #expect(MemoryLayout<WideSum>.alignment > 8)
        let db = try database()
        try db.add(SQLFunction("widesum", argumentCount: 1, aggregate: WideSum.self))
        #expect(try db.rows("select g, widesum(x) from t group by g order by g")
                == [[.text("a"), .real(12)], [.text("b"), .real(40)], [.text("c"), .real(2400)]])
        #expect(WideSum.live == 0)
        #expect(throws: SQLiteError.self) { _ = try db.value("select widesum(value) from json_each('[1,-1,2]')") }
        #expect(WideSum.live == 0)
    }

    @Test func plainAggregateCannotBeAWindowFunction() throws {
        let db = try database()
        let error = #expect(throws: SQLiteError.self) { _ = try db.rows("select tsum(x) over () from t") }
        #expect(error?.message == "tsum() may not be used as a window function")
    }
}
