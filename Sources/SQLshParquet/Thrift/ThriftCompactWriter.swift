/// A writer of Thrift's compact protocol into memory: Parquet's footer (``FileMetaData``) and
/// its page headers (``PageHeader``), the inverse of ``ThriftCompactReader``.
///
/// A struct is written field by field, in increasing id order:
/// ```swift
/// var writer = ThriftCompactWriter()
/// writer.beginStruct()
/// writer.fieldI32(1, 2)
/// writer.fieldString(4, "name")
/// writer.endStruct()
/// ```
public struct ThriftCompactWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    /// The last field id of each struct being written (ids are written as deltas from it).
    private var lastFieldIDs: [Int16] = []

    /// An empty writer.
    public init() {}

    // MARK: Values

    /// Writes an unsigned LEB128 varint.
    public mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// Writes a 64-bit integer as a zigzag varint (i16 and i32 are written the same way).
    public mutating func writeI64(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Writes a byte string: its length, then its bytes.
    public mutating func writeBinary(_ value: some Collection<UInt8>) {
        writeVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes a list header: `count` elements of `type`.
    public mutating func writeListHeader(_ type: ThriftType, count: Int) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            writeVarint(UInt64(count))
        }
    }

    // MARK: Structs and fields

    /// Starts a struct (also one written as a field's value, after ``fieldHeader(_:_:)``).
    public mutating func beginStruct() {
        lastFieldIDs.append(0)
    }

    /// Ends the struct: its stop byte.
    public mutating func endStruct() {
        bytes.append(ThriftType.stop.rawValue)
        lastFieldIDs.removeLast()
    }

    /// Writes a field's header: its id (as a delta from the previous field's when small) and type.
    public mutating func fieldHeader(_ id: Int16, _ type: ThriftType) {
        let last = lastFieldIDs.last ?? 0
        let delta = Int(id) - Int(last)
        if delta > 0 && delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            writeI64(Int64(id))
        }
        if !lastFieldIDs.isEmpty { lastFieldIDs[lastFieldIDs.count - 1] = id }
    }

    /// An i32 field.
    public mutating func fieldI32(_ id: Int16, _ value: Int32) {
        fieldHeader(id, .i32)
        writeI64(Int64(value))
    }

    /// An i64 field.
    public mutating func fieldI64(_ id: Int16, _ value: Int64) {
        fieldHeader(id, .i64)
        writeI64(value)
    }

    /// A byte (i8) field.
    public mutating func fieldByte(_ id: Int16, _ value: Int8) {
        fieldHeader(id, .byte)
        bytes.append(UInt8(bitPattern: value))
    }

    /// A boolean field: its value is in the header's type.
    public mutating func fieldBool(_ id: Int16, _ value: Bool) {
        fieldHeader(id, value ? .booleanTrue : .booleanFalse)
    }

    /// A binary field.
    public mutating func fieldBinary(_ id: Int16, _ value: some Collection<UInt8>) {
        fieldHeader(id, .binary)
        writeBinary(value)
    }

    /// A string field (its UTF-8 bytes).
    public mutating func fieldString(_ id: Int16, _ value: String) {
        fieldBinary(id, Array(value.utf8))
    }

    /// A struct field: `body` writes its fields.
    public mutating func fieldStruct(_ id: Int16, _ body: (inout ThriftCompactWriter) -> Void) {
        fieldHeader(id, .structure)
        beginStruct()
        body(&self)
        endStruct()
    }

    /// A list field of `elements`, each written by `element` (which writes a value of `type`).
    public mutating func fieldList<T>(_ id: Int16, _ type: ThriftType, _ elements: [T],
                                      _ element: (inout ThriftCompactWriter, T) -> Void) {
        fieldHeader(id, .list)
        writeListHeader(type, count: elements.count)
        for value in elements { element(&self, value) }
    }

    /// A struct written as a list element: `body` writes its fields.
    public mutating func elementStruct(_ body: (inout ThriftCompactWriter) -> Void) {
        beginStruct()
        body(&self)
        endStruct()
    }
}
