internal import CSQLite

/// Reports every allocation SQLite makes, by wrapping its allocator
/// (`SQLITE_CONFIG_GETMALLOC` / `SQLITE_CONFIG_MALLOC`), as the `sqlite3` shell's
/// `-memtrace` does.
///
/// ```swift
/// AllocationTrace.activate { event in
///     switch event {
///     case .allocate(let size): print("allocate \(size) bytes")
///     case .free(let size): print("free \(size) bytes")
///     case .resize(let from, let to): print("resize \(from) -> \(to) bytes")
///     }
/// }
/// ```
///
/// Sizes are as SQLite's allocator rounds them (`xRoundup`, `xSize`). The observer runs inside
/// SQLite's allocator: it must not call SQLite, and should not allocate much.
package enum AllocationTrace {
    /// One allocator call.
    package enum Event: Sendable {
        /// A new block of this many bytes.
        case allocate(Int32)
        /// A block of this many bytes released.
        case free(Int32)
        /// A block resized from one size to another.
        case resize(from: Int32, to: Int32)
    }

    /// Wraps SQLite's allocator so that `observer` sees every call. Must run before SQLite
    /// initializes (before any connection opens); once active, later calls do nothing and
    /// return true.
    ///
    /// - Returns: false when SQLite refuses (it is already initialized).
    @discardableResult
    package static func activate(_ observer: @escaping @Sendable (Event) -> Void) -> Bool {
        guard !isActive else { return true }
        var base = sqlite3_mem_methods()
        guard sqlsh_config_getmalloc(&base) == SQLITE_OK else { return false }
        traceBase = base
        traceObserver = observer
        var traced = base
        traced.xMalloc = tracedMalloc
        traced.xFree = tracedFree
        traced.xRealloc = tracedRealloc
        guard sqlsh_config_malloc(&traced) == SQLITE_OK else { return false }
        isActive = true
        return true
    }

    nonisolated(unsafe) private static var isActive = false
}

/// The allocator being wrapped and who is told, set once before SQLite initializes.
private nonisolated(unsafe) var traceBase = sqlite3_mem_methods()
private nonisolated(unsafe) var traceObserver: (@Sendable (AllocationTrace.Event) -> Void)?

private func roundedSize(_ n: Int32) -> Int32 {
    traceBase.xRoundup.map { $0(n) } ?? n
}

private func tracedMalloc(_ n: Int32) -> UnsafeMutableRawPointer? {
    traceObserver?(.allocate(roundedSize(n)))
    return traceBase.xMalloc?(n)
}

private func tracedFree(_ p: UnsafeMutableRawPointer?) {
    guard let p else { return }
    traceObserver?(.free(traceBase.xSize?(p) ?? 0))
    traceBase.xFree?(p)
}

private func tracedRealloc(_ p: UnsafeMutableRawPointer?, _ n: Int32) -> UnsafeMutableRawPointer? {
    guard let p else { return tracedMalloc(n) }
    if n == 0 {
        tracedFree(p)
        return nil
    }
    traceObserver?(.resize(from: traceBase.xSize?(p) ?? 0, to: roundedSize(n)))
    return traceBase.xRealloc?(p, n)
}
