internal import CSQLite

/// `apndvfs`: a VFS that keeps a database appended to the end of another file (an executable,
/// say), as the stock shell's appendvfs (SQLite's ext/misc/appendvfs.c) does, and reads the
/// same files: the database starts at a 4096-byte boundary after the original content, and the
/// file ends with the 25-byte mark `Start-Of-SQLite3-` followed by that start offset (8 bytes,
/// big-endian). An ordinary database file opens as an ordinary database. Only the main database
/// file is appended; journals and other files are the default VFS's.
package enum AppendVFS {
    /// The VFS name, as `sqlite3_open_v2` and `-vfs` take it.
    package static let name = "apndvfs"

    /// Registers the VFS (once; not as the default).
    package static func register() {
        _ = registration
    }

    private static let registration: Bool = {
        guard let base = sqlite3_vfs_find(nil) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        var copy = base.pointee
        copy.zName = UnsafePointer(strdupC(name))
        copy.szOsFile = Int32(fileOffset) + base.pointee.szOsFile
        copy.pAppData = UnsafeMutableRawPointer(base)
        copy.xOpen = appendOpen
        copy.pNext = nil
        vfs.initialize(to: copy)
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }()
}

private func strdupC(_ s: String) -> UnsafeMutablePointer<CChar> {
    let bytes = Array(s.utf8CString)
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    p.initialize(from: bytes, count: bytes.count)
    return p
}

/// An open appended database: SQLite's file struct, the database's start and the mark's
/// offset (-1 while there is none), then the underlying file.
private struct AppendFile {
    var base: sqlite3_file
    var start: Int64
    var mark: Int64
}

private let fileOffset = (MemoryLayout<AppendFile>.stride + 7) & ~7
private let markPrefix = Array("Start-Of-SQLite3-".utf8)
private let markSize: Int64 = 25
private let alignment: Int64 = 4096
private let maxSize: Int64 = 0x4000_0000_0000  // as appendvfs: room for any real database

private func appendFile(_ p: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<AppendFile> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: AppendFile.self)
}

private func underlying(_ p: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
    (UnsafeMutableRawPointer(p) + fileOffset).assumingMemoryBound(to: sqlite3_file.self)
}

private func baseRead(_ f: UnsafeMutablePointer<sqlite3_file>, _ buffer: UnsafeMutableRawPointer, _ count: Int32, _ offset: Int64) -> Int32 {
    methods(f)?.xRead?(f, buffer, count, offset) ?? SQLITE_IOERR
}

/// The start offset the mark at the end of a file of `size` bytes names, or -1.
private func readMark(_ f: UnsafeMutablePointer<sqlite3_file>, size: Int64) -> Int64 {
    guard size >= markSize + 512 else { return -1 }
    var mark = [UInt8](repeating: 0, count: Int(markSize))
    let rc = mark.withUnsafeMutableBytes { raw -> Int32 in
        guard let base = raw.baseAddress else { return SQLITE_IOERR }
        return baseRead(f, base, Int32(markSize), size - markSize)
    }
    guard rc == SQLITE_OK, mark.prefix(markPrefix.count).elementsEqual(markPrefix) else { return -1 }
    var start: Int64 = 0
    for byte in mark[markPrefix.count...] { start = start << 8 | Int64(byte) }
    guard start >= 0, start <= size - markSize - 512 else { return -1 }
    return start
}

/// Writes the mark after `databaseSize` bytes of database.
private func writeMark(_ p: UnsafeMutablePointer<sqlite3_file>, databaseSize: Int64) -> Int32 {
    let file = appendFile(p)
    let start = file.pointee.start
    var mark = markPrefix
    for shift in stride(from: 56, through: 0, by: -8) { mark.append(UInt8(truncatingIfNeeded: start >> Int64(shift))) }
    let at = start + databaseSize
    let f = underlying(p)
    let rc = mark.withUnsafeMutableBytes { methods(f)?.xWrite?(f, $0.baseAddress, Int32(markSize), at) ?? SQLITE_IOERR }
    if rc == SQLITE_OK { file.pointee.mark = at }
    return rc
}

