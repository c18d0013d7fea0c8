// Functions whose result can be longer than their arguments (a replacement, a translation, a
// slug, a decimal expansion) check SQLITE_LIMIT_LENGTH while they build it, and fail with
// SQLite's own "string or blob too big" before allocating past it: building a result first
// and letting sqlite3_result_text refuse it would already have used the memory. The limit and
// the error are the core's: ResultContext.lengthLimit and ResultContext.setTooBig().

extension Array where Element == UInt8 {
    /// Appends `bytes` unless the array would then hold more than `limit` bytes, growing its
    /// storage geometrically but never beyond `limit`.
    /// - Returns: false, appending nothing, when the bytes do not fit.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
        let needed = count + bytes.count  // both count bytes in memory: no overflow
        if needed > limit { return false }
        if needed > capacity { reserveCapacity(Swift.min(limit, Swift.max(needed, 2 * capacity))) }
        append(contentsOf: bytes)
        return true
    }
}
