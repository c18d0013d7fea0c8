import CSQLite
import SQLshCore
import Testing

/// Column metadata, transaction state, file controls, VFS, test controls.
@Suite struct ConnectionInspectionTests {
    @Test func columnMetadataAndTableExistence() throws {
        let db = try Connection()
        try db.execute("create table t(id integer primary key autoincrement, name text collate nocase not null, x)")
        let id = try db.columnMetadata(table: "t", column: "id")
        #expect(id.declaredType == "INTEGER" && id.collation == "BINARY")
        #expect(!id.isNotNull && id.isPrimaryKey && id.isAutoincrement)
        let name = try db.columnMetadata(table: "t", column: "name", schema: "main")
        #expect(name.collation == "nocase")  // as declared
        #expect(name.isNotNull)
        #expect(try db.columnMetadata(table: "t", column: "x").declaredType == nil)
        let error = #expect(throws: SQLiteError.self) { try db.columnMetadata(table: "t", column: "nope") }
        #expect(error?.message == "no such table column: t.nope")
        #expect(db.tableExists("t"))
        #expect(!db.tableExists("t", schema: "temp"))
        #expect(!db.tableExists("missing"))
    }

    @Test func transactionState() throws {
        let db = try Connection()
        try db.execute("create table t(x)")
        #expect(db.transactionState() == TransactionState.none)
        try db.execute("begin; select * from t")
        #expect(db.transactionState() == .read)
        try db.execute("insert into t values (1)")
        #expect(db.transactionState() == .write)
        try db.execute("commit")
        #expect(db.transactionState(schema: "nowhere") == nil)
    }

    @Test func fileControlsAndVFS() throws {
        let dir = try TemporaryDirectory()
        let db = try Connection(path: dir.file("f.db"))
        try db.execute("create table t(x)")
        var persist: Int32 = -1
        #expect(db.fileControl(.persistWAL, &persist))
        #expect(persist == 0)
        persist = 1
        db.fileControl(.persistWAL, &persist)
        persist = -1
        db.fileControl(.persistWAL, &persist)
        #expect(persist == 1)
        var version: Int32 = 0
        #expect(db.fileControl(.dataVersion, &version))
        var unknown: Int32 = 7
        #expect(!db.fileControl(.sizeLimit, &unknown, schema: "nowhere"))
        #expect(unknown == 7)
        #expect(db.fileControlText(.vfsName) == "unix")
        #expect(db.fileControlText(.temporaryFilename)?.isEmpty == false)
        let vfs = try #require(db.vfs())
        #expect(vfs.name == "unix")
        #expect(vfs.maxPathLength > 0)
        #expect(VFSDescription.registered.first?.id == vfs.id)
        #expect(VFSDescription.registered.contains { $0.name == "memdb" })
        #expect(db.vfs(schema: "nowhere") == nil)
    }

    @Test func testControls() throws {
        let db = try Connection()
        #expect(TestControl.byteOrder.run() > 0)
        TestControl.prngSave.run()
        let first = try db.value("select random()")
        TestControl.prngRestore.run()
        #expect(try db.value("select random()") == first)
        TestControl.prngSeed.run(42, on: nil)
        let seeded = try db.value("select random()")
        TestControl.prngSeed.run(42, on: nil)
        #expect(try db.value("select random()") == seeded)
        var seeks: UInt64 = 99
        _ = TestControl.seekCount.run(on: db, reading: &seeks)
        #expect(seeks != 99)  // written back (0 unless SQLite counts seeks)
    }

    @Test func anImposterTableReadsAnIndex() throws {
        let db = try Connection()
        try db.execute("create table t(a, b); create index ti on t(b); insert into t values (1, 'x'), (2, 'y')")
        guard case .integer(let root) = try db.value("select rootpage from sqlite_schema where name = 'ti'") else {
            Issue.record("no root page")
            return
        }
        #expect(db.setImposter(true, rootPage: Int32(root)) == SQLITE_OK)
        try db.execute("create table imposter(b, rid, primary key(b, rid)) without rowid")
        db.setImposter(false, rootPage: 0)
        #expect(try db.column("select b from imposter") == [.text("x"), .text("y")])
        db.setImposter(false, rootPage: 1)  // reloads the schema
    }
}
