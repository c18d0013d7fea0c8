import SQLshCore
import Testing

/// SQL from a database compiled as SQLite compiles a view: direct-only functions refused.
struct UntrustedSQLTests {
    private func connection() throws -> Connection {
        let db = try Connection(path: ":memory:")
        try db.add(SQLFunction("touch", argumentCount: 1, options: .directOnly) { args in args[0].int64 })
        try db.add(SQLFunction("safe", argumentCount: 1, options: .pure) { args in args[0].int64 })
        return db
    }

    @Test func directOnlyFunctionsAreRefusedWhileCompiling() throws {
        let db = try connection()
        #expect(throws: SQLiteError(message: "unsafe use of touch()")) {
            _ = try db.compilingUntrustedSQL { try db.prepare("select safe(1) + TOUCH(2)") }
        }
        let statement = try db.compilingUntrustedSQL { try db.prepare("select safe(1)") }
        #expect(try statement.step())
        // Outside, the function is the user's to call.
        #expect(try db.value("select touch(3)") == .integer(3))
    }

    @Test func anAuthorizerKeepsDecidingAndStays() throws {
        let db = try connection()
        db.setAuthorizer { request in request.action == .attach ? .deny : .allow }
        #expect(throws: SQLiteError(message: "unsafe use of touch()")) {
            _ = try db.compilingUntrustedSQL { try db.prepare("select touch(1)") }
        }
        #expect(throws: SQLiteError.self) {
            _ = try db.compilingUntrustedSQL { try db.prepare("attach ':memory:' as x") }
        }
        // Afterwards: the user's authorizer still denies ATTACH, and touch() is allowed.
        #expect(throws: SQLiteError.self) { try db.execute("attach ':memory:' as x") }
        #expect(try db.value("select touch(4)") == .integer(4))
    }

    @Test func aBorrowedConnectionSharesTheRules() throws {
        let db = try connection()
        db.setAuthorizer { _ in .allow }
        let borrowed = Connection(borrowing: db.handle)
        #expect(throws: SQLiteError(message: "unsafe use of touch()")) {
            _ = try borrowed.compilingUntrustedSQL { try borrowed.prepare("select touch(1)") }
        }
        #expect(try db.value("select touch(5)") == .integer(5))
    }
}
