import CSQLite
import SQLshCore
import Testing

/// Result codes by name, and SQLiteError's initializers and description.
@Suite struct ResultCodeTests {
    @Test func namesAndNumbers() {
        #expect(ResultCode.constraint.rawValue == SQLITE_CONSTRAINT)
        #expect(ResultCode.constraintUnique.rawValue == 2067)
        #expect(ResultCode.constraintUnique.primary == .constraint)
        #expect(ResultCode.ioErrShortRead.rawValue == SQLITE_IOERR | (2 << 8))
        #expect(ResultCode.busy.name == "SQLITE_BUSY")
        #expect(ResultCode.constraintUnique.name == "SQLITE_CONSTRAINT_UNIQUE")
        #expect(ResultCode(12345).name == nil)
        #expect(ResultCode.constraintUnique.description == "SQLITE_CONSTRAINT_UNIQUE (2067)")
        #expect(ResultCode(12345).description == "result code 12345")
        #expect(ResultCode.busy.message == "database is locked")
        #expect(!ResultCode.ok.isError && !ResultCode.row.isError && !ResultCode.done.isError && !ResultCode.okSymlink.isError)
        #expect(ResultCode.error.isError && ResultCode.constraintNotNull.isError)
    }

    @Test func errorsFromSQLiteCarryNamedCodes() throws {
        let db = try Connection()
        try db.execute("create table t(x unique not null)")
        try db.execute("insert into t values (1)")
        let unique = #expect(throws: SQLiteError.self) { try db.execute("insert into t values (1)") }
        #expect(unique?.resultCode == .constraintUnique)
        #expect(unique?.resultCode.primary == .constraint)
        #expect(unique?.description == "UNIQUE constraint failed: t.x")
        #expect(unique?.debugDescription == "SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.x")
        #expect(unique.map { String(reflecting: $0) } == "SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.x")
        let notNull = #expect(throws: SQLiteError.self) { try db.execute("insert into t values (null)") }
        #expect(notNull?.resultCode == .constraintNotNull)
    }

    @Test func codeOnlyInitializers() {
        #expect(SQLiteError(code: SQLITE_BUSY).message == "database is locked")
        #expect(SQLiteError(code: .busy) == SQLiteError(code: SQLITE_BUSY, message: "database is locked"))
        #expect(SQLiteError(code: .misuse, message: "").message == "bad parameter or other API misuse")
        #expect(SQLiteError(code: .constraint, message: "mine").message == "mine")
        var error = SQLiteError(message: "x")
        error.resultCode = .constraintCheck
        #expect(error.code == SQLITE_CONSTRAINT | (1 << 8))
    }
}
