import CSQLite

// The bridge between SQLite's virtual-table interface and ``VirtualTableModule``.
//
// One `sqlite3_module` serves every module; a registration's client data is a retained
// ``VirtualTableModuleBox``. The `sqlite3_vtab` and `sqlite3_vtab_cursor` are allocated with
// `sqlite3_malloc` with room for one retained Swift object after the C base struct (which
// stays the first member, as SQLite requires): the table, or the cursor.

final class VirtualTableModuleBox {
    let options: TableValuedOptions
    let makeTable: ([String], VirtualTableContext) throws -> any VirtualTable
    init<M: VirtualTableModule>(_ module: M.Type) {
        options = module.options
        makeTable = { try M.makeTable(arguments: $0, context: $1) }
    }
}

let payloadOffset = (max(MemoryLayout<sqlite3_vtab>.size, MemoryLayout<sqlite3_vtab_cursor>.size) + 7) & ~7

/// What a vtab or cursor struct carries after SQLite's base struct.
private final class Holder<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Allocates a C base struct of SQLite's with a retained holder of `value` after it.
/// Pass existentials with `as any P`, so that `Value` is the existential type the callbacks
/// read back, never the opened concrete type.
private func allocate<Value>(carrying value: Value) -> UnsafeMutableRawPointer? {
    let size = payloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size
    guard let raw = sqlite3_malloc64(sqlite3_uint64(size)) else { return nil }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    (raw + payloadOffset).storeBytes(of: Unmanaged.passRetained(Holder(value)).toOpaque(), as: UnsafeMutableRawPointer.self)
    return raw
}

/// Releases the holder and frees the C struct.
private func free<Value>(_ raw: UnsafeMutableRawPointer, holding: Value.Type) {
    Unmanaged<Holder<Value>>.fromOpaque((raw + payloadOffset).load(as: UnsafeMutableRawPointer.self)).release()
    sqlite3_free(raw)
}

/// The value a struct carries; borrowed: SQLite keeps the struct alive during the call.
@inline(__always)
func carried<Value>(_ raw: UnsafeMutableRawPointer, as type: Value.Type) -> Value {
    Unmanaged<Holder<Value>>.fromOpaque((raw + payloadOffset).load(as: UnsafeMutableRawPointer.self))
        ._withUnsafeGuaranteedRef { $0.value }
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
        table = try box.makeTable(arguments, context)
    } catch {
        let report = SQLiteErrorReport(error)
        pzErr?.pointee = copyToSQLiteMemory(report.message)
        return report.code
    }
    let rc = sqlite3_declare_vtab(db, table.schema)
    guard rc == SQLITE_OK else {
        pzErr?.pointee = copyToSQLiteMemory("bad schema: '\(table.schema)' - \(string(sqlite3_errmsg(db)))")
        return rc
    }
    if box.options.contains(.innocuous) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_INNOCUOUS) }
    if box.options.contains(.directOnly) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_DIRECTONLY) }
    // `as any VirtualTable`: Swift 6 would otherwise open the existential and store a
    // Holder<ConcreteTable>, which the callbacks read back as Holder<any VirtualTable>.
    guard let raw = allocate(carrying: table as any VirtualTable) else { return SQLITE_NOMEM }
    ppVtab.pointee = raw.assumingMemoryBound(to: sqlite3_vtab.self)
    return SQLITE_OK
}

private func xDisconnect(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    if let vtab { free(UnsafeMutableRawPointer(vtab), holding: (any VirtualTable).self) }
    return SQLITE_OK
}

private func xBestIndex(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ info: UnsafeMutablePointer<sqlite3_index_info>?) -> Int32 {
    guard let vtab, let info else { return SQLITE_ERROR }
    do {
        try carried(UnsafeMutableRawPointer(vtab), as: (any VirtualTable).self).bestIndex(IndexInfo(rawValue: info))
        return SQLITE_OK
    } catch TableValuedPlanError.unusablePlan {
        return SQLITE_CONSTRAINT
    } catch {
        return report(error, vtab)
    }
}

private func xOpen(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?,
                   _ ppCursor: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab_cursor>?>?) -> Int32 {
    guard let vtab, let ppCursor else { return SQLITE_ERROR }
    do {
        let cursor = try carried(UnsafeMutableRawPointer(vtab), as: (any VirtualTable).self).makeCursor()
        guard let raw = allocate(carrying: cursor as any VirtualTableCursor) else { return SQLITE_NOMEM }
        ppCursor.pointee = raw.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
        return SQLITE_OK
    } catch {
        return report(error, vtab)
    }
}

private func xClose(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    if let cursor { free(UnsafeMutableRawPointer(cursor), holding: (any VirtualTableCursor).self) }
    return SQLITE_OK
}

@inline(__always)
private func cursorObject(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>) -> any VirtualTableCursor {
    carried(UnsafeMutableRawPointer(cursor), as: (any VirtualTableCursor).self)
}

private func xFilter(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ idxNum: Int32,
                     _ idxStr: UnsafePointer<CChar>?, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try cursorObject(cursor).filter(FilterArguments(planNumber: idxNum, count: argc, values: argv))
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xNext(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try cursorObject(cursor).next()
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xEof(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return 1 }
    return cursorObject(cursor).isAtEnd ? 1 : 0
}

private func xColumn(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ ctx: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let cursor, let ctx else { return SQLITE_ERROR }
    let result = ResultContext(rawValue: ctx)
    do {
        try cursorObject(cursor).column(Int(index), into: result)
    } catch {
        result.setError(error)
    }
    return SQLITE_OK
}

private func xRowid(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ rowid: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 {
    guard let cursor, let rowid else { return SQLITE_ERROR }
    do {
        rowid.pointee = try cursorObject(cursor).rowid()
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

/// Releases a registration's box when SQLite drops the module (or fails to register it).
func releaseVirtualTableModuleBox(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<VirtualTableModuleBox>.fromOpaque(p).release()
}

/// The module shared by all virtual table modules: tables are created by name and read-only
/// (no xUpdate: SQLite refuses writes with "table NAME may not be modified").
nonisolated(unsafe) let virtualTableModule: UnsafeMutablePointer<sqlite3_module> = {
    var module = sqlite3_module()
    module.iVersion = 0
    module.xCreate = xCreate
    module.xConnect = xConnect
    module.xBestIndex = xBestIndex
    module.xDisconnect = xDisconnect
    module.xDestroy = xDisconnect
    module.xOpen = xOpen
    module.xClose = xClose
    module.xFilter = xFilter
    module.xNext = xNext
    module.xEof = xEof
    module.xColumn = xColumn
    module.xRowid = xRowid
    let p = UnsafeMutablePointer<sqlite3_module>.allocate(capacity: 1)
    p.initialize(to: module)
    return p
}()
