import Foundation
@testable @_spi(RawSQLite) import SQLshCore
import Testing

/// Per-connection state (``ConnectionLocal``) and the gate of file-touching modules built on
/// it (``StoredFileTables``).
@Suite struct ConnectionLocalTests {
    enum Keys {
        static let count = ConnectionLocal<Int>(initial: 0)
        static let names = ConnectionLocal<[String]>(initial: ["start"])
    }

    @Test func eachConnectionHasItsOwnValue() throws {
        let a = try Connection(), b = try Connection()
        #expect(a.withLocal(Keys.count) { $0 += 1; return $0 } == 1)
        #expect(a.withLocal(Keys.count) { $0 += 1; return $0 } == 2)
        #expect(b.local(Keys.count) == 0)
        a.withLocal(Keys.names) { $0.append("a") }
        #expect(a.local(Keys.names) == ["start", "a"])
        #expect(b.local(Keys.names) == ["start"])
    }

    /// A function's borrowed connection sees the owner's values.
    @Test func aBorrowedConnectionSharesTheValues() throws {
        let db = try Connection()
        db.withLocal(Keys.count) { $0 = 41 }
        try db.add(SQLFunction("local_count", argumentCount: 0, writingResult: { _, result in
            result.set(Int64(result.connection.withLocal(Keys.count) { $0 += 1; return $0 }))
        }))
        #expect(try db.rows("select local_count()") == [[.integer(42)]])
        #expect(db.local(Keys.count) == 42)
    }

    /// A key made and dropped while its connection stays open: its value keeps it alive, so
    /// no other key (of another type) can take its identity and find that value.
    @Test func aTemporaryKeysValueIsNeverAnotherKeys() throws {
        let db = try Connection()
        for i in 0..<50 {
            let numbers = ConnectionLocal<Int>(initial: -1)
            db.withLocal(numbers) { $0 = i }
            let texts = ConnectionLocal<String>(initial: "none")
            #expect(db.local(texts) == "none")
            #expect(db.local(numbers) == i)
        }
    }

    /// Dropping a closed connection's values runs their deinits outside the storage's lock:
    /// a deinit may read another connection's value.
    @Test func droppedValuesAreReleasedOutsideTheLock() throws {
        final class Reader: Sendable {
            let other: UInt
            init(_ other: UInt) { self.other = other }
            deinit { _ = ConnectionLocalStorage.value(other, Keys.count) }
        }
        let readers = ConnectionLocal<Reader?>(initial: nil)
        let db = try Connection(), other = try Connection()
        db.withLocal(readers) { $0 = Reader(UInt(bitPattern: other.handle)) }
        try db.close()
        #expect(other.local(Keys.count) == 0)
    }

    /// A connection's anchor finds it while it lives, and nothing once it is gone; the
    /// connection's retains stay on the runtime's fast path (no weak reference to it).
    @Test func anAnchorDoesNotKeepItsConnection() throws {
        var db: Connection? = try Connection()
        let anchor = try #require(db?.anchor)
        #expect(anchor === db?.anchor)
        #expect(anchor.connection === db)
        db = nil
        #expect(anchor.connection == nil)
    }

    /// Closing drops the values: a new connection at the same address starts afresh.
    @Test func closingDropsTheValues() throws {
        let db = try Connection()
        db.withLocal(Keys.count) { $0 = 7 }
        let handle = UInt(bitPattern: db.handle)
        try db.close()
        let found = ConnectionLocalStorage.value(handle, Keys.count)
        #expect(found == 0)
        var existing: Int?
        if let raw = OpaquePointer(bitPattern: handle) { Keys.count.withExistingValue(onHandle: raw) { existing = $0 } }
        #expect(existing == nil)
    }

    // MARK: Stored tables of file-touching modules

    @Test func storedTablesOfFileModulesAreAdmittedOnlyWhenMadeOrTrusted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.db").path
        do {
            let maker = try Connection(path: path)
            try maker.addVirtualTableModule("files_probe", FileProbe.self)
            try maker.execute("create virtual table p using files_probe('/etc/hostname')")
            #expect(try maker.rows("select arg from p") == [[.text("'/etc/hostname'")]])
            try maker.close()
        }
        let opener = try Connection(path: path)
        try opener.addVirtualTableModule("files_probe", FileProbe.self)
        let error = #expect(throws: SQLiteError.self) { try opener.rows("select arg from p") }
        #expect(error?.message == """
            table p is a files_probe table the database came with (files_probe('/etc/hostname')): sqlsh reads and writes \
            files only for tables made in this session; create it in this session to read it
            """)
        StoredFileTables.setAdvice(on: opener, ".trust NAME reads it")
        let advised = #expect(throws: SQLiteError.self) { try opener.rows("select arg from p") }
        #expect(advised?.message.hasSuffix("; .trust p reads it") == true)
        StoredFileTables.trust(on: opener, schema: "main", table: "P")
        #expect(StoredFileTables.isAdmitted(on: opener, schema: "MAIN", table: "p"))
        #expect(try opener.rows("select arg from p") == [[.text("'/etc/hostname'")]])
        // Made by the opener itself, and temp tables: admitted.
        try opener.execute("create virtual table q using files_probe('x'); create virtual table temp.r using files_probe('y')")
        #expect(try opener.rows("select arg from q union all select arg from r") == [[.text("'x'")], [.text("'y'")]])
    }

    @Test func createVirtualTableTextFindsTheTable() {
        #expect(CreateVirtualTableText("CREATE VIRTUAL TABLE z USING zipfile('a')")?.table == "z")
        #expect(CreateVirtualTableText("  /* c */ create -- x\n virtual table if not exists main.\"a \"\"b\" using m")?.table == "a \"b")
        #expect(CreateVirtualTableText("create virtual table [x y] using m")?.table == "x y")
        #expect(CreateVirtualTableText("create virtual table `q` using m")?.table == "q")
        #expect(CreateVirtualTableText("create table z(a)") == nil)
        #expect(CreateVirtualTableText("select 1") == nil)
        #expect(CreateVirtualTableText("create virtual table") == nil)
        #expect(CreateVirtualTableText("create virtual table \"open") == nil)
    }
}

/// A module that says it touches files; its table shows its first argument.
private enum FileProbe: VirtualTableModule {
    static var options: TableValuedOptions { .touchesFiles }
    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        ProbeTable(argument: arguments.first ?? "")
    }
}

private final class ProbeTable: VirtualTable {
    let argument: String
    init(argument: String) { self.argument = argument }
    var schema: String { "CREATE TABLE x(arg)" }
    func makeCursor() throws -> any VirtualTableCursor { ProbeCursor(argument) }
}

private final class ProbeCursor: VirtualTableCursor {
    let argument: String
    var done = false
    init(_ argument: String) { self.argument = argument }
    func filter(_ arguments: FilterArguments) throws { done = false }
    var isAtEnd: Bool { done }
    func next() throws { done = true }
    func column(_ index: Int, into result: ResultContext) throws { result.set(argument) }
    func rowid() throws -> Int64 { 1 }
}
