import CSQLite
import SQLshCore
import Testing

/// A sum usable as a window function; NULL when no non-NULL row is in the frame, like `sum`.
private final class WindowSum: WindowAggregate {
    nonisolated(unsafe) static var live = 0
    nonisolated(unsafe) static var created = 0
    nonisolated(unsafe) static var inverses = 0
    var total: Int64 = 0
    var count = 0

    required init() { Self.live += 1; Self.created += 1 }
    deinit { Self.live -= 1 }

    func step(_ arguments: Arguments) throws {
        if arguments[0].isNull { return }
        if arguments[0].int64 == 666 { throw SQLiteError(code: SQLITE_RANGE, message: "the number of the beast") }
        total += arguments[0].int64
        count += 1
    }
    func inverse(_ arguments: Arguments) throws {
        Self.inverses += 1
        if arguments[0].isNull { return }
        total -= arguments[0].int64
        count -= 1
    }
    func value() throws -> (any SQLValueConvertible)? { count == 0 ? nil : total }
    func finalize() throws -> (any SQLValueConvertible)? { try value() }

    static func resetCounts() { live = 0; created = 0; inverses = 0 }
}

/// The median of the frame, kept as a sorted array.
private struct WindowMedian: WindowAggregate {
    var sorted: [Double] = []
    mutating func step(_ arguments: Arguments) throws {
        guard !arguments[0].isNull else { return }
        let x = arguments[0].double
        sorted.insert(x, at: sorted.firstIndex { $0 > x } ?? sorted.endIndex)
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard !arguments[0].isNull, let i = sorted.firstIndex(of: arguments[0].double) else { return }
        sorted.remove(at: i)
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard !sorted.isEmpty else { return nil }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

@Suite(.serialized) struct WindowFunctionTests {
    private func database() throws -> Connection {
        WindowSum.resetCounts()
        let db = try Connection()
        try db.add(SQLFunction("wsum", argumentCount: 1, aggregate: WindowSum.self))
        try db.add(SQLFunction("wmedian", argumentCount: 1, aggregate: WindowMedian.self))
        try db.execute("""
            create table t(id integer primary key, g, x);
            insert into t(g, x) values ('a', 1), ('a', 2), ('a', 4), ('b', 8), ('b', null), ('b', 32), ('a', 64);
            """)
        return db
    }

    /// Compares `wsum` with the built-in `sum` over the same window definition.
    private func expectSameAsSum(_ db: Connection, _ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try db.column("select wsum(x) over (\(window)) from t order by id")
        let builtIn = try db.column("select sum(x) over (\(window)) from t order by id")
        #expect(ours == builtIn, "window: \(window)", sourceLocation: sourceLocation)
    }

    @Test func slidingFramesMatchTheBuiltInSum() throws {
        let db = try database()
        for window in [
            "order by id",
            "order by id rows between 1 preceding and 1 following",
            "order by id rows between 2 preceding and current row",
            "order by id rows between current row and unbounded following",
            "order by id rows between 3 following and 5 following",
            "partition by g order by id rows between 1 preceding and current row",
            "partition by g",
            "",
            "order by x range between 3 preceding and 3 following",
            "order by g groups between 1 preceding and current row",
            "order by id rows between 2 preceding and 2 following exclude current row",
        ] {
            try expectSameAsSum(db, window)
        }
        #expect(WindowSum.inverses > 0)
        #expect(WindowSum.live == 0)
    }

    @Test func slidingFrameValues() throws {
        let db = try database()
        #expect(try db.column("select wsum(x) over (order by id rows between 1 preceding and 1 following) from t order by id")
                == [.integer(3), .integer(7), .integer(14), .integer(12), .integer(40), .integer(96), .integer(96)])
        #expect(try db.column("select wmedian(x) over (order by id rows between 1 preceding and 1 following) from t order by id")
                == [.real(1.5), .real(2), .real(4), .real(6), .real(20), .real(48), .real(48)])
    }

    @Test func oneInstancePerPartitionAndNoneAliveAfterwards() throws {
        let db = try database()
        #expect(try db.column("select wsum(x) over (partition by g) from t order by id")
                == [.integer(71), .integer(71), .integer(71), .integer(40), .integer(40), .integer(40), .integer(71)])
        #expect(WindowSum.created == 2)
        #expect(WindowSum.live == 0)
    }

    @Test func namedWindowsAndPlainAggregateUse() throws {
        let db = try database()
        #expect(try db.column("select wsum(x) over w from t window w as (order by id rows 1 preceding) order by id")
                == [.integer(1), .integer(3), .integer(6), .integer(12), .integer(8), .integer(32), .integer(96)])
        #expect(try db.value("select wsum(x) from t") == .integer(111))
        #expect(try db.value("select wmedian(x) from t") == .real(6))
        #expect(try db.value("select wmedian(x) from t where 0") == .null)
    }

    @Test func noneAliveAfterAnErrorOrAReset() throws {
        let db = try database()
        try db.execute("insert into t(g, x) values ('c', 666)")
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.column("select wsum(x) over (order by id rows between 1 preceding and current row) from t")
        }
        #expect(error?.code == SQLITE_RANGE)
        #expect(error?.message == "the number of the beast")
        #expect(WindowSum.live == 0)
        let statement = try db.prepare("select wsum(x) over (partition by g order by id) from t where x != 666")
        #expect(try statement.step())
        statement.reset()
        #expect(WindowSum.live == 0)
    }
}
