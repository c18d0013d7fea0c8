import SQLshCore

/// The UTF-8 bytes of a value's text form, never with a nil base address: the core's
/// ``Argument/textBytes`` for code that holds a raw `sqlite3_value *`.
@inline(__always)
func textBytes(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
    Argument(rawValue: value).textBytes
}
