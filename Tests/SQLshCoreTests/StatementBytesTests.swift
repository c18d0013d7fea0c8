import CSQLite
import SQLshCore
import Testing

@Suite struct StatementBytesTests {
    @Test func columnNamesAndSQLAreReadInPlace() throws {
        let db = try Connection()
        let statement = try db.prepare("select 1 as \"näme\", 2")
        #expect(Array(statement.columnNameBytes(at: 0)) == Array("näme".utf8))
        #expect(Array(statement.columnNameBytes(at: 1)) == Array("2".utf8))
        #expect(statement.columnNameBytes(at: 5).isEmpty)
        #expect(Array(statement.sqlBytes) == Array("select 1 as \"näme\", 2".utf8))
    }

    @Test func int32TakesTheLow32Bits() throws {
        let db = try Connection()
        let statement = try db.prepare("select 4294967297, -1, 2.9")
        _ = try statement.step()
        #expect(statement.int32(at: 0) == 1)
        #expect(statement.int32(at: 1) == -1)
        #expect(statement.int32(at: 2) == 2)
    }

    @Test func aValueIsBoundFromAnotherStatementAsItIs() throws {
        let db = try Connection()
        let source = try db.prepare("select x'00ff', 1.5, 'text', null")
        _ = try source.step()
        let target = try db.prepare("select typeof(?1), typeof(?2), typeof(?3), typeof(?4), hex(?1)")
        for i in 0..<4 { try target.bindValue(of: source, column: i, at: i + 1) }
        _ = try target.step()
        #expect((0..<5).map { target.string(at: $0) } == ["blob", "real", "text", "null", "00FF"])
        target.reset()
        try target.bindNull(at: 1)
        _ = try target.step()
        #expect(target.string(at: 0) == "null")
        #expect(throws: SQLiteError.self) { try target.bindNull(at: 9) }
    }

    @Test func countersAndColumnOrigins() throws {
        let db = try Connection()
        try db.execute("create table t(a, b); insert into t values (1, 2), (3, 4)")
        let statement = try db.prepare("select a as x, b + 1 from t order by b desc")
        while try statement.step() {}
        #expect(statement.counter(.vmSteps) > 0)
        #expect(statement.counter(.sorts) == 1)
        #expect(statement.counter(.fullscanSteps, reset: true) == 1)
        #expect(statement.counter(.fullscanSteps) == 0)
        #expect(statement.counter(.runs) == 1)
        #expect(statement.columnDatabaseName(at: 0) == "main")
        #expect(statement.columnTableName(at: 0) == "t")
        #expect(statement.columnOriginName(at: 0) == "a")
        #expect(statement.columnOriginName(at: 1) == nil)
    }

    @Test func connectionAndLibraryStatus() throws {
        let db = try Connection()
        try db.execute("create table t(a); insert into t values (1)")
        #expect(db.status(.schemaUsed).current > 0)
        #expect(db.status(.cacheUsed).current > 0)
        #expect(SQLiteLibrary.status(.memoryUsed).current > 0)
        #expect(SQLiteLibrary.status(.memoryUsed).highwater >= SQLiteLibrary.status(.memoryUsed).current)
    }

    @Test func errorMessagesKeepSQLitesBytes() throws {
        let db = try Connection()
        db.setExtendedResultCodes(false)
        #expect(throws: SQLiteError.self) { try db.execute("select * from \"no\u{FFFD}such\"") }
        #expect(db.errorMessageBytes == Array("no such table: no\u{FFFD}such".utf8))
        #expect(db.extendedErrorCode == SQLITE_ERROR)
    }
}
