/// Decodes a data page's (or a dictionary page's) values into a chunk's ``ColumnValues``:
/// PLAIN, the dictionary encodings' indexes, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
/// DELTA_BYTE_ARRAY and BYTE_STREAM_SPLIT. Every length is checked against the page.
struct ValueDecoder {
    let type: PhysicalType
    /// FIXED_LEN_BYTE_ARRAY's width (12 for INT96).
    let width: Int
    /// The longest byte-array value accepted.
    let maxValueLength: Int

    init(type: PhysicalType, typeLength: Int32?, maxValueLength: Int) throws {
        self.type = type
        self.maxValueLength = maxValueLength
        switch type {
        case .int96: width = 12
        case .fixedLenByteArray:
            guard let length = typeLength, length > 0 else {
                throw ParquetError("a FIXED_LEN_BYTE_ARRAY column without a positive type_length")
            }
            width = Int(length)
        case .boolean, .int32, .int64, .float, .double, .byteArray: width = 0
        default: throw ParquetError("a column of unknown physical type \(type.rawValue)")
        }
    }

    /// Decodes `count` values of `encoding` from `page` (whose bytes are kept in the store,
    /// for byte arrays, as buffer number `bufferIndex`), appending them to `values`.
    func decode(_ encoding: Encoding, _ page: [UInt8], from start: Int, count: Int, dictionary: ColumnValues?,
                into values: inout ColumnValues) throws {
        try page.withUnsafeBytes { all in
            let bytes = UnsafeRawBufferPointer(rebasing: all[start...])
            switch encoding {
            case .plain:
                try plain(bytes, page, start, count, into: &values)
            case .plainDictionary, .rleDictionary:
                guard let dictionary else { throw ParquetError("a dictionary-encoded page without a dictionary page") }
                try dictionaryIndexes(bytes, count, dictionary, into: &values)
            case .deltaBinaryPacked:
                var cursor = ByteCursor(bytes)
                let decoded = try DeltaBinaryPacked.decode(&cursor, maxCount: count)
                guard decoded.count == count else { throw mismatch(encoding, decoded.count, count) }
                switch (type, values) {
                case (.int32, .int32(var v)):
                    values = .int32([])
                    v.append(contentsOf: decoded.lazy.map { Int32(truncatingIfNeeded: $0) })
                    values = .int32(v)
                case (.int64, .int64(var v)):
                    values = .int64([])
                    v.append(contentsOf: decoded)
                    values = .int64(v)
                default: throw unsupported(encoding)
                }
            case .deltaLengthByteArray:
                guard type == .byteArray else { throw unsupported(encoding) }
                var cursor = ByteCursor(bytes)
                let lengths = try DeltaBinaryPacked.decode(&cursor, maxCount: count)
                guard lengths.count == count else { throw mismatch(encoding, lengths.count, count) }
                try appendRefs(lengths: lengths, page: page, dataStart: start + cursor.position, into: &values)
            case .deltaByteArray:
                guard type == .byteArray || type == .fixedLenByteArray else { throw unsupported(encoding) }
                try deltaByteArray(bytes, count, into: &values)
            case .byteStreamSplit:
                try byteStreamSplit(bytes, count, into: &values)
            case .rle where type == .boolean:
                // Booleans as RLE/bit-packed runs of width 1, after a 4-byte length.
                var cursor = ByteCursor(bytes)
                let length = Int(try cursor.uint32())
                var bits: [UInt32] = []
                try RLEHybrid.decode(try cursor.take(length), bitWidth: 1, count: count, into: &bits)
                guard case .booleans(var v) = values else { throw unsupported(encoding) }
                values = .int32([])
                v.append(contentsOf: bits.lazy.map { $0 != 0 })
                values = .booleans(v)
            default:
                throw unsupported(encoding)
            }
        }
    }

    private func unsupported(_ encoding: Encoding) -> ParquetError {
        ParquetError("\(type) values encoded as \(encoding), which is not supported")
    }

    private func mismatch(_ encoding: Encoding, _ got: Int, _ wanted: Int) -> ParquetError {
        ParquetError("a malformed \(encoding) page (\(got) values where \(wanted) were expected)")
    }

