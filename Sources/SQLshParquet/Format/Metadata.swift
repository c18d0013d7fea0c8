// Parquet's metadata structs (parquet.thrift), the fields a reader and a writer use. Decoding
// is in Thrift/MetadataDecoding.swift; a writer's encoding goes beside it.

/// Min/max and null count of a column chunk or a page, as the writer stored them (plain
/// encoded values; `minValue`/`maxValue` are the ones ordered as the logical type says).
public struct Statistics: Hashable, Sendable {
    public var max: [UInt8]?
    public var min: [UInt8]?
    public var nullCount: Int64?
    public var distinctCount: Int64?
    public var maxValue: [UInt8]?
    public var minValue: [UInt8]?
    public var isMaxValueExact: Bool?
    public var isMinValueExact: Bool?
    public init() {}
}

/// One node of the schema tree, flattened depth-first: a group (`numChildren` set) or a
/// leaf column (`type` set).
public struct SchemaElement: Hashable, Sendable {
    public var type: PhysicalType?
    public var typeLength: Int32?
    public var repetitionType: FieldRepetitionType?
    public var name: String = ""
    public var numChildren: Int32?
    public var convertedType: ConvertedType?
    public var scale: Int32?
    public var precision: Int32?
    public var fieldID: Int32?
    public var logicalType: LogicalType?
    public init() {}
}

/// A key and its value, of the file's or a column's metadata.
public struct KeyValue: Hashable, Sendable {
    public var key: String = ""
    public var value: String?
    public init() {}
}

/// Where a column chunk's pages are and how they are encoded.
public struct ColumnMetaData: Hashable, Sendable {
    public var type: PhysicalType = .boolean
    public var encodings: [Encoding] = []
    public var pathInSchema: [String] = []
    public var codec: CompressionCodec = .uncompressed
    public var numValues: Int64 = 0
    public var totalUncompressedSize: Int64 = 0
    public var totalCompressedSize: Int64 = 0
    public var keyValueMetadata: [KeyValue]?
    public var dataPageOffset: Int64 = 0
    public var indexPageOffset: Int64?
    public var dictionaryPageOffset: Int64?
    public var statistics: Statistics?
    public init() {}
}

/// One column of one row group.
public struct ColumnChunk: Hashable, Sendable {
    /// Set when the chunk is in another file (not supported by readers here).
    public var filePath: String?
    public var fileOffset: Int64 = 0
    public var metaData: ColumnMetaData?
    public init() {}
}

/// A horizontal slice of the file: one chunk per leaf column.
public struct RowGroup: Hashable, Sendable {
    public var columns: [ColumnChunk] = []
    public var totalByteSize: Int64 = 0
    public var numRows: Int64 = 0
    public var fileOffset: Int64?
    public var totalCompressedSize: Int64?
    public var ordinal: Int16?
    public init() {}
}

/// The footer: the schema, the row groups, who wrote the file.
public struct FileMetaData: Hashable, Sendable {
    public var version: Int32 = 0
    public var schema: [SchemaElement] = []
    public var numRows: Int64 = 0
    public var rowGroups: [RowGroup] = []
    public var keyValueMetadata: [KeyValue]?
    public var createdBy: String?
    public init() {}
}

/// A data page's header (version 1: levels and values compressed together).
public struct DataPageHeader: Hashable, Sendable {
    public var numValues: Int32 = 0
    public var encoding: Encoding = .plain
    public var definitionLevelEncoding: Encoding = .rle
    public var repetitionLevelEncoding: Encoding = .rle
    public var statistics: Statistics?
    public init() {}
}

/// A version 2 data page's header: levels first, uncompressed, then the values.
public struct DataPageHeaderV2: Hashable, Sendable {
    public var numValues: Int32 = 0
    public var numNulls: Int32 = 0
    public var numRows: Int32 = 0
    public var encoding: Encoding = .plain
    public var definitionLevelsByteLength: Int32 = 0
    public var repetitionLevelsByteLength: Int32 = 0
    public var isCompressed: Bool = true
    public var statistics: Statistics?
    public init() {}
}

/// A dictionary page's header.
public struct DictionaryPageHeader: Hashable, Sendable {
    public var numValues: Int32 = 0
    public var encoding: Encoding = .plain
    public var isSorted: Bool?
    public init() {}
}

/// The header before each page of a column chunk.
public struct PageHeader: Hashable, Sendable {
    public var type: PageType = .dataPage
    public var uncompressedPageSize: Int32 = 0
    public var compressedPageSize: Int32 = 0
    public var crc: Int32?
    public var dataPageHeader: DataPageHeader?
    public var dictionaryPageHeader: DictionaryPageHeader?
    public var dataPageHeaderV2: DataPageHeaderV2?
    public init() {}
}
