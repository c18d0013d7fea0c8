import CSQLite

// The bridge between SQLite's virtual-table interface and ``TableValuedFunction``.
//
// One `sqlite3_module` (allocated once, never freed) serves every table-valued function; the
// registration's client data is a retained ``TableValuedModuleBox`` naming the Swift type.
// SQLite's `sqlite3_vtab` and `sqlite3_vtab_cursor` are allocated with `sqlite3_malloc` with
// room for one more pointer after the C base struct (which stays the first member, as SQLite
// requires): the vtab carries the retained module box, the cursor a retained cursor box.

/// What a registration of a table-valued function holds: its Swift type and its schema.
final class TableValuedModuleBox {
    let type: any TableValuedFunction.Type
    let schema: String
    let options: TableValuedOptions

    init(_ type: any TableValuedFunction.Type) {
        self.type = type
        self.options = type.options
        let columns = type.columns.map { column -> String in
            let quoted = "\"" + column.name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            return column.isHidden ? quoted + " HIDDEN" : quoted
        }
        self.schema = "CREATE TABLE x(" + columns.joined(separator: ",") + ")"
    }
}

/// One scan's cursor: the Swift value, mutable in place.
final class TableValuedCursorBox {
    var cursor: any TableValuedFunction
    init(_ cursor: any TableValuedFunction) { self.cursor = cursor }
}

private let vtabPayloadOffset = (MemoryLayout<sqlite3_vtab>.size + 7) & ~7
private let cursorPayloadOffset = (MemoryLayout<sqlite3_vtab_cursor>.size + 7) & ~7

@inline(__always)
private func moduleBox(_ vtab: UnsafeMutablePointer<sqlite3_vtab>) -> TableValuedModuleBox {
    let slot = (UnsafeMutableRawPointer(vtab) + vtabPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    return Unmanaged<TableValuedModuleBox>.fromOpaque(slot.pointee).takeUnretainedValue()
}

@inline(__always)
private func cursorBox(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>) -> TableValuedCursorBox {
    let slot = (UnsafeMutableRawPointer(cursor) + cursorPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    return Unmanaged<TableValuedCursorBox>.fromOpaque(slot.pointee).takeUnretainedValue()
}

/// Replaces a vtab's error message (SQLite frees it with `sqlite3_free`).
private func setErrorMessage(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ message: String) {
    guard let vtab else { return }
    sqlite3_free(vtab.pointee.zErrMsg)
    vtab.pointee.zErrMsg = copyToSQLiteMemory(message)
}

/// A NUL-terminated copy of `text` in memory from `sqlite3_malloc64` (nil when out of memory).
func copyToSQLiteMemory(_ text: String) -> UnsafeMutablePointer<CChar>? {
    var text = text
    return text.withUTF8 { bytes -> UnsafeMutablePointer<CChar>? in
        guard let raw = sqlite3_malloc64(sqlite3_uint64(bytes.count + 1)) else { return nil }
        let p = raw.assumingMemoryBound(to: UInt8.self)
        if let base = bytes.baseAddress { p.update(from: base, count: bytes.count) }
        p[bytes.count] = 0
        return raw.assumingMemoryBound(to: CChar.self)
    }
}

/// Turns a thrown error into a virtual-table result code, storing its message.
private func report(_ error: any Error, _ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    if let error = error as? any SQLiteErrorConvertible {
        setErrorMessage(vtab, error.sqliteMessage)
        return error.sqliteCode
    }
    setErrorMessage(vtab, String(describing: error))
    return SQLITE_ERROR
}

private func xConnect(_ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
                      _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                      _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                      _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let aux, let ppVtab else { return SQLITE_ERROR }
    let box = Unmanaged<TableValuedModuleBox>.fromOpaque(aux).takeUnretainedValue()
    let rc = sqlite3_declare_vtab(db, box.schema)
    guard rc == SQLITE_OK else { return rc }
    if box.options.contains(.innocuous) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_INNOCUOUS) }
    if box.options.contains(.directOnly) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_DIRECTONLY) }
    let size = vtabPayloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size
    guard let raw = sqlite3_malloc64(sqlite3_uint64(size)) else { return SQLITE_NOMEM }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    (raw + vtabPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self).pointee =
        Unmanaged.passRetained(box).toOpaque()
    ppVtab.pointee = raw.assumingMemoryBound(to: sqlite3_vtab.self)
    return SQLITE_OK
}

private func xDisconnect(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    guard let vtab else { return SQLITE_OK }
    let slot = (UnsafeMutableRawPointer(vtab) + vtabPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    Unmanaged<TableValuedModuleBox>.fromOpaque(slot.pointee).release()
    sqlite3_free(vtab)
    return SQLITE_OK
}

private func xBestIndex(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ info: UnsafeMutablePointer<sqlite3_index_info>?) -> Int32 {
    guard let vtab, let info else { return SQLITE_ERROR }
    do {
        try moduleBox(vtab).type.bestIndex(IndexInfo(rawValue: info))
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
    let size = cursorPayloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size
    guard let raw = sqlite3_malloc64(sqlite3_uint64(size)) else { return SQLITE_NOMEM }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    let box = TableValuedCursorBox(moduleBox(vtab).type.init())
    (raw + cursorPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self).pointee =
        Unmanaged.passRetained(box).toOpaque()
    ppCursor.pointee = raw.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
    return SQLITE_OK
}

private func xClose(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_OK }
    let slot = (UnsafeMutableRawPointer(cursor) + cursorPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    Unmanaged<TableValuedCursorBox>.fromOpaque(slot.pointee).release()
    sqlite3_free(cursor)
    return SQLITE_OK
}

private func xFilter(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ idxNum: Int32,
                     _ idxStr: UnsafePointer<CChar>?, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try cursorBox(cursor).cursor.filter(FilterArguments(planNumber: idxNum, count: argc, values: argv))
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xNext(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try cursorBox(cursor).cursor.next()
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xEof(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return 1 }
    return cursorBox(cursor).cursor.isAtEnd ? 1 : 0
}

private func xColumn(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ ctx: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let cursor, let ctx else { return SQLITE_ERROR }
    let result = ResultContext(rawValue: ctx)
    do {
        try cursorBox(cursor).cursor.column(Int(index), into: result)
    } catch {
        result.setError(error)
    }
    return SQLITE_OK
}

private func xRowid(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ rowid: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 {
    guard let cursor, let rowid else { return SQLITE_ERROR }
    do {
        rowid.pointee = try cursorBox(cursor).cursor.rowid()
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

/// Releases a registration's box when SQLite drops the module (or fails to register it).
func releaseTableValuedModuleBox(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    Unmanaged<TableValuedModuleBox>.fromOpaque(p).release()
}

/// The module shared by all table-valued functions. `xCreate` is nil: the tables are
/// eponymous only (`CREATE VIRTUAL TABLE ... USING f` is refused, as for generate_series).
nonisolated(unsafe) let tableValuedModule: UnsafeMutablePointer<sqlite3_module> = {
    var module = sqlite3_module()
    module.iVersion = 0
    module.xCreate = nil
    module.xConnect = xConnect
    module.xBestIndex = xBestIndex
    module.xDisconnect = xDisconnect
    module.xDestroy = nil
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
