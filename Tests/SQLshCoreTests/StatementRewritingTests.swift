import SQLshCore
import Testing

/// Connection.rewriteFailedStatements: retries, replacements (what is reported consumed, where
/// errors are placed), failures, and what is never given to the rewriter.
@Suite struct StatementRewritingTests {
    @Test func aRetryAfterMakingWhatWasMissing() throws {
        let db = try Connection()
        var calls = 0
        db.rewriteFailedStatements { db, failed in
            calls += 1
            guard failed.error.message == "no such table: today" else { return nil }
            try? db.execute("create temp view today as select 'monday' as day")
            return .retry
        }
        #expect(try db.scalar("select day from today") == .text("monday"))
        #expect(calls == 1)
        // Another error goes through once, unchanged.
        #expect(throws: SQLiteError(message: "no such table: other")) { try db.prepare("select * from other") }
        #expect(calls == 2)
    }

    @Test func aReplacementIsPreparedInPlaceOfTheStatement() throws {
        let db = try Connection()
        db.rewriteFailedStatements { _, failed in
            let text = String(decoding: failed.text, as: UTF8.self)
            guard let range = text.range(of: "magic()") else { return nil }
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            let end = text.firstIndex(of: ";").map { text.utf8.distance(from: text.startIndex, to: $0) + 1 } ?? text.utf8.count
            let replaced = String(text[..<range.lowerBound]) + "(select 42 as answer)" + String(text[range.upperBound..<text.index(text.startIndex, offsetBy: end)])
            return .replace(text: replaced, length: end, edits: [StatementEdit(original: start..<(start + 7), replacementCount: 21)])
        }
        var sql = Array("select answer from magic(); select 2;".utf8)
        let (statement, consumed) = try sql.withUnsafeMutableBufferPointer { try db.prepare(utf8: UnsafeBufferPointer($0)) }
        #expect(consumed == "select answer from magic();".utf8.count)
        let prepared = try #require(statement)
        #expect(try prepared.step())
        #expect(prepared.value(at: 0) == .integer(42))
        #expect(prepared.sql == "select answer from (select 42 as answer);")
        // An error after the replaced text is placed in the text as written.
        let text = "select nosuch from magic() where 1"
        do {
            _ = try db.prepare(text)
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.message == "no such column: nosuch")
            #expect(error.offset == 7)
        }
        do {
            _ = try db.prepare("select answer from magic() where nosuch")
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.message == "no such column: nosuch")
            #expect(error.offset == "select answer from magic() where ".utf8.count)
        }
    }

    @Test func aRewriterCanFailTheStatement() throws {
        let db = try Connection()
        db.rewriteFailedStatements { _, _ in .fail(SQLiteError(message: "cannot open x.csv", offset: 14)) }
        do {
            _ = try db.prepare("select * from read_csv('x.csv')")
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.message == "cannot open x.csv")
            #expect(error.offset == 14)
        }
    }

    @Test func untrustedSQLAndEndlessRewritesAreNotGiven() throws {
        let db = try Connection()
        var calls = 0
        db.rewriteFailedStatements { _, _ in
            calls += 1
            return .retry
        }
        #expect(throws: SQLiteError.self) { try db.prepare("select * from missing") }
        #expect(calls == 1)  // never twice with the same error
        calls = 0
        #expect(throws: SQLiteError.self) { _ = try db.compilingUntrustedSQL { try db.prepare("select * from missing") } }
        #expect(calls == 0)
        db.stopRewritingFailedStatements()
        #expect(throws: SQLiteError.self) { try db.prepare("select * from missing") }
        #expect(calls == 0)
    }
}
