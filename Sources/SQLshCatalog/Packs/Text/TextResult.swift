import CSQLite
import SQLshCore

/// Sets a text result of exactly `count` bytes, written by `write` straight into memory that
/// SQLite takes over (no copy afterwards). A `count` above SQLite's length limit is SQLite's
/// "string or blob too big", reported before anything is allocated.
@inline(__always)
func setTextResult(_ result: ResultContext, count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
    guard count <= result.lengthLimit else { return sqlite3_result_error_toobig(result.rawValue) }
    guard count > 0 else { return result.setText(utf8: UnsafeBufferPointer(start: nil, count: 0)) }
    guard let memory = sqlite3_malloc64(sqlite3_uint64(count)) else { return sqlite3_result_error_nomem(result.rawValue) }
    let bytes = memory.bindMemory(to: UInt8.self, capacity: count)
    write(bytes)
    sqlite3_result_text64(result.rawValue, memory.assumingMemoryBound(to: CChar.self), sqlite3_uint64(count),
                          sqlite3_free, UInt8(SQLITE_UTF8))
}

/// The sum of byte counts, or nil when it overflows or exceeds `limit`.
@inline(__always)
func checkedSize(_ parts: Int..., limit: Int) -> Int? {
    var total = 0
    for part in parts {
        let (sum, overflow) = total.addingReportingOverflow(part)
        if overflow || sum > limit { return nil }
        total = sum
    }
    return total
}

/// A text argument's bytes written at `destination`; returns the position after them.
@inline(__always)
func copyBytes(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    if let base = bytes.baseAddress, bytes.count > 0 { destination.update(from: base, count: bytes.count) }
    return destination + bytes.count
}

/// `bytes` written `times` times from `destination` (which has room for them); returns the
/// position after them. Copies double in size, so a long repetition costs few memcpy calls.
func repeatBytes(_ bytes: UnsafeBufferPointer<UInt8>, times: Int, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
    guard times > 0, let base = bytes.baseAddress, bytes.count > 0 else { return destination }
    let total = bytes.count * times
    if bytes.count == 1 {
        destination.update(repeating: base[0], count: total)
        return destination + total
    }
    destination.update(from: base, count: bytes.count)
    var written = bytes.count
    while written < total {
        let chunk = min(written, total - written)
        (destination + written).update(from: destination, count: chunk)
        written += chunk
    }
    return destination + total
}
