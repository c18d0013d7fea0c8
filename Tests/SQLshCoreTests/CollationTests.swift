import CSQLite
import SQLshCore
import Testing

@Suite struct CollationTests {
    private func database() throws -> Connection {
        let db = try Connection()
        try db.execute("create table t(s); insert into t values ('ccc'), ('a'), ('bb'), (''), ('dd')")
        return db
    }

    @Test func orderingAndComparison() throws {
        let db = try database()
        try db.addCollation("bylength") { a, b in Int32(a.count) - Int32(b.count) }
        #expect(try db.column("select s from t order by s collate bylength, s")
                == [.text(""), .text("a"), .text("bb"), .text("dd"), .text("ccc")])
        #expect(try db.value("select 'xy' = 'ab' collate bylength") == .integer(1))
        try db.execute("create index t_len on t(s collate bylength)")
        #expect(try db.column("select s from t where s = 'zz' collate bylength order by s") == [.text("bb"), .text("dd")])
    }

    @Test func bytesWithEmbeddedNulReachTheComparator() throws {
        let db = try Connection()
        var seen: [Int] = []
        try db.addCollation("bytes") { a, b in
            seen.append(a.count)
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        }
        _ = try db.value("select cast(x'610062' as text) = cast(x'61' as text) collate bytes")
        #expect(seen == [3])
    }

    @Test func replaceAndRemove() throws {
        let db = try database()
        try db.addCollation("c") { _, _ in 0 }
        try db.addCollation("c") { a, b in Int32(a.count) - Int32(b.count) }
        #expect(try db.value("select 'a' = 'bb' collate c") == .integer(0))
        try db.removeCollation(named: "c")
        let error = #expect(throws: SQLiteError.self) { _ = try db.value("select 'a' = 'b' collate c") }
        #expect(error?.message == "no such collation sequence: c")
    }

    @Test func changingWhileAStatementRunsIsBusy() throws {
        let db = try database()
        try db.addCollation("c") { a, b in Int32(a.count) - Int32(b.count) }
        let statement = try db.prepare("select s from t order by s collate c")
        #expect(try statement.step())
        let error = #expect(throws: SQLiteError.self) { try db.addCollation("c") { _, _ in 0 } }
        #expect(error?.code == SQLITE_BUSY)
        #expect(error?.message == "unable to delete/modify collation sequence due to active statements")
        statement.reset()
        try db.removeCollation(named: "c")
    }
}
