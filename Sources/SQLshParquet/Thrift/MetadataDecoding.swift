// Reading Parquet's metadata structs from Thrift's compact protocol. Unknown fields are
// skipped; a required field that is missing is an error.

extension ThriftCompactReader {
    /// Reads a struct: `field` is called with each field's id and type, and must read (or
    /// ``skip(_:)``) its value.
    mutating func readStruct(_ field: (inout ThriftCompactReader, Int16, ThriftType) throws -> Void) throws {
        try beginStruct()
        while let next = try nextField() { try field(&self, next.id, next.type) }
    }

    /// Reads a field's value as an i32, or an error naming the field when its type is not one.
    mutating func i32(_ type: ThriftType, _ name: String) throws -> Int32 {
        guard type == .i32 || type == .i16 || type == .byte else { throw wrongType(name) }
        return type == .byte ? Int32(try readI8()) : try readI32()
    }

    mutating func i64(_ type: ThriftType, _ name: String) throws -> Int64 {
        guard type == .i64 || type == .i32 || type == .i16 else { throw wrongType(name) }
        return try readI64()
    }

    mutating func binary(_ type: ThriftType, _ name: String) throws -> [UInt8] {
        guard type == .binary else { throw wrongType(name) }
        return try readBinary()
    }

    mutating func string(_ type: ThriftType, _ name: String) throws -> String {
        guard type == .binary else { throw wrongType(name) }
        return try readString()
    }

    func bool(_ type: ThriftType, _ name: String) throws -> Bool {
        guard type == .booleanTrue || type == .booleanFalse else { throw wrongType(name) }
        return try readBool(type)
    }

    /// Reads a field's value as a list of `element`s.
    mutating func list<T>(_ type: ThriftType, _ name: String, _ element: (inout ThriftCompactReader, ThriftType) throws -> T) throws -> [T] {
        guard type == .list || type == .set else { throw wrongType(name) }
        return try readList(element)
    }

    /// Reads a field's value as a struct, with `read`, or an error naming the field when its
    /// type is not one.
    mutating func structure<T>(_ type: ThriftType, _ name: String, _ read: (inout ThriftCompactReader) throws -> T) throws -> T {
        guard type == .structure else { throw wrongType(name) }
        return try read(&self)
    }

    /// Reads a field's value as a list of structs, each with `read` (`element` names them in
    /// the error for an element that is not a struct).
    mutating func structures<T>(_ type: ThriftType, _ name: String, element: String,
                                _ read: (inout ThriftCompactReader) throws -> T) throws -> [T] {
        try list(type, name) { r, t in
            guard t == .structure else { throw r.wrongType(element) }
            return try read(&r)
        }
    }

    func wrongType(_ name: String) -> ParquetError {
        ParquetError("malformed Thrift metadata (\(name) has the wrong type)")
    }
}

private func missing(_ field: String, _ structure: String) -> ParquetError {
    ParquetError("malformed metadata (\(structure) lacks \(field))")
}

extension Statistics {
    /// Reads a `Statistics` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: max = try r.binary(type, "Statistics.max")
            case 2: min = try r.binary(type, "Statistics.min")
            case 3: nullCount = try r.i64(type, "Statistics.null_count")
            case 4: distinctCount = try r.i64(type, "Statistics.distinct_count")
            case 5: maxValue = try r.binary(type, "Statistics.max_value")
            case 6: minValue = try r.binary(type, "Statistics.min_value")
            case 7: isMaxValueExact = try r.bool(type, "Statistics.is_max_value_exact")
            case 8: isMinValueExact = try r.bool(type, "Statistics.is_min_value_exact")
            default: try r.skip(type)
            }
        }
    }
}

extension TimeUnit {
    init(thrift r: inout ThriftCompactReader) throws {
        var unit: TimeUnit?
        try r.readStruct { r, id, type in
            switch id {
            case 1: unit = .millis
            case 2: unit = .micros
            case 3: unit = .nanos
            default: break
            }
            try r.skip(type)
        }
        guard let unit else { throw missing("a unit", "TimeUnit") }
        self = unit
    }
}

