internal import CSQLite

// The bridge between SQLite's virtual-table interface and Swift: ``TableValuedFunction``s and,
// through the same callbacks, ``VirtualTableModule``s (VirtualTableModuleBridge.swift).
//
// One `sqlite3_module` (allocated once, never freed) serves every table-valued function; the
// registration's client data is a retained ``TableValuedModuleBox`` naming the Swift type.
// SQLite's `sqlite3_vtab` and `sqlite3_vtab_cursor` are allocated with `sqlite3_malloc` with
// room for pointers after the C base struct (which stays the first member, as SQLite
// requires): the vtab carries a retained module box (the registration's for a table-valued
// function, one per table for a virtual table module), the cursor its Swift value (allocated
// and freed by the box's `open`/`close`) and the module box.

/// What a table of SQLite's virtual-table interface runs on: its schema, options, planner, and
/// how its cursors are opened and closed, bound to the Swift type of a table-valued function
/// when it is registered (with its per-row operations, ``CursorOperations``), or to one table
/// of a ``VirtualTableModule`` when it is made (whose cursors SQLite's callbacks call
/// directly: VirtualTableModuleBridge.swift).
///
/// The initializer is inlinable, so it is specialized in the module that registers the
/// function, and so are the closures it makes: per-row calls go straight to the type's
/// methods, with no existential and no reference counting. Each cursor's value lives in its
/// own allocation, reached through a raw pointer.
///
/// `Sendable`: its closures capture only the type and a `@Sendable` cursor factory; each
/// cursor value is created, used and freed by the statement that opened it.
@usableFromInline
final class TableValuedModuleBox: @unchecked Sendable {
    /// The CREATE TABLE statement declared to SQLite, made at the first connect (a function
    /// registered on every connection that opens is often never used).
    var schema: String {
        if let schemaText { return schemaText }
        let text = makeSchema()
        schemaText = text
        return text
    }
    @usableFromInline let makeSchema: @Sendable () -> String
    private var schemaText: String?
    @usableFromInline let options: TableValuedOptions
    @usableFromInline let bestIndex: (IndexInfo) throws -> Void
    @usableFromInline let open: () throws -> UnsafeMutableRawPointer
    @usableFromInline let close: (UnsafeMutableRawPointer) -> Void
    /// A table-valued function's per-row operations (nil for a virtual table module's table).
    @usableFromInline let rows: CursorOperations?
    /// The table of a virtual table module (nil for a table-valued function): what the
    /// writing callbacks of a writable module act on (WritableVirtualTable.swift).
    var table: (any VirtualTable)?

    /// The per-row operations of a table-valued function's cursors, on a cursor's value.
    @usableFromInline
    struct CursorOperations {
        @usableFromInline let filter: (UnsafeMutableRawPointer, FilterArguments) throws -> Void
        @usableFromInline let isAtEnd: (UnsafeMutableRawPointer) -> Bool
        @usableFromInline let next: (UnsafeMutableRawPointer) throws -> Void
        @usableFromInline let column: (UnsafeMutableRawPointer, Int, ResultContext) throws -> Void
        @usableFromInline let rowid: (UnsafeMutableRawPointer) throws -> Int64

        @inlinable
        init(filter: @escaping (UnsafeMutableRawPointer, FilterArguments) throws -> Void,
             isAtEnd: @escaping (UnsafeMutableRawPointer) -> Bool, next: @escaping (UnsafeMutableRawPointer) throws -> Void,
             column: @escaping (UnsafeMutableRawPointer, Int, ResultContext) throws -> Void,
             rowid: @escaping (UnsafeMutableRawPointer) throws -> Int64) {
            self.filter = filter
            self.isAtEnd = isAtEnd
            self.next = next
            self.column = column
            self.rowid = rowid
        }
    }

    /// A virtual table module's table: its cursors are opened and closed by `open` and
    /// `close` (VirtualTableModuleBridge.swift).
    init(schema: String, options: TableValuedOptions, bestIndex: @escaping (IndexInfo) throws -> Void,
         open: @escaping () throws -> UnsafeMutableRawPointer, close: @escaping (UnsafeMutableRawPointer) -> Void) {
        self.makeSchema = { schema }
        self.options = options
        self.bestIndex = bestIndex
        self.open = open
        self.close = close
        self.rows = nil
    }

    @inlinable
    convenience init<T: TableValuedFunction>(_ type: T.Type) {
        self.init(type, makeCursor: { T() })
    }

