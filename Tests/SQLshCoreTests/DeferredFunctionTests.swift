import Synchronization
import SQLshCore
import Testing

/// Functions registered by signature, their bodies made at the first call.
struct DeferredFunctionTests {
    private struct Sum: Aggregate {
        var total: Int64 = 0
        mutating func step(_ arguments: Arguments) throws { total += arguments[0].int64 }
        func finalize() throws -> (any SQLValueConvertible)? { total }
    }

    @Test func theBodyIsMadeOnceAtTheFirstCall() throws {
        let db = try Connection(path: ":memory:")
        let made = Mutex(0)
        try db.add(DeferredFunction("twice", argumentCount: 1, kind: .scalar, options: .pure) {
            made.withLock { $0 += 1 }
            return SQLFunction("twice", argumentCount: 1, options: .pure) { args in args[0].int64 * 2 }
        })
        // Listed, and usable from a view and a DEFAULT, before anything made it.
        #expect(try db.value("select count(*) from pragma_function_list where name = 'twice'") == .integer(1))
        #expect(made.withLock { $0 } == 0)
        try db.execute("create table t(a, b default (twice(21))); create view v as select twice(a) as d from t")
        try db.execute("insert into t(a) values (1), (2)")
        #expect(try db.column("select b from t") == [.integer(42), .integer(42)])
        #expect(try db.column("select d from v") == [.integer(2), .integer(4)])
        #expect(made.withLock { $0 } == 1)
    }

    @Test func manyAtOnceWithAggregates() throws {
        let db = try Connection(path: ":memory:")
        let signatures = [DeferredSignature("plus1", argumentCount: 1, kind: .scalar),
                          DeferredSignature("total2", argumentCount: 1, kind: .aggregate)]
        try db.add(deferred: signatures) { index in
            index == 0 ? SQLFunction("plus1", argumentCount: 1) { args in args[0].int64 + 1 }
                : SQLFunction("total2", argumentCount: 1, aggregate: Sum.self)
        }
        #expect(try db.value("with s(value) as (values (1), (2), (3)) select total2(plus1(value)) from s") == .integer(9))
        // Wrong argument counts are SQLite's prepare-time error, as for any function.
        #expect(throws: SQLiteError.self) { try db.execute("select plus1(1, 2)") }
    }

    @Test func aBodyThatCannotBeMadeFailsTheCall() throws {
        let db = try Connection(path: ":memory:")
        try db.add(DeferredFunction("missing", argumentCount: 0, kind: .scalar) { nil })
        try db.add(DeferredFunction("shape", argumentCount: 1, kind: .scalar) {
            SQLFunction("shape", argumentCount: 1, aggregate: Sum.self)
        })
        for sql in ["select missing()", "select shape(1)"] {
            do {
                try db.execute(sql)
                Issue.record("\(sql) did not fail")
            } catch let error as SQLiteError {
                #expect(error.message.hasSuffix("is unavailable: its implementation could not be made"), "\(error.message)")
            }
        }
    }
}
