/// Where one byte-array value lies: a buffer of ``ByteArrays`` and a range in it.
public struct ByteRef: Sendable {
    public var buffer: Int32
    public var offset: Int32
    public var count: Int32
}

/// Byte-array values (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96) without copying them: the
/// decompressed pages (and the dictionary) they lie in, and one reference per value. A
/// dictionary-encoded value is a copy of the dictionary entry's reference.
public struct ByteArrays: Sendable {
    public var buffers: [[UInt8]] = []
    public var refs: [ByteRef] = []

    /// Calls `body` with the bytes of value `i`.
    @inlinable
    public func withValue<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let ref = refs[i]
        return try buffers[Int(ref.buffer)].withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[Int(ref.offset)..<(Int(ref.offset) + Int(ref.count))]))
        }
    }

    /// Value `i` as an array.
    public func value(_ i: Int) -> [UInt8] { withValue(i) { Array($0) } }
}

/// The decoded values of one column chunk (the non-null ones, in order), in the physical
/// type's storage.
public enum ColumnValues: Sendable {
    case booleans([Bool])
    case int32([Int32])
    case int64([Int64])
    case float([Float])
    case double([Double])
    /// BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96 (12 bytes each).
    case bytes(ByteArrays)

    /// An empty store for a physical type.
    static func empty(_ type: PhysicalType) -> ColumnValues {
        switch type {
        case .boolean: return .booleans([])
        case .int32: return .int32([])
        case .int64: return .int64([])
        case .float: return .float([])
        case .double: return .double([])
        default: return .bytes(ByteArrays())
        }
    }

    /// How many values.
    public var count: Int {
        switch self {
        case .booleans(let v): return v.count
        case .int32(let v): return v.count
        case .int64(let v): return v.count
        case .float(let v): return v.count
        case .double(let v): return v.count
        case .bytes(let v): return v.refs.count
        }
    }
}