    /// A registration whose cursors come from `makeCursor` instead of `T()` (a cursor that
    /// needs context, such as the connection it queries).
    @inlinable
    init<T: TableValuedFunction>(_ type: T.Type, makeCursor: @escaping @Sendable () -> T) {
        self.options = type.options
        self.makeSchema = { tableValuedSchema(T.columns) }
        self.bestIndex = { try T.bestIndex($0) }
        self.open = {
            let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
            p.initialize(to: makeCursor())
            return UnsafeMutableRawPointer(p)
        }
        self.close = {
            let p = $0.assumingMemoryBound(to: T.self)
            p.deinitialize(count: 1)
            p.deallocate()
        }
        self.rows = CursorOperations(
            filter: { try $0.assumingMemoryBound(to: T.self).pointee.filter($1) },
            isAtEnd: { $0.assumingMemoryBound(to: T.self).pointee.isAtEnd },
            next: { try $0.assumingMemoryBound(to: T.self).pointee.next() },
            column: { try $0.assumingMemoryBound(to: T.self).pointee.column($1, into: $2) },
            rowid: { try $0.assumingMemoryBound(to: T.self).pointee.rowid() })
    }
}

/// `CREATE TABLE x("a" TYPE,"b" HIDDEN,...)` for `sqlite3_declare_vtab`.
@usableFromInline
func tableValuedSchema(_ columns: [TableValuedColumn]) -> String {
    let declarations = columns.map { column -> String in
        var quoted = "\"" + column.name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        if !column.declaredType.isEmpty { quoted += " " + column.declaredType }
        return column.isHidden ? quoted + " HIDDEN" : quoted
    }
    return "CREATE TABLE x(" + declarations.joined(separator: ",") + ")"
}

private let vtabPayloadOffset = (MemoryLayout<sqlite3_vtab>.size + 7) & ~7
/// A cursor is the C base, then the pointer to the cursor value, then the (unretained) module
/// box: the vtab, which outlives its cursors, keeps the box alive.
private let cursorValueOffset = (MemoryLayout<sqlite3_vtab_cursor>.size + 7) & ~7
private let cursorModuleOffset = cursorValueOffset + MemoryLayout<UnsafeMutableRawPointer>.size

// Forced inlining in this file: Benchmarks/files.sh and generate_series in Benchmarks/catalog.sh: every value a table-valued function gives.
@inline(__always)
/// The connection a table was connected on: stored after the box pointer (only a
/// direct-only table's planner reads it, see ``xBestIndex``).
private func connectionKey(_ vtab: UnsafeMutablePointer<sqlite3_vtab>) -> UInt {
    (UnsafeMutableRawPointer(vtab) + vtabPayloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size)
        .assumingMemoryBound(to: UInt.self).pointee
}

func moduleBox(_ vtab: UnsafeMutablePointer<sqlite3_vtab>) -> TableValuedModuleBox {
    let slot = (UnsafeMutableRawPointer(vtab) + vtabPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
    return Unmanaged<TableValuedModuleBox>.fromOpaque(slot.pointee).takeUnretainedValue()
}

/// A cursor's value pointer (what its box's `open` made).
@inline(__always)
func cursorValue(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>) -> UnsafeMutableRawPointer {
    (UnsafeMutableRawPointer(cursor) + cursorValueOffset).load(as: UnsafeMutableRawPointer.self)
}

/// The message of a table-valued callback reached with a box that has no per-row operations.
private let noRowOperations = "a virtual table cursor without row operations"

/// Runs `body` with a cursor's value pointer and its module box (borrowed, not retained).
@inline(__always)
private func withCursor<R>(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>,
                           _ body: (UnsafeMutableRawPointer, TableValuedModuleBox) throws -> R) rethrows -> R {
    let raw = UnsafeMutableRawPointer(cursor)
    let value = (raw + cursorValueOffset).load(as: UnsafeMutableRawPointer.self)
    let module = (raw + cursorModuleOffset).load(as: UnsafeMutableRawPointer.self)
    return try Unmanaged<TableValuedModuleBox>.fromOpaque(module)._withUnsafeGuaranteedRef { try body(value, $0) }
}

/// Replaces a vtab's error message (SQLite frees it with `sqlite3_free`).
func setErrorMessage(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ message: String) {
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
func report(_ error: any Error, _ vtab: UnsafeMutablePointer<sqlite3_vtab>?) -> Int32 {
    let report = SQLiteErrorReport(error)
    setErrorMessage(vtab, report.message)
    return report.code
}

private func xConnect(_ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
                      _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                      _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                      _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let db, let aux, let ppVtab else { return SQLITE_ERROR }
    return connectTable(db, Unmanaged<TableValuedModuleBox>.fromOpaque(aux).takeUnretainedValue(), ppVtab, pzErr)
}

/// Declares a table's schema and options to SQLite and makes its `sqlite3_vtab`, carrying a
/// retained `box` (released by xDisconnect): the end of every xConnect and xCreate.
func connectTable(_ db: OpaquePointer, _ box: TableValuedModuleBox,
                  _ ppVtab: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>,
                  _ pzErr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let rc = sqlite3_declare_vtab(db, box.schema)
    guard rc == SQLITE_OK else {
        pzErr?.pointee = copyToSQLiteMemory("bad schema: '\(box.schema)' - \(String(cString: sqlite3_errmsg(db)))")
        return rc
    }
    if box.options.contains(.innocuous) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_INNOCUOUS) }
    if box.options.contains(.directOnly) { _ = sqlsh_vtab_config(db, SQLITE_VTAB_DIRECTONLY) }
    let size = vtabPayloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size + MemoryLayout<UInt>.size
    guard let raw = sqlite3_malloc64(sqlite3_uint64(size)) else { return SQLITE_NOMEM }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    (raw + vtabPayloadOffset).assumingMemoryBound(to: UnsafeMutableRawPointer.self).pointee =
        Unmanaged.passRetained(box).toOpaque()
    (raw + vtabPayloadOffset + MemoryLayout<UnsafeMutableRawPointer>.size).assumingMemoryBound(to: UInt.self).pointee =
        UInt(bitPattern: db)
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
        let box = moduleBox(vtab)
        // SQL from a database (Connection.compilingUntrustedSQL) may not read a direct-only
        // table, as a view may not.
        if box.options.contains(.directOnly), UntrustedSQL.isCompiling(on: connectionKey(vtab)) {
            throw SQLiteError(message: "unsafe use of a direct-only virtual table")
        }
        try box.bestIndex(IndexInfo(rawValue: info))
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
    let module = moduleBox(vtab)
    let value: UnsafeMutableRawPointer
    do {
        value = try module.open()
    } catch {
        return report(error, vtab)
    }
    let size = cursorModuleOffset + MemoryLayout<UnsafeMutableRawPointer>.size
    guard let raw = sqlite3_malloc64(sqlite3_uint64(size)) else {
        module.close(value)
        return SQLITE_NOMEM
    }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    (raw + cursorValueOffset).storeBytes(of: value, as: UnsafeMutableRawPointer.self)
    (raw + cursorModuleOffset).storeBytes(of: Unmanaged.passUnretained(module).toOpaque(), as: UnsafeMutableRawPointer.self)
    ppCursor.pointee = raw.assumingMemoryBound(to: sqlite3_vtab_cursor.self)
    return SQLITE_OK
}

