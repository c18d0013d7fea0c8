import Foundation
import SQLshCore
import Testing

/// The function API in Swift 6: closures written in `@MainActor` code run on SQLite's thread,
/// and a running statement can be interrupted from another thread.
@Suite struct ConcurrencyTests {
    /// An app's view model or top-level code is on the main actor. The closure it writes is
    /// `@Sendable` (not isolated to the main actor), so SQLite may call it on any thread:
    /// before, Swift 6 inserted a main-actor check into the closure, which trapped (SIGILL).
    @MainActor
    @Test func closureWrittenOnTheMainActorRunsOnAnotherThread() async throws {
        let greeting = "hello, "
        let greet = SQLFunction("greet", argumentCount: 1) { args in greeting + (args[0].string ?? "?") }
        let product = SQLFunction("product", argumentCount: 1, aggregate: ProductOfValues.self)
        let result = try await Task.detached {
            let db = try Connection()
            try db.add(greet)
            try db.add(product)
            return [try db.scalar("select greet('world')"), try db.scalar("select product(value) from json_each('[2,3,7]')")]
        }.value
        #expect(result == [.text("hello, world"), .real(42)])
    }

    /// The same, with the connection made on the main actor and used on a detached task.
    @MainActor
    @Test func connectionConfiguredOnTheMainActorQueriedElsewhere() async throws {
        let db = try Connection()
        let suffix = "!"
        try db.add(SQLFunction("shout", argumentCount: 1) { args in (args[0].string ?? "").uppercased() + suffix })
        try db.add(SQLCollation("by_length") { a, b in Int32(a.count) - Int32(b.count) })
        let transfer = UncheckedTransfer(db)
        let rows = try await Task.detached {
            try transfer.value.column("select shout(value) from json_each('[\"ccc\",\"a\",\"bb\"]') order by value collate by_length")
        }.value
        #expect(rows == [.text("A!"), .text("BB!"), .text("CCC!")])
    }

    @Test func interruptHandleStopsAStatementFromAnotherThread() throws {
        let db = try Connection()
        let interrupter = db.interruptHandle
        let calls = Counter()
        try db.add(SQLFunction("tick", argumentCount: 1) { args in calls.increment(); return args[0].int64 })
        let thread = Thread {
            while calls.value < 1000 { usleep(100) }
            interrupter.interrupt()
        }
        thread.start()
        let error = #expect(throws: SQLiteError.self) {
            try db.execute("with recursive c(x) as (select 1 union all select x + 1 from c) select tick(x) from c")
        }
        #expect(error?.resultCode == .interrupt)
        #expect(error?.message == "interrupted")
        #expect(interrupter.isConnectionOpen)
        // The next statement runs normally.
        #expect(try db.value("select tick(7)") == .integer(7))
    }

    @Test func interruptHandleOutlivesItsConnection() throws {
        var db: Connection? = try Connection()
        let interrupter = try #require(db?.interruptHandle)
        try db?.close()
        #expect(!interrupter.isConnectionOpen)
        interrupter.interrupt()  // does nothing: the connection is closed
        db = nil
        let other = try Connection()
        let released = other.interruptHandle
        _ = consume other
        #expect(!released.isConnectionOpen)
        released.interrupt()
    }

    @Test func closingWithOpenStatementsKeepsTheHandleUsable() throws {
        let db = try Connection()
        let statement = try db.prepare("select 1")
        #expect(throws: SQLiteError.self) { try db.close() }
        #expect(db.interruptHandle.isConnectionOpen)
        _ = statement
    }
}

private struct ProductOfValues: Aggregate {
    var value = 1.0
    mutating func step(_ arguments: Arguments) throws { value *= arguments[0].double }
    func finalize() throws -> (any SQLValueConvertible)? { value }
}