extension LogicalType {
    /// Reads a `LogicalType` union.
    public init(thrift r: inout ThriftCompactReader) throws {
        var found: LogicalType?
        try r.readStruct { r, id, type in
            guard type == .structure else { return try r.skip(type) }
            switch id {
            case 5:
                var scale: Int32 = 0, precision: Int32 = 0
                try r.readStruct { r, id, type in
                    switch id {
                    case 1: scale = try r.i32(type, "DecimalType.scale")
                    case 2: precision = try r.i32(type, "DecimalType.precision")
                    default: try r.skip(type)
                    }
                }
                found = .decimal(scale: scale, precision: precision)
            case 7, 8:
                var utc = false
                var unit: TimeUnit = .millis
                try r.readStruct { r, id, type in
                    switch id {
                    case 1: utc = try r.bool(type, "isAdjustedToUTC")
                    case 2: unit = try r.structure(type, "unit") { try TimeUnit(thrift: &$0) }
                    default: try r.skip(type)
                    }
                }
                found = id == 7 ? .time(isAdjustedToUTC: utc, unit: unit) : .timestamp(isAdjustedToUTC: utc, unit: unit)
            case 10:
                var width: Int8 = 64
                var signed = true
                try r.readStruct { r, id, type in
                    switch id {
                    case 1:
                        guard type == .byte else { throw r.wrongType("IntType.bitWidth") }
                        width = try r.readI8()
                    case 2: signed = try r.bool(type, "IntType.isSigned")
                    default: try r.skip(type)
                    }
                }
                found = .integer(bitWidth: width, isSigned: signed)
            default:
                try r.skip(type)
                switch id {
                case 1: found = .string
                case 2: found = .map
                case 3: found = .list
                case 4: found = .enumeration
                case 6: found = .date
                case 11: found = .unknown
                case 12: found = .json
                case 13: found = .bson
                case 14: found = .uuid
                case 15: found = .float16
                case 16: found = .variant
                case 17: found = .geometry
                case 18: found = .geography
                default: found = .other(id)
                }
            }
        }
        guard let found else { throw missing("a member", "LogicalType") }
        self = found
    }
}

extension SchemaElement {
    /// Reads a `SchemaElement` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        var named = false
        try r.readStruct { r, id, type in
            switch id {
            case 1: self.type = PhysicalType(rawValue: try r.i32(type, "SchemaElement.type"))
            case 2: typeLength = try r.i32(type, "SchemaElement.type_length")
            case 3: repetitionType = FieldRepetitionType(rawValue: try r.i32(type, "SchemaElement.repetition_type"))
            case 4: name = try r.string(type, "SchemaElement.name"); named = true
            case 5: numChildren = try r.i32(type, "SchemaElement.num_children")
            case 6: convertedType = ConvertedType(rawValue: try r.i32(type, "SchemaElement.converted_type"))
            case 7: scale = try r.i32(type, "SchemaElement.scale")
            case 8: precision = try r.i32(type, "SchemaElement.precision")
            case 9: fieldID = try r.i32(type, "SchemaElement.field_id")
            case 10: logicalType = try r.structure(type, "SchemaElement.logicalType") { try LogicalType(thrift: &$0) }
            default: try r.skip(type)
            }
        }
        guard named else { throw missing("name", "SchemaElement") }
    }
}

extension KeyValue {
    /// Reads a `KeyValue` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: key = try r.string(type, "KeyValue.key")
            case 2: value = try r.string(type, "KeyValue.value")
            default: try r.skip(type)
            }
        }
    }
}

extension ColumnMetaData {
    /// Reads a `ColumnMetaData` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        var seen = Set<Int16>()
        try r.readStruct { r, id, type in
            seen.insert(id)
            switch id {
            case 1: self.type = PhysicalType(rawValue: try r.i32(type, "ColumnMetaData.type"))
            case 2: encodings = try r.list(type, "ColumnMetaData.encodings") { r, t in Encoding(rawValue: try r.i32(t, "encoding")) }
            case 3: pathInSchema = try r.list(type, "ColumnMetaData.path_in_schema") { r, t in try r.string(t, "path") }
            case 4: codec = CompressionCodec(rawValue: try r.i32(type, "ColumnMetaData.codec"))
            case 5: numValues = try r.i64(type, "ColumnMetaData.num_values")
            case 6: totalUncompressedSize = try r.i64(type, "ColumnMetaData.total_uncompressed_size")
            case 7: totalCompressedSize = try r.i64(type, "ColumnMetaData.total_compressed_size")
            case 8:
                keyValueMetadata = try r.structures(type, "ColumnMetaData.key_value_metadata", element: "KeyValue") { try KeyValue(thrift: &$0) }
            case 9: dataPageOffset = try r.i64(type, "ColumnMetaData.data_page_offset")
            case 10: indexPageOffset = try r.i64(type, "ColumnMetaData.index_page_offset")
            case 11: dictionaryPageOffset = try r.i64(type, "ColumnMetaData.dictionary_page_offset")
            case 12: statistics = try r.structure(type, "ColumnMetaData.statistics") { try Statistics(thrift: &$0) }
            default: try r.skip(type)
            }
        }
        for (id, name) in [(1, "type"), (4, "codec"), (5, "num_values"), (9, "data_page_offset")] where !seen.contains(Int16(id)) {
            throw missing(name, "ColumnMetaData")
        }
    }
}

extension ColumnChunk {
    /// Reads a `ColumnChunk` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: filePath = try r.string(type, "ColumnChunk.file_path")
            case 2: fileOffset = try r.i64(type, "ColumnChunk.file_offset")
            case 3: metaData = try r.structure(type, "ColumnChunk.meta_data") { try ColumnMetaData(thrift: &$0) }
            default: try r.skip(type)
            }
        }
    }
}

