@testable import SQLshParquet

/// A small decoder of the files ``ParquetFileWriter`` writes (flat OPTIONAL columns, data
/// pages v1, PLAIN or RLE_DICTIONARY values), for the writer's round-trip tests.
struct WrittenFileDecoder {
    enum Value: Equatable {
        case null, bool(Bool), int32(Int32), int64(Int64), double(Double), bytes([UInt8])
    }

    let bytes: [UInt8]
    let metadata: FileMetaData

    init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("PAR1".utf8), Array(bytes.suffix(4)) == Array("PAR1".utf8) else {
            throw ParquetError("not a Parquet file")
        }
        let n = bytes.count
        let length = Int(bytes[n - 8]) | Int(bytes[n - 7]) << 8 | Int(bytes[n - 6]) << 16 | Int(bytes[n - 5]) << 24
        var reader = ThriftCompactReader(bytes, start: n - 8 - length, end: n - 8)
        metadata = try FileMetaData(thrift: &reader)
    }

    /// Every column's values, row groups one after another.
    func columns() throws -> [[Value]] {
        let leaves = metadata.schema.filter { $0.type != nil }
        var out = Array(repeating: [Value](), count: leaves.count)
        for group in metadata.rowGroups {
            for (c, chunk) in group.columns.enumerated() {
                guard let meta = chunk.metaData else { throw ParquetError("no metadata") }
                out[c] += try decodeChunk(meta)
            }
        }
        return out
    }

    private func decodeChunk(_ meta: ColumnMetaData) throws -> [Value] {
        var position = Int(meta.dictionaryPageOffset ?? meta.dataPageOffset)
        let end = position + Int(meta.totalCompressedSize)
        var dictionary: [Value] = []
        var values: [Value] = []
        while position < end {
            var reader = ThriftCompactReader(bytes, start: position, end: end)
            let header = try PageHeader(thrift: &reader)
            position = reader.position
            let page = try bytes[position..<(position + Int(header.compressedPageSize))].withUnsafeBytes {
                try PageCompression.decompress(meta.codec, $0, uncompressedSize: Int(header.uncompressedPageSize), limit: 1 << 30)
            }
            position += Int(header.compressedPageSize)
            if header.type == .dictionaryPage {
                var p = 0
                dictionary = try plain(page, &p, meta.type, count: Int(header.dictionaryPageHeader?.numValues ?? 0))
                continue
            }
            guard let data = header.dataPageHeader else { throw ParquetError("not a v1 data page") }
            let count = Int(data.numValues)
            let levelLength = Int(page[0]) | Int(page[1]) << 8 | Int(page[2]) << 16 | Int(page[3]) << 24
            let levels = try hybrid(Array(page[4..<(4 + levelLength)]), bitWidth: 1, count: count)
            var p = 4 + levelLength
            let defined = levels.filter { $0 == 1 }.count
            let decoded: [Value]
            if data.encoding == .rleDictionary {
                let width = Int(page[p])
                let indexes = try hybrid(Array(page[(p + 1)...]), bitWidth: width, count: defined)
                decoded = try indexes.map {
                    guard Int($0) < dictionary.count else { throw ParquetError("index out of range") }
                    return dictionary[Int($0)]
                }
            } else {
                decoded = try plain(page, &p, meta.type, count: defined)
            }
            var k = 0
            for level in levels {
                if level == 1 { values.append(decoded[k]); k += 1 } else { values.append(.null) }
            }
        }
        return values
    }

    private func plain(_ page: [UInt8], _ p: inout Int, _ type: PhysicalType, count: Int) throws -> [Value] {
        func le(_ width: Int) -> UInt64 {
            var v: UInt64 = 0
            for k in 0..<width { v |= UInt64(page[p + k]) << (8 * UInt64(k)) }
            p += width
            return v
        }
        var out: [Value] = []
        for i in 0..<count {
            switch type {
            case .boolean: out.append(.bool(page[p + i / 8] >> UInt8(i % 8) & 1 == 1))
            case .int32: out.append(.int32(Int32(truncatingIfNeeded: le(4))))
            case .int64: out.append(.int64(Int64(bitPattern: le(8))))
            case .double: out.append(.double(Double(bitPattern: le(8))))
            default:
                let n = Int(le(4))
                out.append(.bytes(Array(page[p..<(p + n)])))
                p += n
            }
        }
        if type == .boolean { p += (count + 7) / 8 }
        return out
    }

    /// Decodes `count` values of the RLE/bit-packed hybrid.
    func hybrid(_ data: [UInt8], bitWidth: Int, count: Int) throws -> [UInt32] {
        var out: [UInt32] = []
        var p = 0
        while out.count < count {
            var header: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard p < data.count else { throw ParquetError("truncated levels") }
                let b = data[p]; p += 1
                header |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { break }
                shift += 7
            }
            if header & 1 == 0 {
                var v: UInt32 = 0
                for k in 0..<((bitWidth + 7) / 8) { v |= UInt32(data[p + k]) << (8 * UInt32(k)) }
                p += (bitWidth + 7) / 8
                out += Array(repeating: v, count: Int(header >> 1))
            } else {
                let n = Int(header >> 1) * 8
                var bit = 0
                for _ in 0..<n {
                    var v: UInt32 = 0
                    for b in 0..<bitWidth {
                        let at = bit + b
                        if data[p + at / 8] >> UInt8(at % 8) & 1 == 1 { v |= 1 << UInt32(b) }
                    }
                    bit += bitWidth
                    out.append(v)
                }
                p += n * bitWidth / 8
            }
        }
        return Array(out.prefix(count))
    }
}
