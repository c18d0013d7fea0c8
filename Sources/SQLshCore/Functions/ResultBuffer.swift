// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Whether bytes written by ``ResultContext/write(_:capacity:_:)`` are a text or a blob result.
public enum ResultBytesKind: Sendable {
    /// UTF-8 text (`sqlite3_result_text64`).
    case text
    /// A blob (`sqlite3_result_blob64`).
    case blob
}

extension ResultContext {
    /// The size up to which ``write(_:capacity:_:)`` writes into a stack buffer that SQLite
    /// copies: below it a copy into the result's memory cell, which SQLite reuses from row to
    /// row, is cheaper than an allocation per row (its allocator takes a mutex and updates
    /// memory statistics).
    public static let stackResultCapacity = 256

    /// Builds a text or blob result of at most `capacity` bytes written in place by `fill`,
    /// which returns how many bytes it wrote, or nil to give up.
    ///
    /// Large results are written straight into memory from `sqlite3_malloc64` that SQLite
    /// takes over (`sqlite3_free` as destructor): no copy afterwards, and the function never
    /// allocates or frees SQLite memory itself. Small ones (up to ``stackResultCapacity``)
    /// are written into a stack buffer that SQLite copies.
    ///
    /// A `capacity` over ``lengthLimit`` (or negative) fails the call with "string or blob
    /// too big" before anything is allocated (a stack result, which allocates nothing, is
    /// checked by SQLite when it copies it, so short results cost no limit lookup), and
    /// failing to allocate with "out of memory"; `fill` is not called then.
    ///
    /// ```swift
    /// _ = result.write(.text, capacity: input.count) { out in
    ///     for i in 0..<input.count { out[input.count - 1 - i] = input[i] }
    ///     return input.count
    /// }
    /// ```
    /// - Returns: false when `fill` gave up (no result is set: the caller reports the error),
    ///   true otherwise.
    @inlinable @discardableResult
    public func write(_ kind: ResultBytesKind, capacity: Int,
                      _ fill: (UnsafeMutablePointer<UInt8>) throws -> Int?) rethrows -> Bool {
        guard capacity >= 0 else {
            setTooBig()
            return true
        }
        // A stack result allocates nothing: SQLite checks its length when it copies it.
        if capacity <= ResultContext.stackResultCapacity {
            // One byte more than the result can take, for the terminator (see setText(utf8:)).
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ResultContext.stackResultCapacity + 1) { buffer in
                let base = buffer.baseAddress.unsafelyUnwrapped
                guard let written = try fill(base) else { return false }
                let count = min(max(written, 0), capacity)
                if kind == .text, count > 0, memchr(base, 0, count) == nil {
                    base[count] = 0
                    base.withMemoryRebound(to: CChar.self, capacity: count + 1) {
                        sqlite3_result_text(rawValue, $0, -1, sqlsh_sqlite_transient())
                    }
                } else {
                    setBytes(kind, UnsafeBufferPointer(start: base, count: count))
                }
                return true
            }
        }
        guard capacity <= lengthLimit else {
            setTooBig()
            return true
        }
        guard let memory = sqlite3_malloc64(sqlite3_uint64(capacity)) else {
            setNoMemory()
            return true
        }
        let base = memory.bindMemory(to: UInt8.self, capacity: capacity)
        let written: Int?
        do {
            written = try fill(base)
        } catch {
            sqlite3_free(memory)
            throw error
        }
        guard let count = written else {
            sqlite3_free(memory)
            return false
        }
        let length = sqlite3_uint64(min(max(count, 0), capacity))
        switch kind {
        case .text:
            sqlite3_result_text64(rawValue, memory.assumingMemoryBound(to: CChar.self), length, sqlite3_free, UInt8(SQLITE_UTF8))
        case .blob:
            sqlite3_result_blob64(rawValue, memory, length, sqlite3_free)
        }
        return true
    }

    /// Sets a text result of exactly `count` bytes, written in place by `write` (see
    /// ``write(_:capacity:_:)``: SQLite takes the buffer over; over the length limit is
    /// "string or blob too big", reported before anything is allocated).
    @inlinable
    public func setText(count: Int, _ write: (UnsafeMutablePointer<UInt8>) throws -> Void) rethrows {
        try self.write(.text, capacity: count) { try write($0); return count }
    }

    /// Sets a blob result of exactly `count` bytes, written in place by `write` (as
    /// ``setText(count:_:)``).
    @inlinable
    public func setBlob(count: Int, _ write: (UnsafeMutablePointer<UInt8>) throws -> Void) rethrows {
        try self.write(.blob, capacity: count) { try write($0); return count }
    }

    /// Sets a text or blob result copied from `bytes` (an empty buffer gives '' or x'', not NULL).
    @inlinable
    public func setBytes(_ kind: ResultBytesKind, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch kind {
        case .text: setText(utf8: bytes)
        case .blob: setBlob(UnsafeRawBufferPointer(bytes))
        }
    }
}
