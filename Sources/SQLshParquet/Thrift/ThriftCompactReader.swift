/// A reader of Thrift's compact protocol, over bytes held in memory: Parquet's footer
/// (``FileMetaData``) and its page headers (``PageHeader``). Every read is bounds-checked and
/// every length is checked against the bytes left before anything is allocated, so a hostile
/// file gets an error, never a crash; structs nest at most ``maxDepth`` deep.
///
/// A struct is read field by field:
/// ```swift
/// var reader = ThriftCompactReader(bytes)
/// try reader.beginStruct()
/// while let field = try reader.nextField() {
///     switch field.id {
///     case 1: version = try reader.readI32()
///     default: try reader.skip(field.type)
///     }
/// }
/// ```
public struct ThriftCompactReader {
    /// How deep structs, lists and maps may nest.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    /// The offset of the next byte read.
    public private(set) var position: Int
    private let end: Int
    /// The last field id of each struct being read (ids are deltas from it).
    private var lastFieldIDs: [Int16] = []
    private var depth = 0

    /// A reader of `bytes[start..<end]` (all of them by default).
    public init(_ bytes: [UInt8], start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        let stop = min(max(end ?? bytes.count, 0), bytes.count)
        self.end = stop
        self.position = min(max(start, 0), stop)
    }

    /// The bytes not read yet.
    public var remaining: Int { end - position }

    private func truncated(_ what: String) -> ParquetError {
        ParquetError("truncated Thrift metadata (\(what) at offset \(position))")
    }

    /// Reads one byte.
    public mutating func readByte() throws -> UInt8 {
        guard position < end else { throw truncated("a byte") }
        let b = bytes[position]
        position += 1
        return b
    }

