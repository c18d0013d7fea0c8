import SQLshCore
import Testing

/// Joins texts with a separator the function was made with: per-function context an
/// `Aggregate` type's `init()` cannot reach. Counts its live instances.
private final class Joiner: AggregateAccumulator {
    nonisolated(unsafe) static var live = 0
    let separator: String
    var parts: [String] = []
    init(_ separator: String) { self.separator = separator; Self.live += 1 }
    deinit { Self.live -= 1 }
    func step(_ arguments: Arguments) throws {
        guard arguments[0].storageType == .text, let text = arguments[0].string else { throw SQLiteError(message: "joined() takes text") }
        parts.append(text)
    }
    func finalize(into result: ResultContext) throws {
        if parts.isEmpty { result.setNull() } else { result.set(parts.joined(separator: separator)) }
    }
}

/// Aggregates made by a closure (`SQLFunction(_:argumentCount:options:accumulator:)`): one
/// instance per group, released after its final call also when the statement fails.
@Suite(.serialized) struct AggregateAccumulatorTests {
    @Test func oneInstancePerGroupAndNoneLeftAfter() throws {
        let db = try Connection(path: ":memory:")
        let separator = "+"
        try db.add(SQLFunction("joined", argumentCount: 1, options: .pure, accumulator: { Joiner(separator) }))
        try db.execute("create table t(g, s); insert into t values (1, 'a'), (2, 'b'), (1, 'c'), (2, 'd'), (3, 'e')")
        #expect(try db.value("select group_concat(j, ' ') from (select joined(s) as j from t group by g order by g)")
                == .text("a+c b+d e"))
        #expect(try db.value("select joined(s) from t where 0") == .null)
        #expect(throws: SQLiteError.self) { _ = try db.value("select joined(g) from t") }
        #expect(Joiner.live == 0)
    }
}
