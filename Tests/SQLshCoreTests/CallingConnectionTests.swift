import CSQLite
@_spi(RawSQLite) import SQLshCore
import Testing

/// A function that runs SQL on the connection that called it, as `eval`, `define` and
/// `sha3_query` do, through a borrowed ``Connection``: its statements, its arguments bound and
/// its columns returned as they are, its compiled body kept with the calling statement.
@Suite struct CallingConnectionTests {
    @Test func aBorrowedConnectionRunsStatementsAndNeverClosesTheHandle() throws {
        let db = try Connection()
        try db.execute("create table t(x); insert into t values (1), (2), (3)")
        do {
            let borrowed = Connection(borrowing: db.handle)
            #expect(borrowed.isBorrowed && !db.isBorrowed)
            let statement = try borrowed.prepare("select sum(x) from t")
            #expect(try statement.step() && statement.int64(at: 0) == 6)
            try borrowed.close()  // does nothing: the owner closes the handle
            #expect(!borrowed.isClosed)
        }
        // The borrowed object and its statement are gone; the owner's handle still works.
        #expect(try db.value("select count(*) from t") == .integer(3))
        try db.close()
    }

    @Test func aFunctionQueriesItsCallingConnection() throws {
        let db = try Connection()
        try db.execute("create table t(x); insert into t values (10), (20)")
        try db.add(SQLFunction("total_of", argumentCount: 1, options: .directOnly, writingResult: { args, result in
            let statement = try result.connection.prepare("select sum(x) from " + (args[0].string ?? ""))
            if try statement.step() { result.set(column: 0, of: statement) } else { result.setNull() }
        }))
        #expect(try db.value("select total_of('t')") == .integer(30))
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select total_of('nosuch')") }
        #expect(error?.message == "no such table: nosuch")
    }

    @Test func statementsOfABorrowedConnectionRegisterOnDemandThroughTheOwner() throws {
        let db = try Connection()
        db.registerOnDemand { db, missing in
            guard case .function(let name) = missing, name == "seven" else { return false }
            return (try? db.add(SQLFunction("seven", argumentCount: 0) { _ in 7 })) != nil
        }
        let borrowed = Connection(borrowing: db.handle)
        let statement = try borrowed.prepare("select seven()")
        #expect(try statement.step() && statement.int64(at: 0) == 7)
    }

