import CSQLite

private let emptyText: UnsafeMutablePointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 0)
    return p
}()

/// The UTF-8 bytes of a non-NULL value's text form, never with a nil base address.
@inline(__always)
func textBytes(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
    let text = sqlite3_value_text(value)
    let count = Int(sqlite3_value_bytes(value))
    return UnsafeBufferPointer(start: text ?? UnsafePointer(emptyText), count: text == nil ? 0 : count)
}
