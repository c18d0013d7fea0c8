/// One column of the row group being written: its definition levels and values as they
/// arrive (fixed-width values already PLAIN-encoded, byte strings one after another and, while
/// it pays, their dictionary), its statistics, and at the end its pages.
struct ColumnChunkBuilder {
    let type: ParquetColumnType
    let name: String
    /// Definition levels, one a row: 1 for a value, 0 for NULL.
    private(set) var levels: [UInt32] = []
    private(set) var nullCount = 0
    /// PLAIN-encoded fixed-width values (booleans one byte each until a page packs them).
    private var fixed: [UInt8] = []
    /// Byte strings: their bytes one after another, and where each ends.
    private var byteValues: [UInt8] = []
    private var byteEnds: [Int] = []
    /// The dictionary and each value's index in it, dropped once it grows too large to pay.
    private var dictionary: ByteArrayDictionary? = ByteArrayDictionary()
    private var indexes: [UInt32] = []
    private var statistics = ValueRange()

    /// A dictionary is given up past this many bytes (so is its chunk's benefit).
    static let maxDictionaryBytes = 1 << 20
    static let maxDictionaryEntries = 1 << 16

    init(type: ParquetColumnType, name: String) {
        self.type = type
        self.name = name
    }

    /// The bytes held so far (for the row group's size limit).
    var heldBytes: Int { levels.count * 4 + fixed.count + byteValues.count + byteEnds.count * 8 + indexes.count * 4 }

    private var valueCount: Int { levels.count - nullCount }

    /// Appends one row's value, converted to the column's type.
    /// - Throws: ``ParquetError`` when the value does not fit the type.
    mutating func append(_ value: ParquetInputValue) throws {
        if case .null = value {
            levels.append(0)
            nullCount += 1
            return
        }
        switch type {
        case .boolean:
            guard case .integer(let v) = value, v == 0 || v == 1 else { throw misfit(value) }
            fixed.append(UInt8(v))
            statistics.add(Int64(v))
        case .int64:
            let v: Int64
            switch value {
            case .integer(let n): v = n
            case .real(let d):
                guard let n = Int64(exactly: d) else { throw misfit(value) }
                v = n
            default: throw misfit(value)
            }
            appendLittleEndian(UInt64(bitPattern: v), bytes: 8)
            statistics.add(v)
        case .double:
            let d: Double
            switch value {
            case .integer(let n): d = Double(n)
            case .real(let r): d = r
            default: throw misfit(value)
            }
            appendLittleEndian(d.bitPattern, bytes: 8)
            statistics.add(d)
        case .date:
            guard case .text(let bytes) = value, let days = DateTimeText.days(bytes) else { throw misfit(value) }
            appendLittleEndian(UInt64(UInt32(bitPattern: days)), bytes: 4)
            statistics.add(Int64(days))
        case .timestamp, .timestampTZ, .time:
            guard case .text(let bytes) = value, let micros = Self.micros(bytes, type) else { throw misfit(value) }
            appendLittleEndian(UInt64(bitPattern: micros), bytes: 8)
            statistics.add(micros)
        case .decimal(let precision, let scale):
            guard let unscaled = DecimalValue.unscaled(value, precision: precision, scale: scale) else { throw misfit(value) }
            switch type.physicalType {
            case .int32, .int64:
                // The precision bounds the value: it fits 32 (or 64) bits.
                let v = Int64(truncatingIfNeeded: unscaled)
                appendLittleEndian(UInt64(bitPattern: v), bytes: type.fixedWidth)
                statistics.add(v)
            default:
                let width = type.fixedWidth
                for k in (0..<width).reversed() { fixed.append(UInt8(truncatingIfNeeded: unscaled >> (8 * k))) }
                statistics.add(wide: unscaled)
            }
        case .string, .binary:
            switch value {
            case .text(let bytes), .blob(let bytes): appendBytes(bytes)
            case .integer(let n): Array(String(n).utf8).withUnsafeBytes { appendBytes($0) }
            case .real(let d): Array("\(d)".utf8).withUnsafeBytes { appendBytes($0) }
            case .null: break
            }
        }
        levels.append(1)
    }

    /// The microseconds a TIMESTAMP, TIMESTAMP WITH TIME ZONE or TIME column stores for a text.
    static func micros(_ bytes: UnsafeRawBufferPointer, _ type: ParquetColumnType) -> Int64? {
        switch type {
        case .timestamp: DateTimeText.micros(bytes)
        case .timestampTZ: DateTimeText.microsUTC(bytes)
        case .time: DateTimeText.timeOfDay(bytes)
        default: nil
        }
    }

    private func misfit(_ value: ParquetInputValue) -> ParquetError {
        let what = switch value {
        case .null: "NULL"
        case .integer(let n): "the integer \(n)"
        case .real(let d): "the real \(d)"
        case .text(let b): "the text '\(String(decoding: b.prefix(40), as: UTF8.self))'"
        case .blob(let b): "a blob of \(b.count) bytes"
        }
        return ParquetError("column \(name) is \(type), and \(what) is not one (the query's values changed type after the column's type was chosen)")
    }

