import Testing
@testable import SQLshParquet

/// Hostile bytes at each layer: an error, never a crash or an allocation of the claimed size.
@Suite struct HostileInputTests {
    @Test func sizesOverTheLimitAreRefusedBeforeDecompressing() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03]
        for codec in PageCompression.supported {
            let error = bytes.withUnsafeBytes { raw in
                #expect(throws: ParquetError.self) {
                    try PageCompression.decompress(codec, raw, uncompressedSize: 3 << 30, limit: 1 << 30)
                }
            }
            #expect(error?.message.contains("more than the limit") == true, "\(codec)")
        }
    }

    @Test func aPageThatDecompressesToAnotherSizeIsAnError() throws {
        // Snappy: the stream says 1000 bytes, the header 10.
        let snappy: [UInt8] = [0xE8, 0x07, 0x00, 0x61]
        snappy.withUnsafeBytes { raw in
            #expect(throws: ParquetError.self) { try PageCompression.decompress(.snappy, raw, uncompressedSize: 10, limit: 1 << 20) }
        }
        // A literal of 3 bytes: "abc".
        let ok: [UInt8] = [0x03, 0x08, 0x61, 0x62, 0x63]
        let out = try ok.withUnsafeBytes { try PageCompression.decompress(.snappy, $0, uncompressedSize: 3, limit: 100) }
        #expect(out == Array("abc".utf8))
        for codec in [CompressionCodec.gzip, .zstd, .lz4Raw] {
            ok.withUnsafeBytes { raw in
                #expect(throws: ParquetError.self) { try PageCompression.decompress(codec, raw, uncompressedSize: 1000, limit: 1 << 20) }
            }
        }
        [UInt8]([1, 2]).withUnsafeBytes { raw in
            #expect(throws: ParquetError.self) { try PageCompression.decompress(.brotli, raw, uncompressedSize: 2, limit: 10) }
        }
    }

    @Test func aDictionaryIndexOutOfRangeIsAnError() throws {
        let decoder = try ValueDecoder(type: .int32, typeLength: nil, maxValueLength: 1 << 20)
        let dictionary = ColumnValues.int32([10, 20])
        // Bit width 3, an RLE run of 4 copies of 5.
        let page: [UInt8] = [3, 0x08, 0x05]
        var values = ColumnValues.int32([])
        let error = #expect(throws: ParquetError.self) {
            try decoder.decode(.rleDictionary, page, from: 0, count: 4, dictionary: dictionary, into: &values)
        }
        #expect(error?.message.contains("dictionary index out of range") == true)
        let good: [UInt8] = [1, 0x08, 0x01]
        try decoder.decode(.rleDictionary, good, from: 0, count: 4, dictionary: dictionary, into: &values)
        if case .int32(let v) = values { #expect(v == [20, 20, 20, 20]) } else { Issue.record("not int32") }
    }

    @Test func aHugeStringLengthIsAnError() throws {
        let decoder = try ValueDecoder(type: .byteArray, typeLength: nil, maxValueLength: 1 << 30)
        // A value that claims 2 GB in an 8-byte page.
        let page: [UInt8] = [0x00, 0x00, 0x00, 0x80, 0x61, 0x62, 0x63, 0x64]
        var values = ColumnValues.bytes(ByteArrays())
        #expect(throws: ParquetError.self) { try decoder.decode(.plain, page, from: 0, count: 1, dictionary: nil, into: &values) }
        // Many values claimed in a few bytes: refused before reserving room for them.
        #expect(throws: ParquetError.self) { try decoder.decode(.plain, page, from: 0, count: Int(Int32.max), dictionary: nil, into: &values) }
        // DELTA_BINARY_PACKED claiming more values than the page has.
        let delta = try ValueDecoder(type: .int64, typeLength: nil, maxValueLength: 1 << 30)
        var ints = ColumnValues.int64([])
        let header: [UInt8] = [0x80, 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x00]
        #expect(throws: ParquetError.self) { try delta.decode(.deltaBinaryPacked, header, from: 0, count: 5, dictionary: nil, into: &ints) }
    }

    @Test func deepNestingIsRefused() {
        var elements: [SchemaElement] = []
        var root = SchemaElement()
        root.name = "schema"
        root.numChildren = 1
        elements.append(root)
        for i in 0..<40 {
            var group = SchemaElement()
            group.name = "g\(i)"
            group.numChildren = 1
            group.repetitionType = .optional
            elements.append(group)
        }
        var leaf = SchemaElement()
        leaf.name = "x"
        leaf.type = .int32
        elements.append(leaf)
        let error = #expect(throws: ParquetError.self) { try ParquetSchema(elements) }
        #expect(error?.message.contains("nested more than") == true)
        // Child counts that claim more elements than there are.
        var liar = root
        liar.numChildren = 5
        #expect(throws: ParquetError.self) { try ParquetSchema([liar, leaf]) }
    }

    @Test func levelsAboveTheSchemaMaximumAreRefused() throws {
        var decoded: [UInt32] = []
        // Bit width 1 allows 0 and 1; an RLE run of value 1 is fine, but its byte 0xFF is not a 1-bit value.
        #expect(throws: ParquetError.self) {
            try RLEHybrid.decode(UnsafeRawBufferPointer(start: nil, count: 0), bitWidth: 1, count: 3, into: &decoded)
        }
        let run: [UInt8] = [0x06, 0xFF]
        try run.withUnsafeBytes { raw in
            #expect(throws: ParquetError.self) { try RLEHybrid.decode(raw, bitWidth: 1, count: 3, into: &decoded) }
        }
    }

    @Test func valueTextForms() {
        var out: [UInt8] = []
        ValueText.date(days: 19_782, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "2024-02-29")
        out = []
        ValueText.timestamp(-1, unitsPerSecond: 1_000_000_000, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "1969-12-31 23:59:59.999999999")
        #expect(String(decoding: ValueText.decimal(-5, scale: 3), as: UTF8.self) == "-0.005")
        #expect(String(decoding: [UInt8]([0xFF, 0x85]).withUnsafeBufferPointer { ValueText.decimal(bigEndian: $0, scale: 2) }, as: UTF8.self) == "-1.23")
        #expect(ValueText.fitsDouble(Array("123456789012345".utf8)))
        #expect(!ValueText.fitsDouble(Array("1234567890123456".utf8)))
        #expect(ValueText.float16(0x3C00) == 1.0)
    }
}

/// A read stops between column chunks and pages when asked to (Ctrl-C).
@Suite struct InterruptTests {
    final class Flag: @unchecked Sendable { var raised = false }

    @Test func aReadStopsWhenInterrupted() throws {
        let path = FixtureAnswersTests.folder.appendingPathComponent("many_dict.parquet").path
        let flag = Flag()
        let file = try ParquetFile(path: path, limits: ParquetLimits(lengthLimit: 1 << 30), interrupted: { flag.raised })
        _ = try file.readColumnChunk(rowGroup: 0, leaf: file.schema.leaves[0])
        flag.raised = true
        #expect(throws: ParquetInterrupted.self) { try file.readColumnChunk(rowGroup: 1, leaf: file.schema.leaves[0]) }
        file.interrupted = { false }
        _ = try file.readColumnChunk(rowGroup: 1, leaf: file.schema.leaves[0])
    }
}