    private func need(_ bytes: UnsafeRawBufferPointer, _ count: Int, _ size: Int) throws {
        let (total, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, total <= bytes.count else {
            throw ParquetError("a truncated page (\(count) values of \(size) bytes, \(bytes.count) bytes left)")
        }
    }

    private func plain(_ bytes: UnsafeRawBufferPointer, _ page: [UInt8], _ start: Int, _ count: Int, into values: inout ColumnValues) throws {
        switch values {
        case .booleans(var v):
            try need(bytes, (count + 7) / 8, 1)
            values = .booleans([])
            v.reserveCapacity(v.count + count)
            for i in 0..<count { v.append(bytes[i >> 3] >> UInt8(i & 7) & 1 == 1) }
            values = .booleans(v)
        case .int32(var v):
            try need(bytes, count, 4)
            values = .int32([])
            v.reserveCapacity(v.count + count)
            for i in 0..<count { v.append(Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: Int32.self))) }
            values = .int32(v)
        case .int64(var v):
            try need(bytes, count, 8)
            values = .int64([])
            v.reserveCapacity(v.count + count)
            for i in 0..<count { v.append(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: Int64.self))) }
            values = .int64(v)
        case .float(var v):
            try need(bytes, count, 4)
            values = .float([])
            v.reserveCapacity(v.count + count)
            for i in 0..<count { v.append(Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))) }
            values = .float(v)
        case .double(var v):
            try need(bytes, count, 8)
            values = .double([])
            v.reserveCapacity(v.count + count)
            for i in 0..<count { v.append(Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)))) }
            values = .double(v)
        case .bytes(var v):
            // Each value takes at least 4 bytes (its length) or its width: checked before
            // anything is reserved.
            try need(bytes, count, width > 0 ? width : 4)
            values = .booleans([])
            let buffer = try bufferIndex(&v, page)
            v.refs.reserveCapacity(v.refs.count + count)
            if width > 0 {
                try need(bytes, count, width)
                for i in 0..<count {
                    v.refs.append(ByteRef(buffer: buffer, offset: Int32(start + i * width), count: Int32(width)))
                }
            } else {
                var cursor = ByteCursor(bytes)
                for _ in 0..<count {
                    let length = Int(try cursor.uint32())
                    guard length <= cursor.remaining else {
                        throw ParquetError("a truncated page (a value of \(length) bytes, \(cursor.remaining) left)")
                    }
                    guard length <= maxValueLength else { throw tooLong(length) }
                    v.refs.append(ByteRef(buffer: buffer, offset: Int32(start + cursor.position), count: Int32(length)))
                    cursor.position += length
                }
            }
            values = .bytes(v)
        }
    }

    private func tooLong(_ length: Int) -> ParquetError {
        ParquetError("a value of \(length) bytes, longer than the length limit (\(maxValueLength))")
    }

    /// The number of `page` among the store's buffers (added when it is not there yet).
    private func bufferIndex(_ v: inout ByteArrays, _ page: [UInt8]) throws -> Int32 {
        guard page.count <= Int(Int32.max) else { throw ParquetError("a page of more than 2 GB") }
        v.buffers.append(page)
        return Int32(v.buffers.count - 1)
    }

    private func appendRefs(lengths: [Int64], page: [UInt8], dataStart: Int, into values: inout ColumnValues) throws {
        guard case .bytes(var v) = values else { return }
        values = .booleans([])
        let buffer = try bufferIndex(&v, page)
        var offset = dataStart
        for length in lengths {
            guard length >= 0, length <= Int64(page.count - offset) else {
                throw ParquetError("a truncated page (a value of \(length) bytes, \(page.count - offset) left)")
            }
            guard length <= Int64(maxValueLength) else { throw tooLong(Int(length)) }
            v.refs.append(ByteRef(buffer: buffer, offset: Int32(offset), count: Int32(length)))
            offset += Int(length)
        }
        values = .bytes(v)
    }

    private func deltaByteArray(_ bytes: UnsafeRawBufferPointer, _ count: Int, into values: inout ColumnValues) throws {
        guard case .bytes(var v) = values else { return }
        values = .booleans([])
        var cursor = ByteCursor(bytes)
        let prefixes = try DeltaBinaryPacked.decode(&cursor, maxCount: count)
        let suffixLengths = try DeltaBinaryPacked.decode(&cursor, maxCount: count)
        guard prefixes.count == count, suffixLengths.count == count else { throw mismatch(.deltaByteArray, min(prefixes.count, suffixLengths.count), count) }
        // The values are made whole in a buffer of their own; its size is checked as it grows.
        var out: [UInt8] = []
        var previous = 0..<0
        let buffer = Int32(v.buffers.count)
        for i in 0..<count {
            let prefix = prefixes[i]
            let suffix = suffixLengths[i]
            guard prefix >= 0, prefix <= Int64(previous.count), suffix >= 0, suffix <= Int64(cursor.remaining) else {
                throw ParquetError("a malformed DELTA_BYTE_ARRAY page (prefix \(prefix), suffix \(suffix))")
            }
            let length = Int(prefix) + Int(suffix)
            guard length <= maxValueLength, out.count + length <= maxValueLength, out.count + length <= Int(Int32.max) else {
                throw tooLong(out.count + length)
            }
            let start = out.count
            out.append(contentsOf: out[previous.lowerBound..<(previous.lowerBound + Int(prefix))])
            out.append(contentsOf: try cursor.take(Int(suffix)))
            if width > 0, length != width { throw ParquetError("a malformed DELTA_BYTE_ARRAY page (a value of \(length) bytes in a column of \(width))") }
            v.refs.append(ByteRef(buffer: buffer, offset: Int32(start), count: Int32(length)))
            previous = start..<(start + length)
        }
        v.buffers.append(out)
        values = .bytes(v)
    }

    private func byteStreamSplit(_ bytes: UnsafeRawBufferPointer, _ count: Int, into values: inout ColumnValues) throws {
        let size: Int
        switch type {
        case .int32, .float: size = 4
        case .int64, .double: size = 8
        case .fixedLenByteArray: size = width
        default: throw unsupported(.byteStreamSplit)
        }
        try need(bytes, count, size)
        // Gathers the streams back into plain values, then decodes those.
        var plainBytes = [UInt8](repeating: 0, count: count * size)
        for i in 0..<count {
            for k in 0..<size { plainBytes[i * size + k] = bytes[k * count + i] }
        }
        try plainBytes.withUnsafeBytes { try plain($0, plainBytes, 0, count, into: &values) }
    }

    private func dictionaryIndexes(_ bytes: UnsafeRawBufferPointer, _ count: Int, _ dictionary: ColumnValues, into values: inout ColumnValues) throws {
        guard !bytes.isEmpty else {
            if count == 0 { return }
            throw ByteCursor.truncated("dictionary indexes")
        }
        let bitWidth = Int(bytes[0])
        var indexes: [UInt32] = []
        try RLEHybrid.decode(UnsafeRawBufferPointer(rebasing: bytes[1...]), bitWidth: bitWidth, count: count, into: &indexes)
        let size = dictionary.count
        for index in indexes where Int(index) >= size {
            throw ParquetError("a dictionary index out of range (\(index), the dictionary has \(size) values)")
        }
        switch (values, dictionary) {
        case (.booleans(var v), .booleans(let d)):
            values = .booleans([]); v.append(contentsOf: indexes.lazy.map { d[Int($0)] }); values = .booleans(v)
        case (.int32(var v), .int32(let d)):
            values = .booleans([]); v.append(contentsOf: indexes.lazy.map { d[Int($0)] }); values = .int32(v)
        case (.int64(var v), .int64(let d)):
            values = .booleans([]); v.append(contentsOf: indexes.lazy.map { d[Int($0)] }); values = .int64(v)
        case (.float(var v), .float(let d)):
            values = .booleans([]); v.append(contentsOf: indexes.lazy.map { d[Int($0)] }); values = .float(v)
        case (.double(var v), .double(let d)):
            values = .booleans([]); v.append(contentsOf: indexes.lazy.map { d[Int($0)] }); values = .double(v)
        case (.bytes(var v), .bytes(let d)):
            values = .booleans([])
            // The chunk's store starts with the dictionary's buffers (ColumnChunkReader).
            guard v.buffers.count >= d.buffers.count else { throw ParquetError("a dictionary page after data pages") }
            v.refs.append(contentsOf: indexes.lazy.map { d.refs[Int($0)] })
            values = .bytes(v)
        default:
            throw ParquetError("a dictionary whose type differs from its column's")
        }
    }
}
