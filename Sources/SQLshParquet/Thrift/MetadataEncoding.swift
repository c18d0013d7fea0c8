// Writing Parquet's metadata structs in Thrift's compact protocol (the inverse of
// MetadataDecoding.swift): the fields a writer sets, nil ones left out.

extension Statistics {
    /// Writes the struct's fields (between ``ThriftCompactWriter/beginStruct()`` and its end).
    func encodeFields(_ w: inout ThriftCompactWriter) {
        if let max { w.fieldBinary(1, max) }
        if let min { w.fieldBinary(2, min) }
        if let nullCount { w.fieldI64(3, nullCount) }
        if let distinctCount { w.fieldI64(4, distinctCount) }
        if let maxValue { w.fieldBinary(5, maxValue) }
        if let minValue { w.fieldBinary(6, minValue) }
        if let isMaxValueExact { w.fieldBool(7, isMaxValueExact) }
        if let isMinValueExact { w.fieldBool(8, isMinValueExact) }
    }
}

extension TimeUnit {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        let id: Int16 = switch self {
        case .millis: 1
        case .micros: 2
        case .nanos: 3
        }
        w.fieldStruct(id) { _ in }
    }
}

extension LogicalType {
    /// Writes the union's member, or nothing for a member this model cannot write.
    func encodeFields(_ w: inout ThriftCompactWriter) {
        switch self {
        case .string: w.fieldStruct(1) { _ in }
        case .map: w.fieldStruct(2) { _ in }
        case .list: w.fieldStruct(3) { _ in }
        case .enumeration: w.fieldStruct(4) { _ in }
        case .decimal(let scale, let precision):
            w.fieldStruct(5) { w in
                w.fieldI32(1, scale)
                w.fieldI32(2, precision)
            }
        case .date: w.fieldStruct(6) { _ in }
        case .time(let utc, let unit), .timestamp(let utc, let unit):
            let isTime = if case .time = self { true } else { false }
            w.fieldStruct(isTime ? 7 : 8) { w in
                w.fieldBool(1, utc)
                w.fieldStruct(2) { w in unit.encodeFields(&w) }
            }
        case .integer(let bitWidth, let isSigned):
            w.fieldStruct(10) { w in
                w.fieldByte(1, bitWidth)
                w.fieldBool(2, isSigned)
            }
        case .unknown: w.fieldStruct(11) { _ in }
        case .json: w.fieldStruct(12) { _ in }
        case .bson: w.fieldStruct(13) { _ in }
        case .uuid: w.fieldStruct(14) { _ in }
        case .float16: w.fieldStruct(15) { _ in }
        case .variant, .geometry, .geography, .other: break
        }
    }
}

extension SchemaElement {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        if let type { w.fieldI32(1, type.rawValue) }
        if let typeLength { w.fieldI32(2, typeLength) }
        if let repetitionType { w.fieldI32(3, repetitionType.rawValue) }
        w.fieldString(4, name)
        if let numChildren { w.fieldI32(5, numChildren) }
        if let convertedType { w.fieldI32(6, convertedType.rawValue) }
        if let scale { w.fieldI32(7, scale) }
        if let precision { w.fieldI32(8, precision) }
        if let fieldID { w.fieldI32(9, fieldID) }
        if let logicalType { w.fieldStruct(10) { w in logicalType.encodeFields(&w) } }
    }
}

extension KeyValue {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        w.fieldString(1, key)
        if let value { w.fieldString(2, value) }
    }
}

extension ColumnMetaData {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        w.fieldI32(1, type.rawValue)
        w.fieldList(2, .i32, encodings) { w, e in w.writeI64(Int64(e.rawValue)) }
        w.fieldList(3, .binary, pathInSchema) { w, name in w.writeBinary(Array(name.utf8)) }
        w.fieldI32(4, codec.rawValue)
        w.fieldI64(5, numValues)
        w.fieldI64(6, totalUncompressedSize)
        w.fieldI64(7, totalCompressedSize)
        if let keyValueMetadata {
            w.fieldList(8, .structure, keyValueMetadata) { w, kv in w.elementStruct { w in kv.encodeFields(&w) } }
        }
        w.fieldI64(9, dataPageOffset)
        if let indexPageOffset { w.fieldI64(10, indexPageOffset) }
        if let dictionaryPageOffset { w.fieldI64(11, dictionaryPageOffset) }
        if let statistics { w.fieldStruct(12) { w in statistics.encodeFields(&w) } }
    }
}

