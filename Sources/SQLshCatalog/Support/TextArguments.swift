import SQLshCore

// Forced inlining in this file: Benchmarks/catalog.sh and sqlean-compare.sh: every text argument read from a raw value.
/// The UTF-8 bytes of a value's text form, never with a nil base address: the core's
/// ``Argument/textBytes`` for code that holds a raw `sqlite3_value *`.
@inline(__always)
func textBytes(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
    Argument(rawValue: value).textBytes
}
