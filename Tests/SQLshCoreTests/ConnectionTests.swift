import CSQLite
import Foundation
import SQLshCore
import Testing

@Suite struct ConnectionTests {
    @Test func opensInMemoryByDefault() throws {
        let db = try Connection()
        #expect(db.path == ":memory:")
        #expect(db.filename() == "")
        #expect(db.isReadOnly() == false)
        #expect(db.isReadOnly(schema: "nope") == nil)
        #expect(db.isAutocommit)
    }

    @Test func opensAFileAndCreatesIt() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("a.db")
        do {
            let db = try Connection(path: path)
            try db.execute("create table t(x); insert into t values (42)")
            #expect(db.filename()?.hasSuffix("/a.db") == true)
            try db.close()
        }
        let again = try Connection(path: path, flags: .readOnly)
        #expect(try again.value("select x from t") == .integer(42))
    }

    @Test func missingFileWithoutCreateFails() throws {
        let dir = try TemporaryDirectory()
        let error = #expect(throws: SQLiteError.self) {
            _ = try Connection(path: dir.file("missing.db"), flags: .readWrite)
        }
        #expect(error?.primaryCode == SQLITE_CANTOPEN)
        #expect(error?.message == "unable to open database file")
    }

    @Test func uriFilenameOpensReadOnly() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("ro.db")
        try Connection(path: path).execute("create table t(x)")
        let db = try Connection(path: "file:\(path)?mode=ro")
        #expect(db.isReadOnly() == true)
        let error = #expect(throws: SQLiteError.self) { try db.execute("insert into t values (1)") }
        #expect(error?.code == SQLITE_READONLY)
        #expect(error?.message == "attempt to write a readonly database")
    }

    @Test func readOnlyFlagRefusesWrites() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("ro.db")
        try Connection(path: path).execute("create table t(x)")
        let db = try Connection(path: path, flags: .readOnly)
        #expect(db.isReadOnly() == true)
        #expect(throws: SQLiteError.self) { try db.execute("insert into t values (1)") }
    }

    @Test func closeFailsWithBusyWhileAStatementIsOpen() throws {
        let db = try Connection()
        var statement: Statement? = try db.prepare("select 1")
        let error = #expect(throws: SQLiteError.self) { try db.close() }
        #expect(error?.code == SQLITE_BUSY)
        #expect(error?.message == "unable to close due to unfinalized statements or unfinished backups")
        // Still open and usable.
        #expect(try statement?.step() == true)
        #expect(try db.value("select 2") == .integer(2))
        statement = nil
        try db.close()
        try db.close() // closing twice is harmless
        #expect(db.isClosed)
        let closed = #expect(throws: SQLiteError.self) { try db.execute("select 1") }
        #expect(closed?.code == SQLITE_MISUSE)
        #expect(closed?.message == "the database connection is closed")
        #expect(throws: SQLiteError.self) { try db.add(SQLFunction("f", argumentCount: 0) { _ in 1 }) }
    }

    @Test func extendedErrorCodesAreReported() throws {
        let db = try Connection()
        try db.execute("create table t(x unique); insert into t values (1)")
        let error = #expect(throws: SQLiteError.self) { try db.execute("insert into t values (1)") }
        #expect(error?.code == SQLITE_CONSTRAINT_UNIQUE)
        #expect(error?.primaryCode == SQLITE_CONSTRAINT)
        #expect(error?.message == "UNIQUE constraint failed: t.x")
        #expect(db.extendedErrorCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(db.errorMessage == "UNIQUE constraint failed: t.x")
        #expect(error?.codeDescription == "constraint failed")
    }

    @Test func busyTimeoutGivesUpWithBusy() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("busy.db")
        let a = try Connection(path: path)
        let b = try Connection(path: path)
        try a.execute("create table t(x); begin exclusive; insert into t values (1)")
        b.setBusyTimeout(milliseconds: 20)
        let error = #expect(throws: SQLiteError.self) { try b.execute("insert into t values (2)") }
        #expect(error?.primaryCode == SQLITE_BUSY)
        #expect(error?.message == "database is locked")
        try a.execute("commit")
        try b.execute("insert into t values (2)")
        #expect(try a.value("select count(*) from t") == .integer(2))
    }

    @Test func busyTimeoutWaitsForTheLock() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("wait.db")
        let a = try Connection(path: path)
        let b = try Connection(path: path)
        try a.execute("create table t(x); begin exclusive; insert into t values (1)")
        b.setBusyTimeout(milliseconds: 60_000)
        let released = Counter()
        let writer = UncheckedTransfer(a)  // used by the thread only while the test waits
        let thread = Thread {
            usleep(20_000)
            try? writer.value.execute("commit")
            released.increment()
        }
        thread.start()
        try b.execute("insert into t values (2)") // waits until `a` commits
        #expect(released.value == 1)
        #expect(try b.value("select count(*) from t") == .integer(2))
    }

    @Test func interruptFromAnotherThreadStopsAQuery() throws {
        let db = try Connection()
        let done = Counter()
        let interrupter = db.interruptHandle
        let thread = Thread {
            while done.value == 0 {
                interrupter.interrupt()
                usleep(1_000)
            }
        }
        thread.start()
        defer { done.increment() }
        // Endless without the interrupt.
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.value("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c")
        }
        #expect(error?.code == SQLITE_INTERRUPT)
        #expect(error?.message == "interrupted")
    }

    @Test func progressHandlerStopsAQuery() throws {
        let db = try Connection()
        let calls = Counter()
        db.setProgressHandler(instructions: 100) {
            calls.increment()
            return calls.value >= 5
        }
        let error = #expect(throws: SQLiteError.self) {
            _ = try db.value("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c")
        }
        #expect(error?.code == SQLITE_INTERRUPT)
        #expect(calls.value == 5)
        db.setProgressHandler(instructions: 100, nil)
        #expect(try db.value("with recursive c(x) as (select 1 union all select x + 1 from c limit 1000) select count(*) from c")
                == .integer(1000))
        #expect(calls.value == 5)
    }

    @Test func extensionLoadingIsOffByDefault() throws {
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select load_extension('/nonexistent/ext')") }
        #expect(error?.message == "not authorized")
    }

    @Test func loadingAMissingExtensionGivesSQLitesMessage() throws {
        let db = try Connection()
        try db.setExtensionLoading(enabled: true)
        let error = #expect(throws: SQLiteError.self) { try db.loadExtension(path: "/nonexistent/ext") }
        #expect(error?.code == SQLITE_ERROR)
        #expect(has(error, "/nonexistent/ext"))
        #expect(has(error, "cannot open shared object file"))
        // The SQL function is enabled too and reports the same kind of message.
        let sqlError = #expect(throws: SQLiteError.self) { _ = try db.value("select load_extension('/nonexistent/ext')") }
        #expect(has(sqlError, "cannot open shared object file"))
        try db.setExtensionLoading(enabled: false)
        let off = #expect(throws: SQLiteError.self) { _ = try db.value("select load_extension('/nonexistent/ext')") }
        #expect(off?.message == "not authorized")
    }
}
