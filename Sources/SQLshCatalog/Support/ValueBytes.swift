import CSQLite
import SQLshCore

private let noBytes: UnsafeMutableRawPointer = {
    let p = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    p.storeBytes(of: 0, as: UInt8.self)
    return p
}()

/// The bytes of a non-NULL value, read in place: a blob's own bytes, or the UTF-8 text form of
/// any other value (an integer or real as SQLite renders it, so `15` gives the bytes of `'15'`).
/// Embedded NUL bytes are kept; the base address is never nil, even for an empty value.
@inline(__always)
func blobOrTextBytes(_ value: OpaquePointer) -> UnsafeRawBufferPointer {
    if sqlite3_value_type(value) == SQLITE_BLOB {
        let blob = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        return UnsafeRawBufferPointer(start: blob ?? UnsafeRawPointer(noBytes), count: blob == nil ? 0 : count)
    }
    return UnsafeRawBufferPointer(textBytes(value))
}
