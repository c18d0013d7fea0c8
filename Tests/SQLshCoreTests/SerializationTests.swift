import CSQLite
import SQLshCore
import Testing

@Suite struct SerializationTests {
    private func saved() throws -> [UInt8] {
        let db = try Connection()
        try db.execute("create table t(x); insert into t values (1), (2), (3)")
        return try #require(db.serialize())
    }

    @Test func serializeThenDeserializeCopiesTheDatabase() throws {
        let bytes = try saved()
        #expect(bytes.count % 512 == 0)
        #expect(Array(bytes.prefix(15)) == Array("SQLite format 3".utf8))
        let copy = try Connection()
        try bytes.withUnsafeBytes { try copy.deserialize(copying: $0) }
        #expect(try copy.value("select sum(x) from t") == .integer(6))
        // Resizable by default: the copy takes writes.
        try copy.execute("insert into t select x + 3 from t")
        #expect(try copy.value("select count(*) from t") == .integer(6))
    }

    @Test func anImageIsHandedOverOnce() throws {
        let bytes = try saved()
        let image = try bytes.withUnsafeBytes { try DatabaseImage(copying: $0) }
        #expect(image.count == bytes.count)
        let db = try Connection()
        try db.deserialize(image)
        #expect(image.count == 0)
        #expect(image.bytes.isEmpty)
        let error = #expect(throws: SQLiteError.self) { try db.deserialize(image) }
        #expect(error?.code == SQLITE_MISUSE)
        #expect(try db.value("select count(*) from t") == .integer(3))
    }

    @Test func anImageFilledInPlace() throws {
        let bytes = try saved()
        let image = try DatabaseImage(count: bytes.count)
        #expect(image.bytes.allSatisfy { $0 == 0 })
        for (i, byte) in bytes.enumerated() { image.bytes[i] = byte }
        let db = try Connection()
        try db.deserialize(image)
        #expect(try db.value("select max(x) from t") == .integer(3))
    }

    @Test func anEmptyImageIsAnEmptyDatabase() throws {
        let db = try Connection()
        try db.deserialize(DatabaseImage(count: 0))
        try db.execute("create table t(x); insert into t values ('ok')")
        #expect(try db.value("select x from t") == .text("ok"))
    }

    @Test func readOnlyRefusesWrites() throws {
        let bytes = try saved()
        let db = try Connection()
        try bytes.withUnsafeBytes { try db.deserialize(copying: $0, readOnly: true) }
        let error = #expect(throws: SQLiteError.self) { try db.execute("insert into t values (4)") }
        #expect(error?.primaryCode == SQLITE_READONLY)
    }

    @Test func anUnknownSchemaIsAnError() throws {
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) { try db.deserialize(DatabaseImage(count: 0), schema: "nowhere") }
        #expect(error?.code == SQLITE_ERROR)
        #expect(db.serialize(schema: "nowhere") == nil)
    }

    @Test func theSizeLimitStopsGrowth() throws {
        let db = try Connection()
        #expect(db.setSizeLimit(-1) == nil)  // a plain in-memory database has no such control
        try db.deserialize(DatabaseImage(count: 0))
        #expect(db.setSizeLimit(8192) == 8192)
        #expect(db.setSizeLimit(-1) == 8192)
        let error = #expect(throws: SQLiteError.self) {
            try db.execute("create table t(x); insert into t select zeroblob(100000)")
        }
        #expect(error?.primaryCode == SQLITE_FULL)
    }

    @Test func aNegativeSizeIsRefused() {
        let error = #expect(throws: SQLiteError.self) { try DatabaseImage(count: -1) }
        #expect(error?.code == SQLITE_MISUSE)
    }
}