    /// Reads an unsigned LEB128 varint of at most 64 bits.
    public mutating func readVarint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try readByte()
            guard shift < 64 else { throw ParquetError("malformed Thrift metadata (a varint longer than 10 bytes)") }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
        }
    }

    /// Reads a zigzag varint as a 64-bit integer.
    public mutating func readI64() throws -> Int64 {
        let v = try readVarint()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    /// Reads a zigzag varint as a 32-bit integer (an error when it does not fit).
    public mutating func readI32() throws -> Int32 {
        let v = try readI64()
        guard let n = Int32(exactly: v) else { throw ParquetError("malformed Thrift metadata (an i32 out of range: \(v))") }
        return n
    }

    /// Reads a zigzag varint as a 16-bit integer.
    public mutating func readI16() throws -> Int16 {
        let v = try readI64()
        guard let n = Int16(exactly: v) else { throw ParquetError("malformed Thrift metadata (an i16 out of range: \(v))") }
        return n
    }

    /// Reads one byte as a signed 8-bit integer.
    public mutating func readI8() throws -> Int8 { Int8(bitPattern: try readByte()) }

    /// Reads a little-endian IEEE double.
    public mutating func readDouble() throws -> Double {
        guard remaining >= 8 else { throw truncated("a double") }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[position + i]) << (8 * UInt64(i)) }
        position += 8
        return Double(bitPattern: bits)
    }

    /// Reads a length-prefixed byte string (checked against the bytes left first).
    public mutating func readBinary() throws -> [UInt8] {
        let length = try readVarint()
        guard length <= UInt64(remaining) else {
            throw ParquetError("malformed Thrift metadata (a string of \(length) bytes, with \(remaining) left)")
        }
        let n = Int(length)
        let out = Array(bytes[position..<(position + n)])
        position += n
        return out
    }

    /// Reads a byte string as text (invalid UTF-8 repaired).
    public mutating func readString() throws -> String {
        String(decoding: try readBinary(), as: UTF8.self)
    }

    /// Reads a boolean field's value, from its type (``nextField()`` returned it).
    public func readBool(_ type: ThriftType) throws -> Bool {
        switch type {
        case .booleanTrue: return true
        case .booleanFalse: return false
        default: throw ParquetError("malformed Thrift metadata (a boolean field of type \(type))")
        }
    }

    /// Reads a boolean element of a list (one byte).
    public mutating func readListBool() throws -> Bool { try readByte() == 1 }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw ParquetError("malformed Thrift metadata (nested more than \(Self.maxDepth) deep)") }
    }

    /// Starts reading a struct: ``nextField()`` then gives its fields until its end.
    public mutating func beginStruct() throws {
        try enter()
        lastFieldIDs.append(0)
    }

    /// The next field of the struct being read (its id and type), or nil at its end (the
    /// struct is then finished).
    public mutating func nextField() throws -> (id: Int16, type: ThriftType)? {
        let header = try readByte()
        guard let type = ThriftType(rawValue: header & 0x0F) else {
            throw ParquetError("malformed Thrift metadata (unknown field type \(header & 0x0F))")
        }
        if type == .stop {
            lastFieldIDs.removeLast()
            depth -= 1
            return nil
        }
        let delta = Int16(header >> 4)
        let id: Int16
        if delta == 0 {
            id = try readI16()
        } else {
            let (sum, overflow) = (lastFieldIDs.last ?? 0).addingReportingOverflow(delta)
            guard !overflow else { throw ParquetError("malformed Thrift metadata (a field id out of range)") }
            id = sum
        }
        lastFieldIDs[lastFieldIDs.count - 1] = id
        return (id, type)
    }

    /// Reads a list's (or a set's) header: its element type and count (checked against the
    /// bytes left, each element taking at least one byte, or none for an empty struct).
    public mutating func readListHeader() throws -> (type: ThriftType, count: Int) {
        let header = try readByte()
        guard let type = ThriftType(rawValue: header & 0x0F) else {
            throw ParquetError("malformed Thrift metadata (unknown list element type \(header & 0x0F))")
        }
        var count = UInt64(header >> 4)
        if count == 15 { count = try readVarint() }
        guard count <= UInt64(remaining) else {
            throw ParquetError("malformed Thrift metadata (a list of \(count) elements, with \(remaining) bytes left)")
        }
        return (type, Int(count))
    }

    /// Reads a list of `count` elements with `element`, after its header.
    public mutating func readList<T>(_ element: (inout ThriftCompactReader, ThriftType) throws -> T) throws -> [T] {
        let (type, count) = try readListHeader()
        try enter()
        defer { depth -= 1 }
        var out: [T] = []
        // The count is checked against the bytes left, not against the elements' size: room
        // is made for a few only, the array grows as elements are really read.
        out.reserveCapacity(min(count, 64))
        for _ in 0..<count { out.append(try element(&self, type)) }
        return out
    }

    /// Skips a value of `type` (a field the reader does not know), nested values included.
    public mutating func skip(_ type: ThriftType) throws {
        switch type {
        case .stop: throw ParquetError("malformed Thrift metadata (a stop where a value was expected)")
        case .booleanTrue, .booleanFalse: return
        case .byte: _ = try readByte()
        case .i16, .i32, .i64: _ = try readVarint()
        case .double:
            guard remaining >= 8 else { throw truncated("a double") }
            position += 8
        case .binary:
            let length = try readVarint()
            guard length <= UInt64(remaining) else { throw truncated("a string") }
            position += Int(length)
        case .list, .set:
            let (element, count) = try readListHeader()
            try enter()
            defer { depth -= 1 }
            for _ in 0..<count {
                if element == .booleanTrue || element == .booleanFalse { _ = try readByte() } else { try skip(element) }
            }
        case .map:
            let count = try readVarint()
            guard count <= UInt64(remaining) else { throw truncated("a map") }
            if count == 0 { return }
            let types = try readByte()
            guard let key = ThriftType(rawValue: types >> 4), let value = ThriftType(rawValue: types & 0x0F) else {
                throw ParquetError("malformed Thrift metadata (unknown map types)")
            }
            try enter()
            defer { depth -= 1 }
            for _ in 0..<count {
                for t in [key, value] {
                    if t == .booleanTrue || t == .booleanFalse { _ = try readByte() } else { try skip(t) }
                }
            }
        case .structure:
            try beginStruct()
            while let field = try nextField() { try skip(field.type) }
        }
    }
}
