import SQLshCore
import Testing

/// `Connection.serialize(schema:)`: the pages of a database as they would be on disk.
@Suite struct SerializeTests {
    @Test("An in-memory database serializes to a database file's bytes")
    func inMemoryDatabase() throws {
        let db = try Connection()
        #expect(try db.serialize().count % 4096 == 0)
        try db.execute("create table t(x); insert into t values('serialized')")
        let image = try db.serialize()
        #expect(Array(image.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
        #expect(image.count == 2 * 4096)
        #expect(String(decoding: image, as: UTF8.self).contains("CREATE TABLE t(x)"))
        #expect(String(decoding: image, as: UTF8.self).contains("serialized"))
    }

    @Test("Attached and temporary schemas too; an unknown schema is an error")
    func schemas() throws {
        let db = try Connection()
        try db.execute("attach ':memory:' as aux; create table aux.a(y); create temp table tt(z)")
        #expect(try db.serialize(schema: "aux").count == 2 * 4096)
        #expect(try db.serialize(schema: "temp").count == 2 * 4096)
        #expect(throws: SQLiteError.self) { try db.serialize(schema: "nosuch") }
        try db.close()
        #expect(throws: SQLiteError.self) { try db.serialize() }
    }
}