private func isOrdinaryDatabase(_ f: UnsafeMutablePointer<sqlite3_file>, size: Int64) -> Bool {
    guard size & 0x1ff == 0, size >= 512 else { return false }
    var header = [UInt8](repeating: 0, count: 16)
    let rc = header.withUnsafeMutableBytes { raw -> Int32 in
        guard let base = raw.baseAddress else { return SQLITE_IOERR }
        return baseRead(f, base, 16, 0)
    }
    return rc == SQLITE_OK && header == Array("SQLite format 3\0".utf8) && readMark(f, size: size) < 0
}

private func appendOpen(_ vfs: UnsafeMutablePointer<sqlite3_vfs>?, _ name: sqlite3_filename?, _ file: UnsafeMutablePointer<sqlite3_file>?,
                        _ flags: Int32, _ outFlags: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let vfs, let file, let baseRaw = vfs.pointee.pAppData else { return SQLITE_CANTOPEN }
    let base = baseRaw.assumingMemoryBound(to: sqlite3_vfs.self)
    if flags & SQLITE_OPEN_MAIN_DB == 0 {
        return base.pointee.xOpen?(base, name, file, flags, outFlags) ?? SQLITE_CANTOPEN
    }
    UnsafeMutableRawPointer(file).initializeMemory(as: UInt8.self, repeating: 0, count: fileOffset)
    let f = underlying(file)
    let rc = base.pointee.xOpen?(base, name, f, flags, outFlags) ?? SQLITE_CANTOPEN
    guard rc == SQLITE_OK, f.pointee.pMethods != nil else {
        file.pointee.pMethods = nil
        return rc
    }
    var size: Int64 = 0
    _ = methods(f)?.xFileSize?(f, &size)
    if isOrdinaryDatabase(f, size: size) {
        // An ordinary database: the underlying file's own struct takes the place of ours.
        UnsafeMutableRawPointer(file).copyMemory(from: UnsafeRawPointer(f), byteCount: Int(base.pointee.szOsFile))
        return SQLITE_OK
    }
    let state = appendFile(file)
    state.pointee.mark = readMark(f, size: size)
    if state.pointee.mark >= 0 {
        state.pointee.start = readMark(f, size: size)
        state.pointee.mark = size - markSize
    } else if flags & SQLITE_OPEN_CREATE != 0 {
        state.pointee.start = (size + alignment - 1) & ~(alignment - 1)
        state.pointee.mark = -1
    } else {
        _ = methods(f)?.xClose?(f)
        file.pointee.pMethods = nil
        return SQLITE_CANTOPEN
    }
    file.pointee.pMethods = UnsafePointer(appendMethods)
    return SQLITE_OK
}

private func appendClose(_ p: UnsafeMutablePointer<sqlite3_file>?) -> Int32 {
    guard let p else { return SQLITE_OK }
    let f = underlying(p)
    return methods(f)?.xClose?(f) ?? SQLITE_OK
}

private func appendRead(_ p: UnsafeMutablePointer<sqlite3_file>?, _ buffer: UnsafeMutableRawPointer?, _ count: Int32, _ offset: Int64) -> Int32 {
    guard let p, let buffer else { return SQLITE_IOERR }
    let f = underlying(p)
    return methods(f)?.xRead?(f, buffer, count, offset + appendFile(p).pointee.start) ?? SQLITE_IOERR
}

private func appendWrite(_ p: UnsafeMutablePointer<sqlite3_file>?, _ buffer: UnsafeRawPointer?, _ count: Int32, _ offset: Int64) -> Int32 {
    guard let p, let buffer else { return SQLITE_IOERR }
    let state = appendFile(p)
    let end = offset + Int64(count)
    if end >= maxSize { return SQLITE_FULL }
    let f = underlying(p)
    var rc = methods(f)?.xWrite?(f, buffer, count, offset + state.pointee.start) ?? SQLITE_IOERR
    if rc == SQLITE_OK && (state.pointee.mark < 0 || end > state.pointee.mark - state.pointee.start) {
        rc = writeMark(p, databaseSize: end)
    }
    return rc
}

