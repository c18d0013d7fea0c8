import CSQLite
import Foundation
import SQLshCore
import Testing

private enum BareError: Error { case tooBig }

private struct BareStructError: Error { var limit = 3 }

/// An aggregate failing in `step`, for the function name in the message.
private struct FailingSum: Aggregate {
    init() {}
    mutating func step(_ arguments: Arguments) throws { throw BareError.tooBig }
    func finalize() -> (any SQLValueConvertible)? { nil }
}

private enum DescribedParseError: LocalizedError, DescribedError, CustomStringConvertible {
    case tooBig
    var errorDescription: String? { "the input is too big" }
    var description: String { "DescribedParseError.tooBig" }
}

private struct NilDescriptionError: DescribedError, CustomStringConvertible {
    var errorDescription: String? { nil }
    var description: String { "fallback description" }
}

/// How a thrown error becomes the statement's error: code and message (``SQLiteErrorReport``).
@Suite struct ErrorMappingTests {
    /// Registers `fail()`, throwing `error`, and returns the statement's error after at most
    /// three steps (a statement that returns rows forever would otherwise never end).
    private func failure(_ error: any Error & Sendable) throws -> SQLiteError? {
        let db = try Connection()
        try db.add(SQLFunction("fail", argumentCount: 0) { _ -> Int in throw error })
        let statement = try db.prepare("select fail()")
        for _ in 0..<3 {
            do {
                guard try statement.step() else { return nil }
            } catch let error as SQLiteError {
                return error
            }
        }
        return nil
    }

    @Test(arguments: [Int32(0), SQLITE_ROW, SQLITE_DONE, SQLITE_OK | (2 << 8)])
    func nonErrorCodesBecomeSQLITE_ERROR(code: Int32) throws {
        let error = try #require(try failure(SQLiteError(code: code, message: "not really fine")))
        #expect(error.code == SQLITE_ERROR)
        #expect(error.message == "not really fine")
    }

    @Test func anEmptyMessageGetsSQLitesTextForTheCode() throws {
        #expect(try failure(SQLiteError(code: SQLITE_CONSTRAINT, message: "")) == SQLiteError(code: SQLITE_CONSTRAINT, message: "constraint failed"))
        #expect(try failure(SQLiteError(code: 123, message: "")) == SQLiteError(code: 123, message: "unknown error"))
        #expect(try failure(SQLiteError(code: 0, message: "")) == SQLiteError(code: SQLITE_ERROR, message: "SQL logic error"))
        #expect(try failure(SQLiteError(code: .tooBig)) == SQLiteError(code: SQLITE_TOOBIG, message: "string or blob too big"))
    }

    /// SQLite keeps an error message as a C string: a message is cut at its first NUL byte,
    /// and one that starts with NUL gets SQLite's text for the code.
    @Test func aMessageEndsAtItsFirstNUL() throws {
        #expect(try failure(SQLiteError(message: "before\0after"))?.message == "before")
        #expect(try failure(SQLiteError(code: .constraint, message: "\0after")) == SQLiteError(code: SQLITE_CONSTRAINT, message: "constraint failed"))
        #expect(SQLiteErrorReport(code: SQLITE_ERROR, message: "a\0b\0c").message == "a")
    }

    @Test func messageRule() throws {
        // SQLiteErrorConvertible first, then a DescribedError's errorDescription (Foundation's
        // LocalizedError requirement), then description, then String(describing:).
        #expect(try failure(DescribedParseError.tooBig)?.message == "the input is too big")
        #expect(try failure(NilDescriptionError())?.message == "fallback description")
        #expect(try failure(BareError.tooBig)?.message == "fail(): BareError.tooBig")
        #expect(try failure(BareStructError())?.message == "fail(): BareStructError(limit: 3)")
        #expect(try failure(MissingArgumentError(index: 1, count: 1))?.message == "argument 2 is missing: the call has 1 argument")
    }

    @Test func reportNormalizesCodeAndMessage() {
        #expect(SQLiteErrorReport(code: SQLITE_DONE, message: "") == SQLiteErrorReport(code: SQLITE_ERROR, message: "SQL logic error"))
        #expect(SQLiteErrorReport(SQLiteError(code: .constraintUnique, message: "dup")).code == ResultCode.constraintUnique.rawValue)
        #expect(SQLiteErrorReport(BareError.tooBig) == SQLiteErrorReport(code: SQLITE_ERROR, message: "BareError.tooBig"))
    }

    /// An error that does not describe itself is named with its type and the function that
    /// threw it: scalar, writing its result, aggregate.
    @Test func aBareErrorSaysTheFunctionAndTheType() throws {
        let db = try Connection()
        try db.add(SQLFunction("reverse", argumentCount: 1) { _ -> Int in throw BareError.tooBig })
        try db.add(SQLFunction("direct", argumentCount: 0, writingResult: { _, _ in throw BareError.tooBig }))
        try db.add(SQLFunction("failing_sum", argumentCount: 1, aggregate: FailingSum.self))
        for (sql, message) in [("select reverse('a')", "reverse(): BareError.tooBig"), ("select direct()", "direct(): BareError.tooBig"),
                               ("select failing_sum(1)", "failing_sum(): BareError.tooBig")] {
            let error = #expect(throws: SQLiteError.self) { _ = try db.value(sql) }
            #expect(error?.message == message, "\(sql)")
        }
    }

    @Test func namedCodesFromFunctions() throws {
        let error = try failure(SQLiteError(code: .constraintCheck, message: "price must be positive"))
        #expect(error?.resultCode == .constraintCheck)
        #expect(error?.resultCode.primary == .constraint)
        #expect(error?.debugDescription == "SQLITE_CONSTRAINT_CHECK (275): price must be positive")
    }

    @Test func directResultErrorsAreMappedToo() throws {
        let db = try Connection()
        try db.add(SQLFunction("done", argumentCount: 0, writingResult: { _, result in result.setError("", code: SQLITE_DONE) }))
        try db.add(SQLFunction("named", argumentCount: 0, writingResult: { _, result in result.setError("no", code: .abort) }))
        let done = #expect(throws: SQLiteError.self) { _ = try db.value("select done()") }
        #expect(done == SQLiteError(code: SQLITE_ERROR, message: "SQL logic error"))
        let named = #expect(throws: SQLiteError.self) { _ = try db.value("select named()") }
        #expect(named == SQLiteError(code: SQLITE_ABORT, message: "no"))
    }
}
