@_spi(RawSQLite) @testable import SQLshCore
import Testing

/// SQL from a database compiled as SQLite compiles a view: direct-only functions refused.
struct UntrustedSQLTests {
    private func connection(path: String = ":memory:") throws -> Connection {
        let db = try Connection(path: path)
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

    /// SQLite 3.40 compiles a CHECK constraint's calls without its direct-only check; the core
    /// refuses a direct-only call that no running statement names.
    @Test func aCheckConstraintCannotCallADirectOnlyFunction() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("c.db")
        do {
            let db = try Connection(path: path)
            try db.execute("""
                create table t(a check (abs(1) is not null));
                pragma writable_schema = on;
                update sqlite_schema set sql = replace(sql, 'abs(1)', 'touch(a)') where name = 't';
                """)
        }
        let db = try connection(path: path)
        #expect(throws: SQLiteError.self) { try db.execute("insert into t values(1)") }
        do {
            try db.execute("insert into t values(2)")
        } catch let error as SQLiteError {
            #expect(error.message.hasPrefix("unsafe use of touch()"), "\(error.message)")
        }
        #expect(try db.value("select count(*) from t") == .integer(0))
        // Named by the statement, it runs; in a comment or a string it is not a call.
        #expect(try db.value("select touch(7) /* touch( */") == .integer(7))
        // The text of the statement that named it is remembered; another statement's is not
        // taken for it, even one SQLite makes at the same address after the first is gone.
        for _ in 0..<3 {
            #expect(try db.value("select touch(7) /* touch( */") == .integer(7))
            #expect(throws: SQLiteError.self) { try db.execute("insert into t values(3)") }
        }
        #expect(try db.value("select count(*) from t") == .integer(0))
        for (sql, calls) in [("select 'touch(' , 1", false), ("select \"TOUCH\" (1)", true), ("select touch_more(1)", false),
                             ("select [touch]/* c */(1)", true), ("-- touch(\nselect 1", false), ("select x.touch from x", false)] {
            #expect(sql.withCString { SQLCallScan.calls($0, "touch") } == calls, "\(sql)")
        }
    }
}
