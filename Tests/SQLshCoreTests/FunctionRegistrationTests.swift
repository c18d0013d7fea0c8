import CSQLite
import SQLshCore
import Testing

/// Adding, replacing and removing functions, and the lifetime of what was registered.
@Suite struct FunctionRegistrationTests {
    @Test func reAddingReplaces() throws {
        let db = try Connection()
        try db.add(SQLFunction("f", argumentCount: 0) { _ in 1 })
        #expect(try db.value("select f()") == .integer(1))
        try db.add(SQLFunction("f", argumentCount: 0) { _ in 2 })
        #expect(try db.value("select f()") == .integer(2))
    }

    /// An object captured by a function body: released when SQLite lets go of the function.
    private final class Captured {
        let released: Counter
        init(_ released: Counter) { self.released = released }
        deinit { released.increment() }
    }

    @Test func replacedAndRemovedFunctionsAreReleased() throws {
        let db = try Connection()
        let first = Counter(), second = Counter()
        do {
            let captured = Captured(first)
            try db.add(SQLFunction("f", argumentCount: 0) { _ in _ = captured; return 1 })
        }
        #expect(first.value == 0) // kept alive by the connection
        do {
            let captured = Captured(second)
            try db.add(SQLFunction("f", argumentCount: 0, writingResult: { _, result in _ = captured; result.set(2) }))
        }
        #expect(first.value == 1)
        #expect(second.value == 0)
        #expect(try db.value("select f()") == .integer(2))
        try db.removeFunction(named: "f", argumentCount: 0)
        #expect(second.value == 1)
    }

    @Test func refusedRegistrationIsReleased() throws {
        let db = try Connection()
        try db.add(SQLFunction("f", argumentCount: 0) { _ in 1 })
        let statement = try db.prepare("select f() from json_each('[1,2]')")
        #expect(try statement.step())
        let released = Counter()
        do {
            let captured = Captured(released)
            #expect(throws: SQLiteError.self) { try db.add(SQLFunction("f", argumentCount: 0) { _ in _ = captured; return 2 }) }
        }
        #expect(released.value == 1)
    }

    @Test func closingReleasesFunctions() throws {
        let released = Counter()
        do {
            let db = try Connection()
            let captured = Captured(released)
            try db.add(SQLFunction("f", argumentCount: 0) { _ in _ = captured; return 1 })
            try db.close()
        }
        #expect(released.value == 1)
    }

    @Test func removedFunctionIsGone() throws {
        let db = try Connection()
        let f = SQLFunction("f", argumentCount: 0) { _ in 1 }
        try db.add(f)
        try db.remove(f)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select f()") }
        #expect(error?.message == "no such function: f")
    }

    @Test func removingWhileAStatementIsActiveThrowsBusy() throws {
        let db = try Connection()
        try db.add(SQLFunction("f", argumentCount: 1) { args in args[0].int64 + 1 })
        let statement = try db.prepare("select f(value) from json_each('[1,2,3]')")
        #expect(try statement.step())
        let error = #expect(throws: SQLiteError.self) { try db.removeFunction(named: "f", argumentCount: 1) }
        #expect(error?.code == SQLITE_BUSY)
        #expect(error?.message == "unable to delete/modify user-function due to active statements")
        // Replacing is refused the same way, and the running statement is unharmed.
        let replace = #expect(throws: SQLiteError.self) { try db.add(SQLFunction("f", argumentCount: 1) { _ in 0 }) }
        #expect(replace?.code == SQLITE_BUSY)
        #expect(statement.int64(at: 0) == 2)
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 3)
        statement.reset()
        try db.removeFunction(named: "f", argumentCount: 1)
        #expect(throws: SQLiteError.self) { _ = try db.value("select f(1)") }
    }

    @Test func aggregateAndWindowRegistrationKinds() {
        struct Count: Aggregate {
            var n = 0
            mutating func step(_ arguments: Arguments) throws { n += 1 }
            func finalize() throws -> (any SQLValueConvertible)? { n }
        }
        struct WCount: WindowAggregate {
            var n = 0
            mutating func step(_ arguments: Arguments) throws { n += 1 }
            mutating func inverse(_ arguments: Arguments) throws { n -= 1 }
            func finalize() throws -> (any SQLValueConvertible)? { n }
        }
        #expect(SQLFunction("c", argumentCount: 1, aggregate: Count.self).kind == .aggregate)
        #expect(SQLFunction("w", argumentCount: 1, aggregate: WCount.self).kind == .window)
        #expect(SQLFunction("s", argumentCount: 1) { _ in nil }.kind == .scalar)
    }
}
