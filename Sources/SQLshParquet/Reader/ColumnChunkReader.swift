/// One column chunk, decoded: its levels (empty when the column cannot have them) and its
/// non-null values, in order.
public struct DecodedColumn: Sendable {
    public var values: ColumnValues
    /// One per level entry, when the column's maximum definition level is above 0.
    public var definitionLevels: [UInt8]
    /// One per level entry, when the column's maximum repetition level is above 0.
    public var repetitionLevels: [UInt8]
    /// How many level entries (values and nulls, and empty lists).
    public var levelCount: Int
}

/// Decodes the pages of one column chunk: the dictionary page, data pages v1 and v2 (levels
/// RLE-encoded), every value encoding ``ValueDecoder`` reads.
struct ColumnChunkReader {
    let leaf: SchemaNode
    let meta: ColumnMetaData
    let limits: ParquetLimits
    let decoder: ValueDecoder
    let maxDefinition: Int
    let maxRepetition: Int

    private var dictionary: ColumnValues?
    private var values: ColumnValues
    private var definitions: [UInt8] = []
    private var repetitions: [UInt8] = []
    private var levelCount = 0

    init(leaf: SchemaNode, meta: ColumnMetaData, limits: ParquetLimits) throws {
        self.leaf = leaf
        self.meta = meta
        self.limits = limits
        guard let type = leaf.element.type else { throw ParquetError("a leaf without a type") }
        decoder = try ValueDecoder(type: type, typeLength: leaf.element.typeLength, maxValueLength: limits.maxValueLength)
        maxDefinition = leaf.definitionLevel
        maxRepetition = leaf.repetitionLevel
        values = .empty(type)
    }

    mutating func decode(_ chunk: [UInt8], interrupted: () -> Bool) throws -> DecodedColumn {
        var position = 0
        let expected = Int(meta.numValues)
        while position < chunk.count && levelCount < expected {
            if interrupted() { throw ParquetInterrupted() }
            var reader = ThriftCompactReader(chunk, start: position)
            let header: PageHeader
            do {
                header = try PageHeader(thrift: &reader)
            } catch let error as ParquetError {
                throw ParquetError("a corrupt page header at chunk offset \(position): \(error.message)")
            }
            let dataStart = reader.position
            let compressed = Int(header.compressedPageSize)
            guard compressed <= chunk.count - dataStart else {
                throw ParquetError("a page of \(compressed) bytes, past the end of its column chunk")
            }
            let page = chunk.withUnsafeBytes { UnsafeRawBufferPointer(rebasing: $0[dataStart..<(dataStart + compressed)]) }
            position = dataStart + compressed
            switch header.type {
            case .dictionaryPage:
                try readDictionary(header, chunk, dataStart, compressed)
            case .dataPage:
                try readV1(header, chunk, dataStart, compressed, expected: expected)
            case .dataPageV2:
                try readV2(header, chunk, dataStart, compressed, expected: expected)
            default:
                _ = page  // index pages and unknown kinds are skipped
            }
        }
        guard levelCount == expected else {
            throw ParquetError("the column chunk holds \(levelCount) values, its metadata says \(expected)")
        }
        return DecodedColumn(values: values, definitionLevels: definitions, repetitionLevels: repetitions, levelCount: levelCount)
    }

    private func decompress(_ chunk: [UInt8], _ start: Int, _ count: Int, uncompressedSize: Int) throws -> [UInt8] {
        try chunk.withUnsafeBytes { all in
            try PageCompression.decompress(meta.codec, UnsafeRawBufferPointer(rebasing: all[start..<(start + count)]),
                                           uncompressedSize: uncompressedSize, limit: limits.maxValueLength)
        }
    }

    private mutating func readDictionary(_ header: PageHeader, _ chunk: [UInt8], _ start: Int, _ count: Int) throws {
        guard let dict = header.dictionaryPageHeader else { throw ParquetError("a dictionary page without its header") }
        guard dictionary == nil, levelCount == 0 else { throw ParquetError("a second dictionary page, or one after data pages") }
        guard dict.encoding == .plain || dict.encoding == .plainDictionary else {
            throw ParquetError("a dictionary page encoded as \(dict.encoding)")
        }
        guard dict.numValues >= 0 else { throw ParquetError("a dictionary page with a negative value count") }
        let page = try decompress(chunk, start, count, uncompressedSize: Int(header.uncompressedPageSize))
        var decoded = values
        if case .bytes = decoded { decoded = .bytes(ByteArrays()) }
        try decoder.decode(.plain, page, from: 0, count: Int(dict.numValues), dictionary: nil, into: &decoded)
        dictionary = decoded
        // The chunk's byte-array values start with the dictionary's buffers, which its
        // dictionary-encoded values point into.
        if case .bytes(let d) = decoded { values = .bytes(ByteArrays(buffers: d.buffers, refs: [])) }
    }

    /// Checks a page's level count against what the chunk still expects.
    private func checkCount(_ n: Int32, expected: Int) throws -> Int {
        guard n >= 0, Int(n) <= expected - levelCount else {
            throw ParquetError("a page of \(n) values, more than its column chunk has left (\(expected - levelCount))")
        }
        return Int(n)
    }