private func xClose(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_OK }
    withCursor(cursor) { value, module in module.close(value) }
    sqlite3_free(cursor)
    return SQLITE_OK
}

private func xFilter(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ idxNum: Int32,
                     _ idxStr: UnsafePointer<CChar>?, _ argc: Int32,
                     _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try withCursor(cursor) { value, module in
            guard let rows = module.rows else { throw SQLiteError(message: noRowOperations) }
            try rows.filter(value, FilterArguments(planNumber: idxNum, count: argc, values: argv))
        }
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xNext(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return SQLITE_ERROR }
    do {
        try withCursor(cursor) { value, module in
            guard let rows = module.rows else { throw SQLiteError(message: noRowOperations) }
            try rows.next(value)
        }
        return SQLITE_OK
    } catch {
        return report(error, cursor.pointee.pVtab)
    }
}

private func xEof(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?) -> Int32 {
    guard let cursor else { return 1 }
    return withCursor(cursor) { value, module in module.rows?.isAtEnd(value) ?? true } ? 1 : 0
}

private func xColumn(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ ctx: OpaquePointer?, _ index: Int32) -> Int32 {
    guard let cursor, let ctx else { return SQLITE_ERROR }
    let result = ResultContext(rawValue: ctx)
    do {
        try withCursor(cursor) { value, module in
            guard let rows = module.rows else { throw SQLiteError(message: noRowOperations) }
            try rows.column(value, Int(index), result)
        }
    } catch {
        result.setError(error)
    }
    return SQLITE_OK
}

private func xRowid(_ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ rowid: UnsafeMutablePointer<sqlite3_int64>?) -> Int32 {
    guard let cursor, let rowid else { return SQLITE_ERROR }
    do {
        rowid.pointee = try withCursor(cursor) { value, module in
            guard let rows = module.rows else { throw SQLiteError(message: noRowOperations) }
            return try rows.rowid(value)
        }
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

/// SQLite's xCreate / xConnect: makes a table's `sqlite3_vtab` (see ``connectTable``).
typealias TableConstructor = @convention(c) (
    OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
    UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32

/// A `sqlite3_module` with the shared callbacks and the given constructors (allocated once,
/// never freed). With `droppable`, `DROP TABLE` works (xDestroy, which is xDisconnect: the
/// tables keep no storage); without it the tables are eponymous only.
func makeModule(create: TableConstructor?, connect: TableConstructor, droppable: Bool)
    -> UnsafeMutablePointer<sqlite3_module> {
    var module = sqlite3_module()
    module.iVersion = 0
    module.xCreate = create
    module.xConnect = connect
    module.xBestIndex = xBestIndex
    module.xDisconnect = xDisconnect
    module.xDestroy = droppable ? xDisconnect : nil
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
}

/// The module shared by all table-valued functions. `xCreate` is nil: the tables are
/// eponymous only (`CREATE VIRTUAL TABLE ... USING f` is refused, as for generate_series).
nonisolated(unsafe) let tableValuedModule = makeModule(create: nil, connect: xConnect, droppable: false)
