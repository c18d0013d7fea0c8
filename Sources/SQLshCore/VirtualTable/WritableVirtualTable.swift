internal import CSQLite

/// A ``VirtualTableModule`` whose tables accept INSERT, UPDATE and DELETE (SQLite's `xUpdate`)
/// and take part in transactions (`xBegin`, `xSync`, `xCommit`, `xRollback`).
///
/// ```swift
/// enum Notes: WritableVirtualTableModule {
///     static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
///         NotesTable()
///     }
/// }
/// try db.addWritableVirtualTableModule("notes", Notes.self)
/// ```
///
/// An eponymous module (``isEponymous``) is also usable without `CREATE VIRTUAL TABLE`, under
/// its own name, as a table-valued function (`SELECT * FROM zipfile('a.zip')`): its tables are
/// then made with no arguments.
public protocol WritableVirtualTableModule: VirtualTableModule {
    /// Whether the module is also a table of its own name (false by default).
    static var isEponymous: Bool { get }
}

extension WritableVirtualTableModule {
    public static var isEponymous: Bool { false }
}

/// The new values of a row written to a ``WritableVirtualTable``, one per declared column
/// (hidden ones included), in declaration order. Valid only during the call.
public struct VirtualTableRow: RandomAccessCollection {
    @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>
    /// The number of columns.
    public let count: Int

    init(values: UnsafeMutablePointer<OpaquePointer?>, count: Int) {
        self.values = values
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Column `index`'s new value.
    public subscript(index: Int) -> Argument {
        precondition(index >= 0 && index < count, "column index out of range")
        return Argument(rawValue: values[index].unsafelyUnwrapped)
    }
}

/// A table of a ``WritableVirtualTableModule``.
///
/// A table declared `WITHOUT ROWID` receives its PRIMARY KEY value as `key`; other tables
/// receive the rowid. Errors thrown become the statement's error; throw
/// ``SQLiteError`` with code `SQLITE_CONSTRAINT` for a constraint failure, so that SQLite
/// applies the statement's conflict resolution (`OR IGNORE`, `OR REPLACE`).
public protocol WritableVirtualTable: VirtualTable {
    /// Adds a row; returns its rowid (ignored for a `WITHOUT ROWID` table).
    func insert(_ row: VirtualTableRow) throws -> Int64
    /// Replaces the row whose key is `key` by `row` (whose own key may differ).
    func update(key: Argument, with row: VirtualTableRow) throws
    /// Removes the row whose key is `key`.
    func delete(key: Argument) throws
    /// A write transaction starts (before the first write of a transaction).
    func begin() throws
    /// First phase of commit: make the changes durable; an error aborts the commit.
    func sync() throws
    /// The transaction is committed.
    func commit() throws
    /// The transaction is rolled back: forget the changes made since ``begin()``.
    func rollback() throws
}

extension WritableVirtualTable {
    public func begin() throws {}
    public func sync() throws {}
    public func commit() throws {}
    public func rollback() throws {}
}

extension Connection {
    /// Registers a writable virtual table module named `name`, replacing any module of that
    /// name. Its tables must conform to ``WritableVirtualTable``.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration.
    public func addWritableVirtualTableModule<M: WritableVirtualTableModule>(_ name: String, _ module: M.Type) throws {
        let box = Unmanaged.passRetained(VirtualTableModuleBox(module)).toOpaque()
        let shared = M.isEponymous ? eponymousWritableVirtualTableModule : writableVirtualTableModule
        let rc = sqlite3_create_module_v2(handle, name, shared, box, releaseVirtualTableModuleBox)
        try check(rc, handle)
    }
}

/// The table behind a vtab pointer, as a writable table.
private func writableTable(_ vtab: UnsafeMutablePointer<sqlite3_vtab>) throws -> any WritableVirtualTable {
    guard let table = moduleBox(vtab).table as? any WritableVirtualTable else {
        throw SQLiteError(code: SQLITE_READONLY, message: "table may not be modified")
    }
    return table
}

private func xUpdate(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?, _ rowid: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 {
    guard let vtab, let argv, argc >= 1 else { return SQLITE_ERROR }
    do {
        let table = try writableTable(vtab)
        let old = argv[0].flatMap { sqlite3_value_type($0) == SQLITE_NULL ? nil : Argument(rawValue: $0) }
        if argc == 1 {
            if let old { try table.delete(key: old) }
            return SQLITE_OK
        }
        let row = VirtualTableRow(values: argv + 2, count: Int(argc) - 2)
        if let old {
            try table.update(key: old, with: row)
        } else {
            let newRowid = try table.insert(row)
            rowid?.pointee = newRowid
        }
        return SQLITE_OK
    } catch {
        return report(error, vtab)
    }
}

/// Runs one of the table's transaction methods.
private func transaction(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ body: (any WritableVirtualTable) throws -> Void) -> Int32 {
    guard let vtab else { return SQLITE_ERROR }
    do {
        try body(try writableTable(vtab))
        return SQLITE_OK
    } catch {
        return report(error, vtab)
    }
}

private func xBegin(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 { transaction(vtab) { try $0.begin() } }
private func xSync(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 { transaction(vtab) { try $0.sync() } }
private func xCommit(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 { transaction(vtab) { try $0.commit() } }
private func xRollback(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 { transaction(vtab) { try $0.rollback() } }

/// The read-only module's callbacks plus the writing ones.
private func makeWritableModule(eponymous: Bool) -> UnsafeMutablePointer<sqlite3_module> {
    var module = virtualTableModule.pointee
    module.xUpdate = xUpdate
    module.xBegin = xBegin
    module.xSync = xSync
    module.xCommit = xCommit
    module.xRollback = xRollback
    // SQLite makes a module eponymous when its xCreate is its xConnect (the same pointer).
    if eponymous { module.xCreate = module.xConnect }
    let p = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
    p.initialize(to: module)
    return p
}

/// Shared by all writable modules (allocated once, never freed).
nonisolated(unsafe) let writableVirtualTableModule = makeWritableModule(eponymous: false)
/// Shared by all eponymous writable modules.
nonisolated(unsafe) let eponymousWritableVirtualTableModule = makeWritableModule(eponymous: true)
