// Parquet's enums (apache/parquet-format, parquet.thrift). Each is a struct over the raw
// value rather than a Swift enum, so a value a newer writer added is kept (and reported) rather
// than failing the whole footer.

/// A column's physical type: how its values are stored.
public struct PhysicalType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let boolean = PhysicalType(rawValue: 0)
    public static let int32 = PhysicalType(rawValue: 1)
    public static let int64 = PhysicalType(rawValue: 2)
    /// Deprecated: 12-byte timestamps (nanoseconds of the day, then the Julian day).
    public static let int96 = PhysicalType(rawValue: 3)
    public static let float = PhysicalType(rawValue: 4)
    public static let double = PhysicalType(rawValue: 5)
    public static let byteArray = PhysicalType(rawValue: 6)
    public static let fixedLenByteArray = PhysicalType(rawValue: 7)
    public var description: String {
        ["BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE", "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"][safe: rawValue] ?? "type \(rawValue)"
    }
}

/// The logical types of older writers (``LogicalType`` supersedes them).
public struct ConvertedType: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let utf8 = ConvertedType(rawValue: 0)
    public static let map = ConvertedType(rawValue: 1)
    public static let mapKeyValue = ConvertedType(rawValue: 2)
    public static let list = ConvertedType(rawValue: 3)
    public static let enumeration = ConvertedType(rawValue: 4)
    public static let decimal = ConvertedType(rawValue: 5)
    public static let date = ConvertedType(rawValue: 6)
    public static let timeMillis = ConvertedType(rawValue: 7)
    public static let timeMicros = ConvertedType(rawValue: 8)
    public static let timestampMillis = ConvertedType(rawValue: 9)
    public static let timestampMicros = ConvertedType(rawValue: 10)
    public static let uint8 = ConvertedType(rawValue: 11)
    public static let uint16 = ConvertedType(rawValue: 12)
    public static let uint32 = ConvertedType(rawValue: 13)
    public static let uint64 = ConvertedType(rawValue: 14)
    public static let int8 = ConvertedType(rawValue: 15)
    public static let int16 = ConvertedType(rawValue: 16)
    public static let int32 = ConvertedType(rawValue: 17)
    public static let int64 = ConvertedType(rawValue: 18)
    public static let json = ConvertedType(rawValue: 19)
    public static let bson = ConvertedType(rawValue: 20)
    public static let interval = ConvertedType(rawValue: 21)
}

/// Whether a field is required, optional (may be null) or repeated (a list).
public struct FieldRepetitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let required = FieldRepetitionType(rawValue: 0)
    public static let optional = FieldRepetitionType(rawValue: 1)
    public static let repeated = FieldRepetitionType(rawValue: 2)
}

/// How a page's values (or levels) are encoded.
public struct Encoding: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let plain = Encoding(rawValue: 0)
    public static let plainDictionary = Encoding(rawValue: 2)
    public static let rle = Encoding(rawValue: 3)
    public static let bitPacked = Encoding(rawValue: 4)
    public static let deltaBinaryPacked = Encoding(rawValue: 5)
    public static let deltaLengthByteArray = Encoding(rawValue: 6)
    public static let deltaByteArray = Encoding(rawValue: 7)
    public static let rleDictionary = Encoding(rawValue: 8)
    public static let byteStreamSplit = Encoding(rawValue: 9)
    public static let alp = Encoding(rawValue: 10)
    public var description: String {
        ["PLAIN", "GROUP_VAR_INT", "PLAIN_DICTIONARY", "RLE", "BIT_PACKED", "DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY",
         "DELTA_BYTE_ARRAY", "RLE_DICTIONARY", "BYTE_STREAM_SPLIT", "ALP"][safe: rawValue] ?? "encoding \(rawValue)"
    }
}

/// How a column chunk's pages are compressed.
public struct CompressionCodec: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let uncompressed = CompressionCodec(rawValue: 0)
    public static let snappy = CompressionCodec(rawValue: 1)
    public static let gzip = CompressionCodec(rawValue: 2)
    public static let lzo = CompressionCodec(rawValue: 3)
    public static let brotli = CompressionCodec(rawValue: 4)
    /// The deprecated Hadoop-framed LZ4.
    public static let lz4 = CompressionCodec(rawValue: 5)
    public static let zstd = CompressionCodec(rawValue: 6)
    /// LZ4's block format, unframed.
    public static let lz4Raw = CompressionCodec(rawValue: 7)
    public var description: String {
        ["UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW"][safe: rawValue] ?? "codec \(rawValue)"
    }
}

/// The kind of a page.
public struct PageType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let dataPage = PageType(rawValue: 0)
    public static let indexPage = PageType(rawValue: 1)
    public static let dictionaryPage = PageType(rawValue: 2)
    public static let dataPageV2 = PageType(rawValue: 3)
    public var description: String {
        ["DATA_PAGE", "INDEX_PAGE", "DICTIONARY_PAGE", "DATA_PAGE_V2"][safe: rawValue] ?? "page type \(rawValue)"
    }
}

extension Array {
    /// The element at `index`, nil outside the array.
    subscript(safe index: Int32) -> Element? {
        index >= 0 && Int(index) < count ? self[Int(index)] : nil
    }
}
