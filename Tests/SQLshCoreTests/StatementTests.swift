import CSQLite
import SQLshCore
import Testing

@Suite struct StatementTests {
    @Test func positionalBinding() throws {
        let db = try Connection()
        let statement = try db.prepare("select ?, ?, ?, ?, ?, ?")
        #expect(statement.parameterCount == 6)
        #expect(statement.parameterName(at: 1) == nil)
        try statement.bind([Int64(7), 2.5, "héllo", [UInt8]([1, 2, 3]), nil, true])
        #expect(try statement.step())
        #expect(statement.columnType(at: 0) == .integer)
        #expect(statement.int64(at: 0) == 7)
        #expect(statement.columnType(at: 1) == .real)
        #expect(statement.double(at: 1) == 2.5)
        #expect(statement.columnType(at: 2) == .text)
        #expect(Array(statement.textBytes(at: 2)) == Array("héllo".utf8))
        #expect(statement.string(at: 2) == "héllo")
        #expect(statement.columnType(at: 3) == .blob)
        #expect(Array(statement.blobBytes(at: 3)) == [1, 2, 3])
        #expect(statement.columnType(at: 4) == .null)
        #expect(statement.string(at: 4) == nil)
        #expect(statement.textBytes(at: 4).isEmpty)
        #expect(statement.value(at: 5) == .integer(1))
        #expect(try !statement.step())
    }

    @Test func numberedAndNamedBinding() throws {
        let db = try Connection()
        let statement = try db.prepare("select :a, @b, $c, ?5, :a")
        #expect(statement.parameterCount == 5)
        #expect(statement.parameterName(at: 1) == ":a")
        #expect(statement.parameterName(at: 2) == "@b")
        #expect(statement.parameterIndex(named: "$c") == 3)
        #expect(statement.parameterIndex(named: ":nope") == nil)
        try statement.bind("x", named: ":a")
        try statement.bind(2, named: "@b")
        try statement.bind(3.5, named: "$c")
        try statement.bind("five", at: 5)
        #expect(try statement.step())
        #expect((0..<5).map { statement.value(at: $0) } == [.text("x"), .integer(2), .real(3.5), .text("five"), .text("x")])
        let error = #expect(throws: SQLiteError.self) { try statement.bind(1, named: ":nope") }
        #expect(error?.code == SQLITE_RANGE)
        let misuse = #expect(throws: SQLiteError.self) { try statement.bind(1, at: 1) }
        #expect(misuse?.code == SQLITE_MISUSE) // binding a statement that is running
        statement.reset()
        let range = #expect(throws: SQLiteError.self) { try statement.bind(1, at: 9) }
        #expect(range?.code == SQLITE_RANGE)
        #expect(range?.message == "column index out of range")
    }

    @Test func bindingEmptyTextAndBlobAreNotNull() throws {
        let db = try Connection()
        let row = try db.rows("select typeof(?1), length(?1), typeof(?2), length(?2)", ["", [UInt8]()])
        #expect(row == [[.text("text"), .integer(0), .text("blob"), .integer(0)]])
    }

    @Test func bindingTextWithEmbeddedNulKeepsIt() throws {
        let db = try Connection()
        let row = try db.rows("select hex(?1), length(cast(?1 as blob))", ["a\u{0}b"])
        #expect(row == [[.text("610062"), .integer(3)]])
    }

    @Test func resetKeepsBindingsAndClearBindingsDropsThem() throws {
        let db = try Connection()
        let statement = try db.prepare("select ?")
        try statement.bind(5, at: 1)
        #expect(try statement.step())
        statement.reset()
        #expect(try statement.step())
        #expect(statement.int64(at: 0) == 5)
        statement.reset()
        statement.clearBindings()
        #expect(try statement.step())
        #expect(statement.columnType(at: 0) == .null)
    }

    @Test func columnNamesAndDeclaredTypes() throws {
        let db = try Connection()
        try db.execute("create table t(id integer primary key, name text, data blob, score)")
        let statement = try db.prepare("select id, name as n, data, score, 1 + 1 from t")
        #expect(statement.columnCount == 5)
        #expect((0..<5).map { statement.columnName(at: $0) } == ["id", "n", "data", "score", "1 + 1"])
        #expect((0..<5).map { statement.columnDeclaredType(at: $0) } == ["INTEGER", "TEXT", "BLOB", nil, nil])
        #expect(statement.isReadOnly)
        #expect(statement.sql == "select id, name as n, data, score, 1 + 1 from t")
        #expect(try !statement.step())
        #expect(statement.dataCount == 0)
    }

    @Test func storageTypesAndConversions() throws {
        let db = try Connection()
        let statement = try db.prepare("select 12, 1.5, '3.25', x'00ff', null")
        #expect(try statement.step())
        #expect((0..<5).map { statement.columnType(at: $0) } == [.integer, .real, .text, .blob, .null])
        #expect(statement.double(at: 0) == 12)
        #expect(statement.int64(at: 1) == 1)
        #expect(statement.double(at: 2) == 3.25)
        #expect(Array(statement.blobBytes(at: 3)) == [0, 255])
        #expect(statement.blobBytes(at: 4).isEmpty)
        #expect(try statement.decode(0, as: Int.self) == 12)
        #expect(try statement.decode(4, as: Int?.self) == nil)
        #expect(throws: ValueConversionError.self) { try statement.decode(4, as: Int.self) }
    }

