import SQLshCore
import Testing

/// The typed missing-table hook: FailedStatement.missingTable gives the table a statement
/// names that the schema lacks, with its schema and byte position, read once in the core
/// from SQLite's `no such table` message; and beforePreparing runs before each statement.
@Suite struct MissingTableHookTests {
    /// The missing tables the rewriter is given while preparing `sql`, each with the text
    /// its range covers; each one is made (as an empty temp table) so that the next is found.
    func missingTables(_ sql: String, setUp: String = "") throws -> [(MissingTable, String)] {
        let db = try Connection()
        if !setUp.isEmpty { try db.execute(setUp) }
        var seen: [(MissingTable, String)] = []
        db.rewriteFailedStatements { db, failed in
            guard let missing = failed.missingTable else { return nil }
            let spelled = missing.range.map { String(decoding: failed.text[$0], as: UTF8.self) } ?? ""
            seen.append((missing, spelled))
            let schema = missing.schema ?? "temp"
            let quoted = "\"" + missing.name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            do { try db.execute("create table \(schema).\(quoted)(x)") } catch { return nil }
            return .retry
        }
        // prepare(utf8:): the first statement of the text only.
        var text = sql
        _ = try? text.withUTF8 { try db.prepare(utf8: $0) }
        return seen
    }

    @Test func aPlainName() throws {
        let found = try missingTables("select * from orders where 1")
        #expect(found.count == 1)
        #expect(found.first?.0 == MissingTable(schema: nil, name: "orders", range: 14..<20))
        #expect(found.first?.1 == "orders")
        #expect(found.first?.0.offset == 14)
        #expect(found.first?.0.qualifiedName == "orders")
    }

    @Test func aSchemaQualifiedName() throws {
        let found = try missingTables("select * from temp.orders")
        #expect(found.first?.0 == MissingTable(schema: "temp", name: "orders", range: 14..<25))
        #expect(found.first?.1 == "temp.orders")
        #expect(found.first?.0.qualifiedName == "temp.orders")
        // Quoted schema and name.
        let quoted = try missingTables("select * from \"temp\".\"my table\"")
        #expect(quoted.first?.0.schema == "temp")
        #expect(quoted.first?.0.name == "my table")
        #expect(quoted.first?.1 == "\"temp\".\"my table\"")
    }

    @Test func quotedNames() throws {
        let string = try missingTables("select * from 'data.csv'")
        #expect(string.first?.0 == MissingTable(schema: nil, name: "data.csv", range: 14..<24))
        let identifier = try missingTables("select a from \"we\"\"ird\"")
        #expect(identifier.first?.0.name == "we\"ird")
        #expect(identifier.first?.1 == "\"we\"\"ird\"")
        let brackets = try missingTables("select a from [x y]")
        #expect(brackets.first?.0.name == "x y")
        #expect(brackets.first?.0.range == 14..<19)
        let backticks = try missingTables("select a from `b`")
        #expect(backticks.first?.0.name == "b")
    }

    @Test func aNameInASubqueryACTEOrAJoin() throws {
        let subquery = "select * from (select 1) as s where 1 in (select x from inner_t)"
        let found = try missingTables(subquery)
        #expect(found.first?.0.name == "inner_t")
        #expect(found.first?.0.offset == subquery.utf8.count - "inner_t)".utf8.count)
        let cte = "with c as (select * from cte_t) select * from c"
        #expect(try missingTables(cte).first?.0.offset == 25)
        let join = "select * from (select 1 as x) a join joined using (x)"
        #expect(try missingTables(join).first?.0.offset == "select * from (select 1 as x) a join ".utf8.count)
        // The name in FROM, not a string of the same text elsewhere.
        let elsewhere = "select 'books' from books"
        #expect(try missingTables(elsewhere).first?.0.offset == 20)
        // A comma of a FROM clause.
        let comma = "select * from (select 1), 'x.json'"
        #expect(try missingTables(comma).first?.0.offset == 26)
    }

    @Test func twoMissingTablesAreGivenOneAfterTheOther() throws {
        let sql = "select * from first_t join second_t"
        let found = try missingTables(sql)
        #expect(found.map(\.0.name) == ["first_t", "second_t"])
        #expect(found.map { $0.0.offset } == [14, 27])
        // Only the first statement of the text is searched.
        let two = try missingTables("select 1; select * from later_t")
        #expect(two.isEmpty)
    }

    @Test func aTableNamedByAViewHasNoPosition() throws {
        let db = try Connection()
        try db.execute("create temp view v as select * from 'data.csv'; create view w as select * from gone")
        var seen: [MissingTable] = []
        db.rewriteFailedStatements { _, failed in
            if let missing = failed.missingTable { seen.append(missing) }
            return nil
        }
        _ = try? db.prepare("select * from v")
        _ = try? db.prepare("select * from w")
        // A dot in a name is not a schema's, unless the connection has that schema.
        #expect(seen == [MissingTable(schema: nil, name: "data.csv", range: nil),
                         MissingTable(schema: "main", name: "gone", range: nil)])
    }

    @Test func otherErrorsHaveNoMissingTable() throws {
        let db = try Connection()
        var missing: [MissingTable?] = []
        db.rewriteFailedStatements { _, failed in
            missing.append(failed.missingTable)
            return nil
        }
        _ = try? db.prepare("select nosuch()")
        _ = try? db.prepare("select from")
        #expect(missing == [nil, nil])
        #expect(SQLiteError(message: "no such table: t").missingName == .table("t"))
        #expect(SQLiteError(message: "no such column: c").missingName == nil)
    }

    @Test func beforePreparingRunsBeforeEachStatementButNotItsOwn() throws {
        let db = try Connection()
        try db.execute("create table log(n)")
        var calls = 0
        db.beforePreparing { db in
            calls += 1
            try? db.execute("insert into log values(1)")
        }
        var sql = "select 1; select 2"
        try sql.withUTF8 { text in
            let (_, consumed) = try db.prepare(utf8: text)
            _ = try db.prepare(utf8: UnsafeBufferPointer(rebasing: text[consumed...]))
        }
        #expect(calls == 2)
        db.beforePreparing(nil)
        #expect(try db.scalar("select count(*) from log") == .integer(2))
        #expect(calls == 2)
    }
}