extension RowGroup {
    /// Reads a `RowGroup` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1:
                columns = try r.structures(type, "RowGroup.columns", element: "ColumnChunk") { try ColumnChunk(thrift: &$0) }
            case 2: totalByteSize = try r.i64(type, "RowGroup.total_byte_size")
            case 3: numRows = try r.i64(type, "RowGroup.num_rows")
            case 5: fileOffset = try r.i64(type, "RowGroup.file_offset")
            case 6: totalCompressedSize = try r.i64(type, "RowGroup.total_compressed_size")
            case 7:
                guard type == .i16 else { throw r.wrongType("RowGroup.ordinal") }
                ordinal = try r.readI16()
            default: try r.skip(type)
            }
        }
    }
}

extension FileMetaData {
    /// Reads a `FileMetaData` struct (a file's footer).
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        var hasSchema = false
        try r.readStruct { r, id, type in
            switch id {
            case 1: version = try r.i32(type, "FileMetaData.version")
            case 2:
                hasSchema = true
                schema = try r.structures(type, "FileMetaData.schema", element: "SchemaElement") { try SchemaElement(thrift: &$0) }
            case 3: numRows = try r.i64(type, "FileMetaData.num_rows")
            case 4:
                rowGroups = try r.structures(type, "FileMetaData.row_groups", element: "RowGroup") { try RowGroup(thrift: &$0) }
            case 5:
                keyValueMetadata = try r.structures(type, "FileMetaData.key_value_metadata", element: "KeyValue") { try KeyValue(thrift: &$0) }
            case 6: createdBy = try r.string(type, "FileMetaData.created_by")
            default: try r.skip(type)
            }
        }
        guard hasSchema, !schema.isEmpty else { throw missing("a schema", "FileMetaData") }
    }
}

extension DataPageHeader {
    /// Reads a `DataPageHeader` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: numValues = try r.i32(type, "DataPageHeader.num_values")
            case 2: encoding = Encoding(rawValue: try r.i32(type, "DataPageHeader.encoding"))
            case 3: definitionLevelEncoding = Encoding(rawValue: try r.i32(type, "DataPageHeader.definition_level_encoding"))
            case 4: repetitionLevelEncoding = Encoding(rawValue: try r.i32(type, "DataPageHeader.repetition_level_encoding"))
            case 5: statistics = try r.structure(type, "DataPageHeader.statistics") { try Statistics(thrift: &$0) }
            default: try r.skip(type)
            }
        }
    }
}

extension DataPageHeaderV2 {
    /// Reads a `DataPageHeaderV2` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: numValues = try r.i32(type, "DataPageHeaderV2.num_values")
            case 2: numNulls = try r.i32(type, "DataPageHeaderV2.num_nulls")
            case 3: numRows = try r.i32(type, "DataPageHeaderV2.num_rows")
            case 4: encoding = Encoding(rawValue: try r.i32(type, "DataPageHeaderV2.encoding"))
            case 5: definitionLevelsByteLength = try r.i32(type, "DataPageHeaderV2.definition_levels_byte_length")
            case 6: repetitionLevelsByteLength = try r.i32(type, "DataPageHeaderV2.repetition_levels_byte_length")
            case 7: isCompressed = try r.bool(type, "DataPageHeaderV2.is_compressed")
            case 8: statistics = try r.structure(type, "DataPageHeaderV2.statistics") { try Statistics(thrift: &$0) }
            default: try r.skip(type)
            }
        }
    }
}

extension DictionaryPageHeader {
    /// Reads a `DictionaryPageHeader` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        try r.readStruct { r, id, type in
            switch id {
            case 1: numValues = try r.i32(type, "DictionaryPageHeader.num_values")
            case 2: encoding = Encoding(rawValue: try r.i32(type, "DictionaryPageHeader.encoding"))
            case 3: isSorted = try r.bool(type, "DictionaryPageHeader.is_sorted")
            default: try r.skip(type)
            }
        }
    }
}

extension PageHeader {
    /// Reads a `PageHeader` struct.
    public init(thrift r: inout ThriftCompactReader) throws {
        self.init()
        var seen = Set<Int16>()
        try r.readStruct { r, id, type in
            seen.insert(id)
            switch id {
            case 1: self.type = PageType(rawValue: try r.i32(type, "PageHeader.type"))
            case 2: uncompressedPageSize = try r.i32(type, "PageHeader.uncompressed_page_size")
            case 3: compressedPageSize = try r.i32(type, "PageHeader.compressed_page_size")
            case 4: crc = try r.i32(type, "PageHeader.crc")
            case 5: dataPageHeader = try r.structure(type, "PageHeader.data_page_header") { try DataPageHeader(thrift: &$0) }
            case 7: dictionaryPageHeader = try r.structure(type, "PageHeader.dictionary_page_header") { try DictionaryPageHeader(thrift: &$0) }
            case 8: dataPageHeaderV2 = try r.structure(type, "PageHeader.data_page_header_v2") { try DataPageHeaderV2(thrift: &$0) }
            default: try r.skip(type)
            }
        }
        for (id, name) in [(1, "type"), (2, "uncompressed_page_size"), (3, "compressed_page_size")] where !seen.contains(Int16(id)) {
            throw missing(name, "PageHeader")
        }
        guard uncompressedPageSize >= 0, compressedPageSize >= 0 else {
            throw ParquetError("malformed page header (a negative page size)")
        }
    }
}