private func appendTruncate(_ p: UnsafeMutablePointer<sqlite3_file>?, _ size: Int64) -> Int32 {
    guard let p else { return SQLITE_IOERR }
    guard writeMark(p, databaseSize: size) == SQLITE_OK else { return SQLITE_IOERR }
    let f = underlying(p)
    return methods(f)?.xTruncate?(f, appendFile(p).pointee.mark + markSize) ?? SQLITE_IOERR
}

private func appendFileSize(_ p: UnsafeMutablePointer<sqlite3_file>?, _ size: UnsafeMutablePointer<Int64>?) -> Int32 {
    guard let p, let size else { return SQLITE_IOERR }
    let state = appendFile(p).pointee
    size.pointee = state.mark >= 0 ? state.mark - state.start : 0
    return SQLITE_OK
}

private func appendFetch(_ p: UnsafeMutablePointer<sqlite3_file>?, _ offset: Int64, _ count: Int32,
                         _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 {
    out?.pointee = nil  // no memory mapping: SQLite reads through xRead
    return SQLITE_OK
}

private func appendUnfetch(_ p: UnsafeMutablePointer<sqlite3_file>?, _ offset: Int64, _ page: UnsafeMutableRawPointer?) -> Int32 {
    SQLITE_OK
}

/// The methods that only forward to the underlying file.
private func forward<R>(_ p: UnsafeMutablePointer<sqlite3_file>?, _ fallback: R, _ body: (UnsafeMutablePointer<sqlite3_file>, sqlite3_io_methods) -> R) -> R {
    guard let p else { return fallback }
    let f = underlying(p)
    guard let methods = f.pointee.pMethods else { return fallback }
    return body(f, methods.pointee)
}

/// The underlying file's methods (nil once it is closed).
private func methods(_ f: UnsafeMutablePointer<sqlite3_file>) -> sqlite3_io_methods? {
    f.pointee.pMethods?.pointee
}

nonisolated(unsafe) private let appendMethods: UnsafeMutablePointer<sqlite3_io_methods> = {
    var m = sqlite3_io_methods()
    m.iVersion = 3
    m.xClose = appendClose
    m.xRead = appendRead
    m.xWrite = appendWrite
    m.xTruncate = appendTruncate
    m.xSync = { p, flags in forward(p, SQLITE_IOERR) { f, m in m.xSync?(f, flags) ?? SQLITE_IOERR } }
    m.xFileSize = appendFileSize
    m.xLock = { p, lock in forward(p, SQLITE_IOERR) { f, m in m.xLock?(f, lock) ?? SQLITE_IOERR } }
    m.xUnlock = { p, lock in forward(p, SQLITE_IOERR) { f, m in m.xUnlock?(f, lock) ?? SQLITE_IOERR } }
    m.xCheckReservedLock = { p, out in forward(p, SQLITE_IOERR) { f, m in m.xCheckReservedLock?(f, out) ?? SQLITE_IOERR } }
    m.xFileControl = { p, op, arg in
        // mmap stays off: pages are read through xRead at the database's offset.
        if op == SQLITE_FCNTL_MMAP_SIZE { return SQLITE_NOTFOUND }
        return forward(p, SQLITE_NOTFOUND) { f, m in m.xFileControl?(f, op, arg) ?? SQLITE_NOTFOUND }
    }
    m.xSectorSize = { p in forward(p, 4096) { f, m in m.xSectorSize?(f) ?? 4096 } }
    m.xDeviceCharacteristics = { p in forward(p, 0) { f, m in m.xDeviceCharacteristics?(f) ?? 0 } }
    m.xShmMap = { p, page, size, extend, out in forward(p, SQLITE_IOERR) { f, m in m.xShmMap?(f, page, size, extend, out) ?? SQLITE_IOERR } }
    m.xShmLock = { p, offset, n, flags in forward(p, SQLITE_IOERR) { f, m in m.xShmLock?(f, offset, n, flags) ?? SQLITE_IOERR } }
    m.xShmBarrier = { p in forward(p, ()) { f, m in m.xShmBarrier?(f) } }
    m.xShmUnmap = { p, delete in forward(p, SQLITE_OK) { f, m in m.xShmUnmap?(f, delete) ?? SQLITE_OK } }
    m.xFetch = appendFetch
    m.xUnfetch = appendUnfetch
    let p = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
    p.initialize(to: m)
    return p
}()
