internal import CSQLite

// The bridge between SQLite's virtual-table interface and ``VirtualTableModule``.
//
// A virtual table module runs on the table-valued functions' plumbing (TableValuedModule.swift)
// for its tables: the same xConnect ending, planner, xOpen and xClose, with its own xCreate
// and xConnect, which ask the module for a table and give the table's vtab a
// ``TableValuedModuleBox`` bound to that table: its schema, its planner, and its cursors
// (each a retained ``CursorHolder`` reached through a raw pointer). The per-row callbacks
// (xFilter, xNext, xEof, xColumn, xRowid) are this file's: each goes from SQLite to the
// cursor in one protocol call, with no closure and no reference counting
// (Benchmarks/files.sh, Benchmarks/parquet.sh: every row and value of a file table).

/// What a registration of a virtual table module holds: how to make its tables.
final class VirtualTableModuleBox {
    let options: TableValuedOptions
    let admit: ([String], VirtualTableContext) throws -> Void
    let makeTable: ([String], VirtualTableContext) throws -> any VirtualTable
    init<M: VirtualTableModule>(_ module: M.Type) {
        options = module.options
        admit = { try M.admit(arguments: $0, context: $1) }
        makeTable = { try M.makeTable(arguments: $0, context: $1) }
    }
}

extension TableValuedModuleBox {
    /// The operations of one table of a virtual table module.
    convenience init(table: any VirtualTable, options: TableValuedOptions) {
        self.init(
            schema: table.schema, options: options,
            bestIndex: { try table.bestIndex($0) },
            open: { Unmanaged.passRetained(CursorHolder(try table.makeCursor())).toOpaque() },
            close: { Unmanaged<CursorHolder>.fromOpaque($0).release() })
        self.table = table
    }
}

/// A cursor's value: the retained cursor object.
private final class CursorHolder {
    let cursor: any VirtualTableCursor
    init(_ cursor: any VirtualTableCursor) { self.cursor = cursor }
}

/// Runs `body` with the cursor of a virtual table module's SQLite cursor, borrowed: SQLite
/// keeps the cursor open during the call.
@inline(__always)
private func withTableCursor<R>(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>,
                                _ body: (any VirtualTableCursor) throws -> R) rethrows -> R {
    try Unmanaged<CursorHolder>.fromOpaque(cursorValue(cursor))._withUnsafeGuaranteedRef { try body($0.cursor) }
}

private func xFilter(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ idxNum: Int32,
                     _ idxStr: UnsafePointer<CChar>?, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try withTableCursor(cursor) { try $0.filter(FilterArguments(planNumber: idxNum, count: argc, values: argv)) }
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xNext(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try withTableCursor(cursor) { try $0.next() }
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xEof(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return 1 }
    return withTableCursor(cursor) { $0.isAtEnd } ? 1 : 0
}

private func xColumn(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ ctx: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let cursor, let ctx else { return SQLITE_ERROR }
    let result = ResultContext(rawValue: ctx)
    do {
        try withTableCursor(cursor) { try $0.column(Int(index), into: result) }
    } catch {
        result.setError(error)
    }
    return SQLITE_OK
}

private func xRowid(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ rowid: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 {
    guard let cursor, let rowid else { return SQLITE_ERROR }
    do {
        rowid.pointee = try withTableCursor(cursor) { try $0.rowid() }
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }

private func xCreate(_ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
                     _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                     _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                     _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    construct(db, aux, argc, argv, ppVtab, pzErr, isCreate: true)
}

private func xConnect(_ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
                      _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                      _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                      _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    construct(db, aux, argc, argv, ppVtab, pzErr, isCreate: false)
}

/// Asks the module for the table (its arguments are argv[3...]) and connects it.
private func construct(_ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
                       _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                       _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                       _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, isCreate: Bool) -> Int32 {
    guard let db, let aux, let argv, let ppVtab, argc >= 3 else { return SQLITE_ERROR }
    let box = Unmanaged<VirtualTableModuleBox>.fromOpaque(aux).takeUnretainedValue()
    let arguments = (3..<Int(argc)).map { string(argv[$0]) }
    let context = VirtualTableContext(handle: db, schemaName: string(argv[1]), tableName: string(argv[2]), isCreate: isCreate)
    let table: any VirtualTable
    do {
        try box.admit(arguments, context)
        if box.options.contains(.touchesFiles) {
            try StoredFileTables.admit(context, module: string(argv[0]), arguments: arguments)
        }
        table = try box.makeTable(arguments, context)
    } catch {
        let report = SQLiteErrorReport(error)
        pzErr?.pointee = copyToSQLiteMemory(report.message)
        return report.code
    }
    return connectTable(db, TableValuedModuleBox(table: table, options: box.options), ppVtab, pzErr)
}

/// Releases a registration's box when SQLite drops the module (or fails to register it).
func releaseVirtualTableModuleBox(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<VirtualTableModuleBox>.fromOpaque(p).release()
}

/// The module shared by all virtual table modules: tables are created by name and read-only
/// (no xUpdate: SQLite refuses writes with "table NAME may not be modified"), and may
/// overload functions on their columns (``FunctionOverloadingVirtualTable``).
nonisolated(unsafe) let virtualTableModule: UnsafeMutablePointer<sqlite3_module> = {
    let module = makeModule(create: xCreate, connect: xConnect, droppable: true)
    module.pointee.xFilter = xFilter
    module.pointee.xNext = xNext
    module.pointee.xEof = xEof
    module.pointee.xColumn = xColumn
    module.pointee.xRowid = xRowid
    module.pointee.xFindFunction = xFindFunction
    return module
}()