    /// Decodes `count` levels of maximum `max` (RLE/bit-packed hybrid) into `out`.
    private func levels(_ bytes: UnsafeRawBufferPointer, max: Int, count: Int, into out: inout [UInt8]) throws {
        var decoded: [UInt32] = []
        let width = max == 0 ? 0 : (Int.bitWidth - max.leadingZeroBitCount)
        try RLEHybrid.decode(bytes, bitWidth: width, count: count, into: &decoded)
        out.reserveCapacity(out.count + count)
        for level in decoded {
            guard level <= UInt32(max) else {
                throw ParquetError("a level of \(level) where the schema allows at most \(max)")
            }
            out.append(UInt8(level))
        }
    }

    /// The non-null values among the last `count` definition levels.
    private func presentCount(_ count: Int) -> Int {
        guard maxDefinition > 0 else { return count }
        let top = UInt8(maxDefinition)
        var n = 0
        for level in definitions[(definitions.count - count)...] where level == top { n += 1 }
        return n
    }

    private mutating func readV1(_ header: PageHeader, _ chunk: [UInt8], _ start: Int, _ count: Int, expected: Int) throws {
        guard let data = header.dataPageHeader else { throw ParquetError("a data page without its header") }
        let n = try checkCount(data.numValues, expected: expected)
        let page = try decompress(chunk, start, count, uncompressedSize: Int(header.uncompressedPageSize))
        var offset = 0
        try page.withUnsafeBytes { bytes in
            var cursor = ByteCursor(bytes)
            if maxRepetition > 0 {
                guard data.repetitionLevelEncoding == .rle else {
                    throw ParquetError("repetition levels encoded as \(data.repetitionLevelEncoding), which is not supported")
                }
                let length = Int(try cursor.uint32())
                try levels(try cursor.take(length), max: maxRepetition, count: n, into: &repetitions)
            }
            if maxDefinition > 0 {
                guard data.definitionLevelEncoding == .rle else {
                    throw ParquetError("definition levels encoded as \(data.definitionLevelEncoding), which is not supported")
                }
                let length = Int(try cursor.uint32())
                try levels(try cursor.take(length), max: maxDefinition, count: n, into: &definitions)
            }
            offset = cursor.position
        }
        try checkFirstRepetition(n)
        let present = presentCount(n)
        try decoder.decode(data.encoding, page, from: offset, count: present, dictionary: dictionary, into: &values)
        levelCount += n
    }

    private mutating func readV2(_ header: PageHeader, _ chunk: [UInt8], _ start: Int, _ count: Int, expected: Int) throws {
        guard let data = header.dataPageHeaderV2 else { throw ParquetError("a data page (v2) without its header") }
        let n = try checkCount(data.numValues, expected: expected)
        let repLength = Int(data.repetitionLevelsByteLength)
        let defLength = Int(data.definitionLevelsByteLength)
        guard repLength >= 0, defLength >= 0, repLength + defLength <= count,
              repLength + defLength <= Int(header.uncompressedPageSize) else {
            throw ParquetError("a data page (v2) whose level lengths (\(repLength), \(defLength)) exceed the page")
        }
        try chunk.withUnsafeBytes { all in
            let levelBytes = UnsafeRawBufferPointer(rebasing: all[start..<(start + repLength + defLength)])
            if maxRepetition > 0 {
                try levels(UnsafeRawBufferPointer(rebasing: levelBytes[0..<repLength]), max: maxRepetition, count: n, into: &repetitions)
            }
            if maxDefinition > 0 {
                try levels(UnsafeRawBufferPointer(rebasing: levelBytes[repLength...]), max: maxDefinition, count: n, into: &definitions)
            }
        }
        try checkFirstRepetition(n)
        let valuesStart = start + repLength + defLength
        let valuesCount = count - repLength - defLength
        let uncompressed = Int(header.uncompressedPageSize) - repLength - defLength
        let page: [UInt8]
        if data.isCompressed && meta.codec != .uncompressed {
            page = try decompress(chunk, valuesStart, valuesCount, uncompressedSize: uncompressed)
        } else {
            guard valuesCount <= limits.maxValueLength else {
                throw ParquetError("a page of \(valuesCount) bytes, more than the limit (\(limits.maxValueLength))")
            }
            page = Array(chunk[valuesStart..<(valuesStart + valuesCount)])
        }
        let present = presentCount(n)
        if maxDefinition > 0, data.numNulls >= 0, present != n - Int(data.numNulls), maxRepetition == 0 {
            throw ParquetError("a data page (v2) whose null count (\(data.numNulls)) disagrees with its levels")
        }
        try decoder.decode(data.encoding, page, from: 0, count: present, dictionary: dictionary, into: &values)
        levelCount += n
    }

    /// A chunk's first entry starts a row.
    private func checkFirstRepetition(_ n: Int) throws {
        if maxRepetition > 0, levelCount == 0, n > 0, repetitions.first != 0 {
            throw ParquetError("a column chunk whose first repetition level is not 0")
        }
    }
}