    @Test func argumentsAreBoundAndColumnsReturnedExactlyAsTheyAre() throws {
        let db = try Connection()
        let prepared = Prepared(try db.prepare("select ?1"))
        try db.add(SQLFunction("same", argumentCount: 1, writingResult: { args, result in
            let body = prepared.statement
            try body.bind(args[0], at: 1)
            defer { body.reset() }
            if try body.step() { result.set(column: 0, of: body) } else { result.setNull() }
        }))
        #expect(try db.value("select typeof(same(1)) || typeof(same(1.5)) || typeof(same('a')) || typeof(same(x'00')) || typeof(same(null))")
                == .text("integerrealtextblobnull"))
        // Invalid UTF-8 goes through untouched (a String copy would repair it).
        #expect(try db.value("select hex(same(cast(x'FF41' as text)))") == .text("FF41"))
    }

    @Test func aStatementIsBusyWhileItRuns() throws {
        let db = try Connection()
        let statement = try db.prepare("select 1 union all select 2")
        #expect(!statement.isBusy)
        #expect(try statement.step())
        #expect(statement.isBusy)
        statement.reset()
        #expect(!statement.isBusy)
    }

    @Test func prepareTellsHowFarSQLiteReadAlsoWhenItFails() throws {
        let db = try Connection()
        var sql = Array("select 1; selec 2".utf8)
        try sql.withUnsafeBufferPointer { text in
            var parsed = 0
            let (first, consumed) = try db.prepare(utf8: text, parsed: &parsed)
            #expect(first != nil && parsed == consumed && consumed == 9)
            let rest = UnsafeBufferPointer(rebasing: text[consumed...])
            let error = #expect(throws: SQLiteError.self) { _ = try db.prepare(utf8: rest, parsed: &parsed) }
            #expect(error?.message == "near \"selec\": syntax error")
            #expect(String(decoding: rest[parsed...], as: UTF8.self) == " 2")  // what sha3_query quotes
        }
        sql = []
    }

    @Test func statementDataIsSharedByTheRowsAndCallSitesOfOneStatement() throws {
        let db = try Connection()
        let key = StatementDataKey()
        let made = Counter()
        try db.add(SQLFunction("run_number", argumentCount: 0, writingResult: { args, result in
            if let box = args.statementData(for: key) as? Box {
                box.value += 1
                return result.set(box.value)
            }
            made.increment()
            args.setStatementData(Box(1), for: key)
            result.set(1)
        }))
        // Two call sites, three rows: one object for the whole run of the statement.
        #expect(try db.rows("select run_number(), run_number() from (select 1 union all select 2 union all select 3)")
                == [[.integer(1), .integer(2)], [.integer(3), .integer(4)], [.integer(5), .integer(6)]])
        #expect(made.value == 1)
        // A new run starts afresh.
        #expect(try db.value("select run_number()") == .integer(1))
        #expect(made.value == 2)
        #expect(StatementDataKey() != StatementDataKey())
    }

    @Test func aValueCopyOutlivesItsCall() throws {
        let db = try Connection()
        let kept = KeptValues()
        try db.add(SQLFunction("keep", argumentCount: 1, writingResult: { args, result in
            kept.values.append(try ValueCopy(args[0]))
            result.setNull()
        }))
        try db.add(SQLFunction("kept", argumentCount: 1, writingResult: { args, result in
            result.set(kept.values[Int(args[0].int64)].value)
        }))
        _ = try db.value("select keep(42), keep('text'), keep(x'00FF'), keep(null), keep(cast(x'FF' as text))")
        #expect(try db.value("select kept(0)") == .integer(42))
        #expect(try db.value("select kept(1)") == .text("text"))
        #expect(try db.value("select kept(2)") == .blob([0x00, 0xFF]))
        #expect(try db.value("select kept(3)") == .null)
        #expect(try db.value("select hex(kept(4)) || typeof(kept(4))") == .text("FFtext"))
    }

    @Test func int32ReadsAsSQLiteValueIntDoes() throws {
        let db = try Connection()
        try db.add(SQLFunction("low32", argumentCount: 1) { args in Int64(args[0].int32) })
        #expect(try db.value("select low32(4294967297)") == .integer(1))
        #expect(try db.value("select low32(-1)") == .integer(-1))
        #expect(try db.value("select low32('12abc')") == .integer(12))
        #expect(try db.value("select low32(2147483648)") == .integer(-2147483648))
    }

    @Test func anAggregateStepSeesTheLengthLimit() throws {
        let db = try Connection()
        db.setLimit(.length, 1000)
        try db.add(SQLFunction("limit_seen", argumentCount: 0) { args in args.lengthLimit })
        #expect(try db.value("select limit_seen()") == .integer(1000))
    }
}

/// The library facts and formatting the catalog uses instead of the C API.
@Suite struct LibraryServiceTests {
    @Test func compileOptionsAreAskedByName() {
        #expect(SQLiteLibrary.isCompileOptionUsed("THREADSAFE=1") || SQLiteLibrary.isCompileOptionUsed("THREADSAFE=2")
                || SQLiteLibrary.isCompileOptionUsed("THREADSAFE=0"))
        #expect(SQLiteLibrary.isCompileOptionUsed("SQLITE_NO_SUCH_OPTION_EVER") == false)
        #expect(SQLiteLibrary.isCompileOptionUsed("SOUNDEX") == (sqlite3_compileoption_used("SOUNDEX") == 1))
    }

    @Test func formattedTextIsReadInPlace() {
        #expect(SQLText.withFormatted("%.*f", [Int32(2), 3.14159]) { String(decoding: $0, as: UTF8.self) } == "3.14")
        // SQLite's %f prints at most 16 significant digits (C's would print more).
        #expect(SQLText.withFormatted("%.*f", [Int32(20), 0.1]) { String(decoding: $0, as: UTF8.self) } == "0.10000000000000000000")
        #expect(SQLText.withFormatted("%d-%d", [Int32(1), Int32(2)]) { Array($0) } == Array("1-2".utf8))
    }
}

private final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// A statement a test function uses (the test runs it on one thread).
private final class Prepared: @unchecked Sendable {
    let statement: Statement
    init(_ statement: Statement) { self.statement = statement }
}

private final class KeptValues: @unchecked Sendable {
    var values: [ValueCopy] = []
}