    private mutating func appendLittleEndian(_ value: UInt64, bytes: Int) {
        for k in 0..<bytes { fixed.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    private mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        let index = byteEnds.count
        byteValues.append(contentsOf: bytes)
        byteEnds.append(byteValues.count)
        if let m = statistics.minIndex {
            if lexicographicallyPrecedes(index, m) { statistics.minIndex = index }
        } else {
            statistics.minIndex = index
        }
        if let m = statistics.maxIndex {
            if lexicographicallyPrecedes(m, index) { statistics.maxIndex = index }
        } else {
            statistics.maxIndex = index
        }
        if let i = dictionary?.index(of: bytes) {
            indexes.append(i)
            if let d = dictionary, d.bytes.count > Self.maxDictionaryBytes || d.count > Self.maxDictionaryEntries {
                dictionary = nil
                indexes = []
            }
        }
    }

    /// Whether byte-string value `a` sorts before value `b` (unsigned bytes, as Parquet orders
    /// BYTE_ARRAY).
    private func lexicographicallyPrecedes(_ a: Int, _ b: Int) -> Bool {
        let x = value(a), y = value(b)
        let common = min(x.count, y.count)
        let order = byteValues.withUnsafeBufferPointer { all -> Int in
            guard let base = all.baseAddress else { return 0 }
            return memcmpBytes(base + x.startIndex, base + y.startIndex, common)
        }
        return order != 0 ? order < 0 : x.count < y.count
    }

    /// The bytes of byte-string value `i`.
    private func value(_ i: Int) -> ArraySlice<UInt8> {
        byteValues[(i == 0 ? 0 : byteEnds[i - 1])..<byteEnds[i]]
    }

    // MARK: Pages

    /// The column chunk's pages (a dictionary page first when one is used, then data pages of
    /// version `pageVersion`, 1 or 2), compressed, and
    /// the metadata that describes them (offsets relative to the chunk's first byte).
    func encode(codec: CompressionCodec, pageBytes: Int, pageVersion: Int = 1) throws -> EncodedColumnChunk {
        var chunk = EncodedColumnChunk()
        var metadata = ColumnMetaData()
        metadata.type = type.physicalType
        metadata.pathInSchema = [name]
        metadata.codec = codec
        metadata.numValues = Int64(levels.count)
        var useDictionary = false
        var bitWidth = 1
        if type.isByteArray, let dictionary, dictionary.count > 0 {
            bitWidth = max(1, HybridEncoder.bitWidth(forMax: UInt32(dictionary.count - 1)))
            let plainSize = byteValues.count + 4 * byteEnds.count
            let dictionarySize = dictionary.bytes.count + 4 * dictionary.count + (valueCount * bitWidth + 7) / 8
            useDictionary = dictionarySize * 5 < plainSize * 4
        }
        metadata.encodings = useDictionary ? [.plain, .rle, .rleDictionary] : [.plain, .rle]
        if useDictionary, let dictionary {
            var body: [UInt8] = []
            body.reserveCapacity(dictionary.bytes.count + 4 * dictionary.count)
            for i in 0..<dictionary.count { appendPlainBytes(dictionary.entry(i), to: &body) }
            var header = PageHeader()
            header.type = .dictionaryPage
            var dictionaryHeader = DictionaryPageHeader()
            dictionaryHeader.numValues = Int32(dictionary.count)
            dictionaryHeader.encoding = .plain
            header.dictionaryPageHeader = dictionaryHeader
            metadata.dictionaryPageOffset = 0
            try chunk.addPage(header, body: body, codec: codec)
        }
        metadata.dataPageOffset = Int64(chunk.bytes.count)
        // Pages of about `pageBytes` of values each (at least one row a page; one page for none).
        var row = 0
        var valueIndex = 0
        repeat {
            let firstRow = row
            let firstValue = valueIndex
            var size = 0
            while row < levels.count && (size < pageBytes || row == firstRow) {
                if levels[row] == 1 {
                    size += useDictionary ? 1 : valueSize(valueIndex)
                    valueIndex += 1
                }
                row += 1
                if row - firstRow >= 1 << 20 { break }
            }
            var levelBody: [UInt8] = []
            HybridEncoder.encode(levels[firstRow..<row], bitWidth: 1, into: &levelBody)
            var values: [UInt8] = []
            if useDictionary {
                values.append(UInt8(bitWidth))
                HybridEncoder.encode(indexes[firstValue..<valueIndex], bitWidth: bitWidth, into: &values)
            } else {
                try appendPlainValues(firstValue..<valueIndex, to: &values)
            }
            let encoding: Encoding = useDictionary ? .rleDictionary : .plain
            var header = PageHeader()
            if pageVersion == 2 {
                // Levels first, without a length prefix and never compressed; then the values.
                header.type = .dataPageV2
                var dataHeader = DataPageHeaderV2()
                dataHeader.numValues = Int32(row - firstRow)
                dataHeader.numRows = Int32(row - firstRow)
                dataHeader.numNulls = Int32(row - firstRow - (valueIndex - firstValue))
                dataHeader.encoding = encoding
                dataHeader.definitionLevelsByteLength = Int32(levelBody.count)
                dataHeader.repetitionLevelsByteLength = 0
                dataHeader.isCompressed = codec != .uncompressed
                header.dataPageHeaderV2 = dataHeader
                try chunk.addPage(header, levels: levelBody, values: values, codec: codec)
            } else {
                // A 4-byte length before the levels, then the values, all compressed.
                let levelBytes = UInt32(levelBody.count)
                var body = (0..<4).map { UInt8(truncatingIfNeeded: levelBytes >> (8 * UInt32($0))) }
                body.reserveCapacity(4 + levelBody.count + values.count)
                body += levelBody
                body += values
                header.type = .dataPage
                var dataHeader = DataPageHeader()
                dataHeader.numValues = Int32(row - firstRow)
                dataHeader.encoding = encoding
                header.dataPageHeader = dataHeader
                try chunk.addPage(header, body: body, codec: codec)
            }
        } while row < levels.count
        metadata.totalCompressedSize = Int64(chunk.bytes.count)
        metadata.totalUncompressedSize = chunk.uncompressedSize
        metadata.statistics = statistics.encoded(type: type, nullCount: nullCount,
                                                    min: statistics.minIndex.map { value($0) },
                                                    max: statistics.maxIndex.map { value($0) })
        chunk.metadata = metadata
        return chunk
    }

    /// The PLAIN size of value `i`.
    private func valueSize(_ i: Int) -> Int {
        type.isByteArray ? 4 + (byteEnds[i] - (i == 0 ? 0 : byteEnds[i - 1])) : type.fixedWidth
    }

    private func appendPlainValues(_ range: Range<Int>, to body: inout [UInt8]) throws {
        switch type {
        case .boolean:
            var byte: UInt8 = 0
            for (k, i) in range.enumerated() {
                byte |= fixed[i] << UInt8(k % 8)
                if k % 8 == 7 { body.append(byte); byte = 0 }
            }
            if range.count % 8 != 0 { body.append(byte) }
        case .string, .binary:
            for i in range { appendPlainBytes(value(i), to: &body) }
        case .date, .int64, .double, .timestamp, .timestampTZ, .time, .decimal:
            let width = type.fixedWidth
            body.append(contentsOf: fixed[(range.lowerBound * width)..<(range.upperBound * width)])
        }
    }

    private func appendPlainBytes(_ bytes: ArraySlice<UInt8>, to body: inout [UInt8]) {
        let n = UInt32(truncatingIfNeeded: bytes.count)
        for k in 0..<4 { body.append(UInt8(truncatingIfNeeded: n >> (8 * UInt32(k)))) }
        body.append(contentsOf: bytes)
    }
}

/// A column chunk's pages, ready to write, and its metadata (offsets from the chunk's start).
struct EncodedColumnChunk {
    var bytes: [UInt8] = []
    var uncompressedSize: Int64 = 0
    var metadata = ColumnMetaData()

