import Glibc
import CSQLite

/// `-memtrace`: every allocation, release and resize SQLite makes is reported on standard
/// error as the stock shell's memtrace extension does (`MEMTRACE: allocate 40 bytes`,
/// `MEMTRACE: free 40 bytes`, `MEMTRACE: resize 40 -> 80 bytes`), sizes as SQLite's allocator
/// rounds them.
public enum MemoryTrace {
    /// Wraps SQLite's allocator. Must run before SQLite initializes (before any connection
    /// opens); returns false when SQLite refuses (it is already initialized).
    @discardableResult
    public static func activate() -> Bool {
        guard !isActive else { return true }
        var base = sqlite3_mem_methods()
        guard sqlsh_config_getmalloc(&base) == SQLITE_OK else { return false }
        memtraceBase = base
        var traced = base
        traced.xMalloc = memtraceMalloc
        traced.xFree = memtraceFree
        traced.xRealloc = memtraceRealloc
        guard sqlsh_config_malloc(&traced) == SQLITE_OK else { return false }
        isActive = true
        return true
    }

    nonisolated(unsafe) private static var isActive = false
}

/// The allocator `-memtrace` wraps.
private nonisolated(unsafe) var memtraceBase = sqlite3_mem_methods()

/// Writes `MEMTRACE: TEXT` and a newline to standard error in one write, with no allocation
/// through SQLite.
private func memtraceReport(_ text: String) {
    var line = "MEMTRACE: " + text + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

private func roundedSize(_ n: Int32) -> Int32 {
    memtraceBase.xRoundup.map { $0(n) } ?? n
}

private func memtraceMalloc(_ n: Int32) -> UnsafeMutableRawPointer? {
    memtraceReport("allocate \(roundedSize(n)) bytes")
    return memtraceBase.xMalloc?(n)
}

private func memtraceFree(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    memtraceReport("free \(memtraceBase.xSize?(p) ?? 0) bytes")
    memtraceBase.xFree?(p)
}

private func memtraceRealloc(_ p: UnsafeMutableRawPointer?, _ n: Int32) -> UnsafeMutableRawPointer? {
    guard let p else { return memtraceMalloc(n) }
    if n == 0 {
        memtraceFree(p)
        return nil
    }
    memtraceReport("resize \(memtraceBase.xSize?(p) ?? 0) -> \(roundedSize(n)) bytes")
    return memtraceBase.xRealloc?(p, n)
}
