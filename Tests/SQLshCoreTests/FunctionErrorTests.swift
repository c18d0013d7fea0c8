import CSQLite
import SQLshCore
import Testing

private struct PlainError: Error, CustomStringConvertible {
    var description: String { "plain failure" }
}

private struct CodedError: SQLiteErrorConvertible {
    var sqliteCode: Int32 { SQLITE_CONSTRAINT_CHECK }
    var sqliteMessage: String { "value out of range" }
}

private struct FailingAggregate: Aggregate {
    var rows = 0
    mutating func step(_ arguments: Arguments) throws {
        rows += 1
        if arguments[0].int64 == 3 { throw SQLiteError(code: SQLITE_MISMATCH, message: "step failed on row \(rows)") }
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        if rows == 2 { throw CodedError() }
        if rows == 4 { throw PlainError() }
        return rows
    }
}

/// Errors thrown by functions reach SQLite with their message and, when they carry one, their code.
@Suite struct FunctionErrorTests {
    private func database() throws -> Connection {
        let db = try Connection()
        try db.add(SQLFunction("plain", argumentCount: 0) { _ in throw PlainError() })
        try db.add(SQLFunction("coded", argumentCount: 0) { _ in throw CodedError() })
        try db.add(SQLFunction("sqlite", argumentCount: 0) { _ in throw SQLiteError(code: SQLITE_TOOBIG, message: "too big!") })
        try db.add(SQLFunction("direct", argumentCount: 0, writingResult: { _, _ in throw SQLiteError(message: "direct failed") }))
        try db.add(SQLFunction("manual", argumentCount: 0, writingResult: { _, result in
            result.setError("manual failure", code: SQLITE_ABORT)
        }))
        try db.add(SQLFunction("agg", argumentCount: 1, aggregate: FailingAggregate.self))
        return db
    }

    @Test func scalarErrors() throws {
        let db = try database()
        let plain = #expect(throws: SQLiteError.self) { _ = try db.value("select plain()") }
        #expect(plain?.code == SQLITE_ERROR)
        #expect(plain?.message == "plain failure")
        let coded = #expect(throws: SQLiteError.self) { _ = try db.value("select coded()") }
        #expect(coded?.code == SQLITE_CONSTRAINT_CHECK)
        #expect(coded?.message == "value out of range")
        let sqlite = #expect(throws: SQLiteError.self) { _ = try db.value("select sqlite()") }
        #expect(sqlite?.code == SQLITE_TOOBIG)
        #expect(sqlite?.message == "too big!")
        let direct = #expect(throws: SQLiteError.self) { _ = try db.value("select direct()") }
        #expect(direct?.message == "direct failed")
        let manual = #expect(throws: SQLiteError.self) { _ = try db.value("select manual()") }
        #expect(manual?.code == SQLITE_ABORT)
        #expect(manual?.message == "manual failure")
    }

    @Test func errorsStopTheStatementAfterEarlierRows() throws {
        let db = try database()
        try db.add(SQLFunction("check3", argumentCount: 1) { args in
            if args[0].int64 == 3 { throw SQLiteError(message: "three is not allowed") }
            return args[0].int64
        })
        let statement = try db.prepare("select check3(value) from json_each('[1,2,3,4]')")
        #expect(try statement.step())
        #expect(try statement.step())
        let error = #expect(throws: SQLiteError.self) { _ = try statement.step() }
        #expect(error?.message == "three is not allowed")
        // The statement can run again after a reset.
        statement.reset()
        #expect(try statement.step())
    }

    @Test func stepErrors() throws {
        let db = try database()
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select agg(value) from json_each('[1,2,3,4]')") }
        #expect(error?.code == SQLITE_MISMATCH)
        #expect(error?.message == "step failed on row 3")
    }

    @Test func finalizeErrors() throws {
        let db = try database()
        let coded = #expect(throws: SQLiteError.self) { _ = try db.value("select agg(value) from json_each('[1,2]')") }
        #expect(coded?.code == SQLITE_CONSTRAINT_CHECK)
        #expect(coded?.message == "value out of range")
        let plain = #expect(throws: SQLiteError.self) { _ = try db.value("select agg(value) from json_each('[1,2,4,5]')") }
        #expect(plain?.code == SQLITE_ERROR)
        #expect(plain?.message == "plain failure")
        #expect(try db.value("select agg(value) from json_each('[1]')") == .integer(1))
    }

    @Test func errorsWithEmbeddedQuotesAndUnicodeKeepTheirText() throws {
        let db = try Connection()
        try db.add(SQLFunction("fail", argumentCount: 0) { _ in throw SQLiteError(message: "bad 'value' — ünïcode %s %d") })
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select fail()") }
        #expect(error?.message == "bad 'value' — ünïcode %s %d")
    }
}
