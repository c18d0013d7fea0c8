import CSQLite
import SQLshCore
import Testing

@Suite struct BackupTests {
    private func source(rows: Int = 2000) throws -> Connection {
        let db = try Connection()
        try db.execute("""
            create table t(x, s);
            with recursive c(i) as (select 1 union all select i + 1 from c where i < \(rows))
            insert into t select i, printf('%0100d', i) from c;
            """)
        return db
    }

    @Test func backupBetweenConnectionsWithProgress() throws {
        let db = try source()
        let copy = try Connection()
        var reports: [(Int, Int)] = []
        try db.backup(to: copy, pagesPerStep: 10) { remaining, total in
            reports.append((remaining, total))
            return true
        }
        #expect(try copy.value("select count(*) from t") == .integer(2000))
        #expect(reports.count > 2)
        #expect(reports.last?.0 == 0)
        #expect(reports.first.map { $0.0 < $0.1 } == true)
    }

    @Test func stoppingFromTheProgressCallback() throws {
        let db = try source()
        let copy = try Connection()
        let error = #expect(throws: SQLiteError.self) {
            try db.backup(to: copy, pagesPerStep: 1) { _, _ in false }
        }
        #expect(error?.code == SQLITE_INTERRUPT)
        // The source is still usable and can be closed: the backup was finished.
        try db.close()
    }

    @Test func stepByStep() throws {
        let db = try source()
        let copy = try Connection()
        let backup = try Backup(from: db, to: copy)
        #expect(try !backup.step(pages: 5))
        #expect(backup.totalPages > 5)
        #expect(backup.remainingPages == backup.totalPages - 5)
        // An unfinished backup keeps the source from closing.
        #expect(throws: SQLiteError.self) { try db.close() }
        #expect(try backup.step())
        try backup.finish()
        try backup.finish()
        #expect(try copy.value("select sum(x) from t") == .integer(2001000))
    }

    @Test func saveToAFileAndRestore() throws {
        let dir = try TemporaryDirectory()
        let path = dir.file("saved.db")
        let db = try source(rows: 10)
        try db.backup(toFile: path)
        #expect(try Connection(path: path).value("select count(*) from t") == .integer(10))

        let other = try Connection()
        try other.execute("create table junk(y)")
        try other.restore(fromFile: path)
        #expect(try other.value("select count(*) from t") == .integer(10))
        #expect(try other.value("select count(*) from sqlite_schema where name = 'junk'") == .integer(0))
    }

    @Test func attachedSchemas() throws {
        let db = try source(rows: 3)
        try db.execute("attach ':memory:' as aux; create table aux.u(z); insert into aux.u values (9)")
        let copy = try Connection()
        try db.backup(to: copy, schema: "aux")
        #expect(try copy.value("select z from u") == .integer(9))
        try copy.execute("attach ':memory:' as other")
        try db.backup(to: copy, destinationSchema: "other")
        #expect(try copy.value("select count(*) from other.t") == .integer(3))
    }

    @Test func errors() throws {
        let db = try source(rows: 3)
        let missing = #expect(throws: SQLiteError.self) { try db.backup(to: Connection(), schema: "nope") }
        #expect(missing?.message == "unknown database nope")
        let same = #expect(throws: SQLiteError.self) { _ = try Backup(from: db, to: db) }
        #expect(same?.message == "source and destination must be distinct")
        let dir = try TemporaryDirectory()
        let restore = #expect(throws: SQLiteError.self) { try db.restore(fromFile: dir.file("missing.db")) }
        #expect(restore?.message == "unable to open database file")
    }
}