    /// Compresses `body` and appends it after `header` (whose sizes it fills in).
    mutating func addPage(_ header: PageHeader, body: [UInt8], codec: CompressionCodec) throws {
        guard let uncompressed = Int32(exactly: body.count) else {
            throw ParquetError("a page of \(body.count) bytes, more than a Parquet page holds (2 GB)")
        }
        let compressed = try PageCompression.compress(codec, body)
        guard let compressedSize = Int32(exactly: compressed.count) else {
            throw ParquetError("a page of \(compressed.count) bytes compressed, more than a Parquet page holds (2 GB)")
        }
        var header = header
        header.uncompressedPageSize = uncompressed
        header.compressedPageSize = compressedSize
        let headerBytes = header.encoded()
        bytes.append(contentsOf: headerBytes)
        bytes.append(contentsOf: compressed)
        uncompressedSize += Int64(headerBytes.count + body.count)
    }

    /// Appends a DATA_PAGE_V2 after `header` (whose sizes it fills in): the levels as they are,
    /// then the values, compressed unless the codec is UNCOMPRESSED.
    mutating func addPage(_ header: PageHeader, levels: [UInt8], values: [UInt8], codec: CompressionCodec) throws {
        let total = levels.count + values.count
        guard let uncompressed = Int32(exactly: total) else {
            throw ParquetError("a page of \(total) bytes, more than a Parquet page holds (2 GB)")
        }
        let compressed = try PageCompression.compress(codec, values)
        guard let compressedSize = Int32(exactly: levels.count + compressed.count) else {
            throw ParquetError("a page of \(levels.count + compressed.count) bytes compressed, more than a Parquet page holds (2 GB)")
        }
        var header = header
        header.uncompressedPageSize = uncompressed
        header.compressedPageSize = compressedSize
        let headerBytes = header.encoded()
        bytes.append(contentsOf: headerBytes)
        bytes.append(contentsOf: levels)
        bytes.append(contentsOf: compressed)
        uncompressedSize += Int64(headerBytes.count + total)
    }
}
