import SQLshCore
import Testing

/// What a writable virtual table asks SQLite while it writes: the statement's conflict
/// resolution, and which columns an UPDATE leaves unchanged.
@Suite(.serialized) struct VirtualTableWriteTests {
    @Test func insertsFollowTheStatementsConflictResolution() throws {
        let db = try Connection()
        try db.addWritableVirtualTableModule("notes", Notes.self)
        try db.execute("create virtual table n using notes")
        try db.execute("insert into n values ('a', 'first')")
        try db.execute("insert or ignore into n values ('a', 'ignored')")
        #expect(try db.rows("select * from n") == [[.text("a"), .text("first")]])
        try db.execute("insert or replace into n values ('a', 'replaced')")
        #expect(try db.rows("select * from n") == [[.text("a"), .text("replaced")]])
        let error = #expect(throws: SQLiteError.self) { try db.execute("insert into n values ('a', 'plain')") }
        #expect(error?.message == "duplicate name: a")
        #expect(Notes.store.resolutions == [.abort, .ignore, .replace, .abort])
    }

    @Test func anUpdateThatDoesNotSetAColumnLeavesItUnchanged() throws {
        let db = try Connection()
        try db.addWritableVirtualTableModule("notes", Notes.self)
        try db.execute("create virtual table n using notes")
        try db.execute("insert into n values ('a', 'body')")
        Notes.store.unchangedReads = 0
        try db.execute("update n set name = 'b'")  // body is not set: kept without being read
        #expect(Notes.store.bodyWasUnchanged == true)
        #expect(Notes.store.unchangedReads == 1)
        #expect(try db.rows("select * from n") == [[.text("b"), .text("body")]])
        try db.execute("update n set body = 'new'")
        #expect(Notes.store.bodyWasUnchanged == false)
        #expect(try db.rows("select * from n") == [[.text("b"), .text("new")]])
    }
}

/// A table of notes (name, body), one store per test run of the module.
private enum Notes: WritableVirtualTableModule {
    nonisolated(unsafe) static var store = NotesStore()

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        store = NotesStore()
        return NotesTable(connection: context.connection)
    }
}

private final class NotesStore {
    var rows: [(name: String, body: String)] = []
    var resolutions: [ConflictResolution] = []
    var bodyWasUnchanged: Bool?
    var unchangedReads = 0
}

private final class NotesTable: WritableVirtualTable {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }

    var schema: String { "CREATE TABLE x(name PRIMARY KEY, body) WITHOUT ROWID" }
    func makeCursor() throws -> any VirtualTableCursor { NotesCursor() }

    func insert(_ row: VirtualTableRow) throws -> Int64 {
        let name = row[0].string ?? "", body = row[1].string ?? ""
        let resolution = connection.virtualTableConflictResolution
        Notes.store.resolutions.append(resolution)
        if let existing = Notes.store.rows.firstIndex(where: { $0.name == name }) {
            switch resolution {
            case .ignore: return 0
            case .replace: Notes.store.rows.remove(at: existing)
            default: throw SQLiteError(code: .constraint, message: "duplicate name: \(name)")
            }
        }
        Notes.store.rows.append((name, body))
        return 0
    }

    func update(key: Argument, with row: VirtualTableRow) throws {
        guard let index = Notes.store.rows.firstIndex(where: { $0.name == key.string }) else { return }
        Notes.store.bodyWasUnchanged = row[1].isUnchanged
        let body = row[1].isUnchanged ? Notes.store.rows[index].body : row[1].string ?? ""
        Notes.store.rows[index] = (row[0].string ?? "", body)
    }

    func delete(key: Argument) throws {
        Notes.store.rows.removeAll { $0.name == key.string }
    }
}

private final class NotesCursor: VirtualTableCursor {
    private var position = 0
    func filter(_ arguments: FilterArguments) throws { position = 0 }
    var isAtEnd: Bool { position >= Notes.store.rows.count }
    func next() throws { position += 1 }
    func rowid() throws -> Int64 { Int64(position) }

    func column(_ index: Int, into result: ResultContext) throws {
        let row = Notes.store.rows[position]
        if index == 0 { return result.set(row.name) }
        if result.isUnchangedColumn {
            Notes.store.unchangedReads += 1
            return
        }
        result.set(row.body)
    }
}