    @Test func changesAndRowIDs() throws {
        let db = try Connection()
        try db.execute("create table t(x)")
        #expect(db.totalChanges == 0)
        try db.execute("insert into t values (1), (2), (3)")
        #expect(db.changes == 3)
        #expect(db.lastInsertRowID == 3)
        try db.execute("update t set x = x + 1 where x > 1")
        #expect(db.changes == 2)
        try db.execute("delete from t")
        #expect(db.changes == 3)
        #expect(db.totalChanges == 8)
        try db.execute("insert into t(rowid, x) values (100, 1)")
        #expect(db.lastInsertRowID == 100)
    }

    @Test func scriptRunsStatementByStatementThroughThePrepareTail() throws {
        let db = try Connection()
        let script = "create table t(x); -- a comment; with a semicolon\ninsert into t values ('a;b');\n select x from t; /* trailing */ "
        var bytes = Array(script.utf8)
        var statements: [String] = []
        var results: [SQLValue] = []
        try bytes.withUnsafeMutableBufferPointer { mutable in
            var rest = UnsafeBufferPointer(mutable)
            while !rest.isEmpty {
                let (statement, consumed) = try db.prepare(utf8: rest)
                #expect(consumed > 0)
                if let statement {
                    statements.append(statement.sql)
                    while try statement.step() { results.append(statement.value(at: 0)) }
                }
                rest = UnsafeBufferPointer(rebasing: rest[consumed...])
            }
        }
        // Each statement's text starts right after the previous one's end, as SQLite's tail does.
        #expect(statements == ["create table t(x);", " -- a comment; with a semicolon\ninsert into t values ('a;b');",
                               "\n select x from t;"])
        #expect(results == [.text("a;b")])
    }

    @Test func executeRunsAWholeScript() throws {
        let db = try Connection()
        try db.execute("create table t(x); insert into t values (1); insert into t values (2); -- done")
        #expect(try db.value("select sum(x) from t") == .integer(3))
        try db.execute("   ")
        try db.execute("")
    }

    @Test func prepareFirstReturnsNilForCommentsOnly() throws {
        let db = try Connection()
        #expect(try db.prepareFirst("  -- nothing\n") == nil)
        #expect(try db.prepareFirst("select 1; select 2")?.sql == "select 1;")
    }

    @Test func prepareRefusesSeveralStatements() throws {
        let db = try Connection()
        #expect(throws: SQLiteError.self) { _ = try db.prepare("select 1; select 2") }
        #expect(throws: SQLiteError.self) { _ = try db.prepare("-- only a comment") }
        _ = try db.prepare("select 1; -- trailing comment")
    }

    @Test func prepareErrorsCarryTheByteOffset() throws {
        let db = try Connection()
        try db.execute("create table t(x)")
        let missing = #expect(throws: SQLiteError.self) { _ = try db.prepare("select x, nope from t") }
        #expect(missing?.message == "no such column: nope")
        #expect(missing?.offset == 10)
        #expect(db.errorOffset == 10)
        let syntax = #expect(throws: SQLiteError.self) { _ = try db.prepare("select * frm t") }
        #expect(syntax?.message == "near \"frm\": syntax error")
        #expect(syntax?.offset == 9)
    }

    @Test func prepareErrorOffsetsAreRelativeToTheBufferGiven() throws {
        let db = try Connection()
        var bytes = Array("select 1; select nope".utf8)
        try bytes.withUnsafeMutableBufferPointer { mutable in
            let all = UnsafeBufferPointer(mutable)
            let (_, consumed) = try db.prepare(utf8: all)
            let rest = UnsafeBufferPointer(rebasing: all[consumed...])
            let error = #expect(throws: SQLiteError.self) { _ = try db.prepare(utf8: rest) }
            #expect(error?.offset == 8) // " select nope": "nope" starts at byte 8
        }
    }

    @Test func prepareOfASecondStatementReportsItsOwnOffset() throws {
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) { _ = try db.prepare("select 1; select nope") }
        #expect(error?.message == "no such column: nope")
        #expect(error?.offset == 17)
    }

    @Test func stepErrorsCarryCodeAndMessage() throws {
        let db = try Connection()
        try db.execute("create table t(x not null)")
        let statement = try db.prepare("insert into t values (null)")
        let error = #expect(throws: SQLiteError.self) { _ = try statement.step() }
        #expect(error?.code == SQLITE_CONSTRAINT_NOTNULL)
        #expect(error?.message == "NOT NULL constraint failed: t.x")
    }

    @Test func expandedSQLShowsBoundValues() throws {
        let db = try Connection()
        let statement = try db.prepare("select ?, ?")
        try statement.bind([1, "a'b"])
        #expect(statement.expandedSQL == "select 1, 'a''b'")
        #expect(try db.prepare("explain select 1").explainMode == 1)
        #expect(try db.prepare("explain query plan select 1").explainMode == 2)
    }
}