extension ColumnChunk {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        if let filePath { w.fieldString(1, filePath) }
        w.fieldI64(2, fileOffset)
        if let metaData { w.fieldStruct(3) { w in metaData.encodeFields(&w) } }
    }
}

extension RowGroup {
    func encodeFields(_ w: inout ThriftCompactWriter) {
        w.fieldList(1, .structure, columns) { w, c in w.elementStruct { w in c.encodeFields(&w) } }
        w.fieldI64(2, totalByteSize)
        w.fieldI64(3, numRows)
        if let fileOffset { w.fieldI64(5, fileOffset) }
        if let totalCompressedSize { w.fieldI64(6, totalCompressedSize) }
        if let ordinal {
            w.fieldHeader(7, .i16)
            w.writeI64(Int64(ordinal))
        }
    }
}

extension FileMetaData {
    /// The footer's bytes. With `typeDefinedColumnOrders`, every leaf column is said to be
    /// ordered as its type defines (what makes readers trust `min_value`/`max_value`).
    public func encoded(typeDefinedColumnOrders: Bool = true) -> [UInt8] {
        var w = ThriftCompactWriter()
        w.beginStruct()
        w.fieldI32(1, version)
        w.fieldList(2, .structure, schema) { w, e in w.elementStruct { w in e.encodeFields(&w) } }
        w.fieldI64(3, numRows)
        w.fieldList(4, .structure, rowGroups) { w, g in w.elementStruct { w in g.encodeFields(&w) } }
        if let keyValueMetadata {
            w.fieldList(5, .structure, keyValueMetadata) { w, kv in w.elementStruct { w in kv.encodeFields(&w) } }
        }
        if let createdBy { w.fieldString(6, createdBy) }
        if typeDefinedColumnOrders {
            let leaves = schema.filter { $0.type != nil }.count
            w.fieldList(7, .structure, Array(repeating: (), count: leaves)) { w, _ in
                w.elementStruct { w in w.fieldStruct(1) { _ in } }
            }
        }
        w.endStruct()
        return w.bytes
    }
}

extension PageHeader {
    /// The header's bytes.
    public func encoded() -> [UInt8] {
        var w = ThriftCompactWriter()
        w.beginStruct()
        w.fieldI32(1, type.rawValue)
        w.fieldI32(2, uncompressedPageSize)
        w.fieldI32(3, compressedPageSize)
        if let crc { w.fieldI32(4, crc) }
        if let h = dataPageHeader {
            w.fieldStruct(5) { w in
                w.fieldI32(1, h.numValues)
                w.fieldI32(2, h.encoding.rawValue)
                w.fieldI32(3, h.definitionLevelEncoding.rawValue)
                w.fieldI32(4, h.repetitionLevelEncoding.rawValue)
                if let s = h.statistics { w.fieldStruct(5) { w in s.encodeFields(&w) } }
            }
        }
        if let h = dictionaryPageHeader {
            w.fieldStruct(7) { w in
                w.fieldI32(1, h.numValues)
                w.fieldI32(2, h.encoding.rawValue)
                if let sorted = h.isSorted { w.fieldBool(3, sorted) }
            }
        }
        if let h = dataPageHeaderV2 {
            w.fieldStruct(8) { w in
                w.fieldI32(1, h.numValues)
                w.fieldI32(2, h.numNulls)
                w.fieldI32(3, h.numRows)
                w.fieldI32(4, h.encoding.rawValue)
                w.fieldI32(5, h.definitionLevelsByteLength)
                w.fieldI32(6, h.repetitionLevelsByteLength)
                w.fieldBool(7, h.isCompressed)
                if let s = h.statistics { w.fieldStruct(8) { w in s.encodeFields(&w) } }
            }
        }
        w.endStruct()
        return w.bytes
    }
}
