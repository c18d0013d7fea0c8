import CSQLite
import SQLshCore
import Testing

@Suite struct ProgressObserverTests {
    static let endless = "with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c"
    static let thousand = "with recursive c(x) as (select 1 union all select x + 1 from c limit 1000) select count(*) from c"

    @Test func severalObserversWatchOneStatement() throws {
        let db = try Connection()
        var fast = 0, slow = 0
        let a = db.addProgressObserver(every: 100) { fast += 1; return false }
        let b = db.addProgressObserver(every: 1000) { slow += 1; return slow == 3 }
        #expect(db.progressObserverCount == 2)
        let error = #expect(throws: SQLiteError.self) { _ = try db.value(Self.endless) }
        #expect(error?.code == SQLITE_INTERRUPT)
        // The slow observer stopped the statement at its third call: 3000 instructions, in
        // which the fast one was called every 100.
        #expect(slow == 3)
        #expect(fast == 30)
        db.removeProgressObserver(a)
        db.removeProgressObserver(b)
        #expect(db.progressObserverCount == 0)
        #expect(try db.value(Self.thousand) == .integer(1000))
        #expect(fast == 30 && slow == 3)
    }

    @Test func anObserverAloneIsCalledLikeAPlainHandler() throws {
        let plain = try Connection()
        var plainCalls = 0
        plain.setProgressHandler(instructions: 7) { plainCalls += 1; return false }
        _ = try plain.value(Self.thousand)

        let observed = try Connection()
        var observerCalls = 0
        observed.addProgressObserver(every: 7) { observerCalls += 1; return false }
        _ = try observed.value(Self.thousand)
        #expect(observerCalls == plainCalls)
        #expect(observerCalls > 100)
    }

    @Test func setProgressHandlerReplacesOnlyItsOwnObserver() throws {
        let db = try Connection()
        var observer = 0, first = 0, second = 0
        db.addProgressObserver(every: 500) { observer += 1; return false }
        db.setProgressHandler(instructions: 500) { first += 1; return false }
        db.setProgressHandler(instructions: 500) { second += 1; return false }
        #expect(db.progressObserverCount == 2)
        _ = try db.value(Self.thousand)
        #expect(first == 0 && second > 0 && observer == second)
        db.setProgressHandler(instructions: 0, nil)
        #expect(db.progressObserverCount == 1)
    }

    @Test func anObserverCanRemoveItselfWhileCalled() throws {
        let db = try Connection()
        var calls = 0
        var id: ProgressObserverID?
        id = db.addProgressObserver(every: 10) {
            calls += 1
            if let id { db.removeProgressObserver(id) }
            return false
        }
        #expect(try db.value(Self.thousand) == .integer(1000))
        #expect(calls == 1)
        #expect(db.progressObserverCount == 0)
    }

    @Test func anIdentifierOfAnotherConnectionRemovesNothing() throws {
        let a = try Connection(), b = try Connection()
        let id = a.addProgressObserver(every: 100) { false }
        b.addProgressObserver(every: 100) { false }
        b.removeProgressObserver(id)
        #expect(a.progressObserverCount == 1 && b.progressObserverCount == 1)
        a.removeProgressObserver(id)
        a.removeProgressObserver(id)
        #expect(a.progressObserverCount == 0)
    }
}
