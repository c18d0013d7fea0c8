import Synchronization
import SQLshCore
import Testing

/// Deferred registrations run by C entries (``DirectEntry``): SQLite calls them directly, the
/// deferred body is never made, errors name the function, aggregates keep their state and end
/// it, window functions slide.
struct DirectEntryTests {
    struct Total: WindowAggregate {
        var total: Int64 = 0
        var rows = 0
        mutating func step(_ arguments: Arguments) throws {
            if arguments[0].isNull { return }
            if arguments[0].int64 < 0 { throw Refusal(message: "negative input") }
            if arguments[0].int64 == 7 { throw Plain.seven }
            total += arguments[0].int64
            rows += 1
        }
        mutating func inverse(_ arguments: Arguments) throws {
            if arguments[0].isNull { return }
            total -= arguments[0].int64
            rows -= 1
        }
        func finalize() throws -> (any SQLValueConvertible)? { rows == 0 ? nil : total }
    }

    /// An error that does not describe itself: its message names the function.
    enum Plain: Error { case seven }

    struct Refusal: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static let entries: [DirectEntry] = [
        DirectEntry(scalar: "twice", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "twice") { arguments, result in
                if arguments[0].isNull { return result.setNull() }
                if arguments[0].int64 == 13 { throw Refusal(message: "unlucky") }
                result.set(arguments[0].int64 * 2)
            }
        },
        DirectEntry("total_a", argumentCount: 1, DirectEntry.AggregateCallbacks(
            step: { DirectCall.step(Total.self, $0, $1, $2) }, final: { DirectCall.final(Total.self, $0) })),
        DirectEntry("total_w", argumentCount: 1, totalWindow),
    ]

    static let totalWindow = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Total.self, $0, $1, $2) }, final: { DirectCall.final(Total.self, $0) },
        value: { DirectCall.value(Total.self, $0) }, inverse: { DirectCall.inverse(Total.self, $0, $1, $2) })

    static let signatures = [
        DeferredSignature("twice", argumentCount: 1, kind: .scalar, options: .pure),
        DeferredSignature("total_a", argumentCount: 1, kind: .aggregate),
        DeferredSignature("total_w", argumentCount: 1, kind: .window),
        // No entry runs these: the same names with another count, kind or flag.
        DeferredSignature("twice", argumentCount: 2, kind: .scalar),
        DeferredSignature("guarded", argumentCount: 1, kind: .scalar, options: .directOnly),
    ]

    /// The indexes of the deferred bodies made, in order.
    final class Made: Sendable {
        let indices = Mutex<[Int]>([])
        var list: [Int] { indices.withLock { $0 } }
    }

    /// A connection with the signatures registered, the entries given, and a count of the
    /// deferred bodies made.
    func connection(made: Made, entries: [DirectEntry] = DirectEntryTests.entries) throws -> Connection {
        let db = try Connection(path: ":memory:")
        try db.add(deferred: Self.signatures, direct: entries) { index in
            made.indices.withLock { $0.append(index) }
            switch index {
            case 3: return SQLFunction("twice", argumentCount: 2) { args in args[0].int64 * 2 + args[1].int64 }
            case 4: return SQLFunction("guarded", argumentCount: 1, options: .directOnly) { args in args[0].int64 }
            default: return nil  // entries run 0 to 2: never asked for
            }
        }
        try db.execute("create table t(i integer primary key, x); insert into t(x) values (1), (2), (null), (4), (5)")
        return db
    }

    @Test func entriesRunAndTheirBodiesAreNeverMade() throws {
        let made = Made()
        let db = try connection(made: made)
        #expect(try db.value("select twice(21)") == .integer(42))
        #expect(try db.value("select twice(null)") == .null)
        #expect(try db.value("select total_a(x) from t") == .integer(12))
        #expect(try db.value("select total_a(x) from t where x > 100") == .null)
        #expect(try db.value("select total_w(x) from t") == .integer(12))
        #expect(try db.column("select total_w(x) over (order by i rows between 1 preceding and current row) from t order by i")
                == [SQLValue.integer(1), .integer(3), .integer(2), .integer(4), .integer(9)])
        #expect(try db.column("select total_a(x) from t group by i % 2 order by i % 2") == [SQLValue.integer(6), .integer(6)])
        #expect(made.list == [])
        // The other overload and the direct-only function go the deferred way.
        #expect(try db.value("select twice(1, 2)") == .integer(4))
        #expect(try db.value("select guarded(7)") == .integer(7))
        #expect(made.list == [3, 4])
        // Listed like any function.
        #expect(try db.value("select count(*) from pragma_function_list where name in ('twice', 'total_a', 'total_w')") == .integer(4))
    }

    @Test func errorsNameTheFunction() throws {
        let made = Made()
        let db = try connection(made: made)
        #expect(throws: SQLiteError.self) { try db.execute("select twice(13)") }
        do {
            _ = try db.value("select twice(13)")
        } catch let error as SQLiteError {
            #expect(error.message.contains("unlucky"), "\(error.message)")
        }
        do {
            _ = try db.value("select total_a(x) from (select 1 as x union all select -1)")
            Issue.record("a refused row must fail the query")
        } catch let error as SQLiteError {
            #expect(error.message.contains("negative input"), "\(error.message)")
        }
        // An error that does not describe itself names the function the entry was called as,
        // read from its registration (the callbacks are shared: no name is written in them).
        for name in ["total_a", "total_w"] {
            #expect(throws: SQLiteError(code: 1, message: "\(name)(): Plain.seven")) {
                try db.execute("select \(name)(x) from (select 1 as x union all select 7)")
            }
        }
        #expect(throws: SQLiteError(code: 1, message: "total_w(): Plain.seven")) {
            try db.execute("select total_w(column1) over (order by column1 rows 1 preceding) from (values (1), (7))")
        }
        // A plain aggregate is not a window function, as SQLite says of any.
        #expect(throws: SQLiteError.self) { try db.execute("select total_a(x) over () from t") }
    }

    @Test func entriesOutOfTheSignaturesOrderAreNotUsed() throws {
        let made = Made()
        let db = try connection(made: made, entries: Array(Self.entries.reversed()))
        // total_w, the first entry, matches no signature before its own; after it, none is left.
        #expect(try db.value("select total_w(x) from t") == .integer(12))
        #expect(throws: SQLiteError.self) { try db.execute("select twice(1)") }
        #expect(made.list == [0])
    }

    @Test func withoutEntriesTheBodiesAreMade() throws {
        let made = Made()
        let db = try connection(made: made, entries: [])
        // Index 0 to 2 make nil: the calls fail as for any body that cannot be made.
        #expect(throws: SQLiteError.self) { try db.execute("select twice(1)") }
        #expect(made.list == [0])
    }
}
