import SQLshCore

/// The bytes of a value, read in place: a blob's own bytes, or the UTF-8 text form of any
/// other value; never a nil base address. The core's ``Argument/blobBytes`` for code that
/// holds a raw `sqlite3_value *`.
func blobOrTextBytes(_ value: OpaquePointer) -> UnsafeRawBufferPointer {
    Argument(rawValue: value).blobBytes
}
