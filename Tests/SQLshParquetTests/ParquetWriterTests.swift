import Testing
@testable import SQLshParquet

@Suite struct ParquetWriterTests {
    typealias Value = WrittenFileDecoder.Value

    /// A seeded generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Writes `rows` (column-major `values`) and decodes the file again.
    func roundTrip(_ columns: [(String, ParquetColumnType)], _ values: [[ParquetInputValue]],
                   options: ParquetWriteOptions = ParquetWriteOptions()) throws -> (WrittenFileDecoder, [[Value]]) {
        var writer = try ParquetFileWriter(columns: columns.map { .init(name: $0.0, type: $0.1) }, options: options,
                                           output: ParquetMemoryOutput())
        let rows = values.first?.count ?? 0
        for r in 0..<rows {
            for c in values.indices { try writer.append(values[c][r], column: c) }
            try writer.endRow()
        }
        let file = try writer.finish().bytes
        let decoder = try WrittenFileDecoder(file)
        return (decoder, try decoder.columns())
    }

    @Test func thriftRoundTripsTheFooter() throws {
        var meta = FileMetaData()
        meta.version = 1
        var root = SchemaElement()
        root.name = "schema"
        root.numChildren = 1
        meta.schema = [root, ParquetColumnType.timestamp.schemaElement(name: "t")]
        meta.numRows = 300
        var chunk = ColumnChunk()
        var cm = ColumnMetaData()
        cm.type = .int64
        cm.encodings = [.plain, .rle]
        cm.pathInSchema = ["t"]
        cm.codec = .zstd
        cm.numValues = 300
        cm.dataPageOffset = 4
        cm.dictionaryPageOffset = 1 << 40
        var stats = Statistics()
        stats.nullCount = 2
        stats.minValue = [1, 2]
        stats.maxValue = [3]
        cm.statistics = stats
        chunk.metaData = cm
        chunk.fileOffset = 4
        var group = RowGroup()
        group.columns = [chunk]
        group.numRows = 300
        group.totalByteSize = 99
        group.ordinal = 20
        meta.rowGroups = [group]
        meta.createdBy = "sqlsh"
        var reader = ThriftCompactReader(meta.encoded())
        let decoded = try FileMetaData(thrift: &reader)
        #expect(decoded.schema == meta.schema)
        #expect(decoded.rowGroups.first?.columns.first == chunk)
        #expect(decoded.numRows == 300)
        #expect(decoded.createdBy == "sqlsh")
        #expect(decoded.rowGroups.first?.ordinal == 20)
    }

    @Test func hybridEncodingRoundTrips() throws {
        var g = Generator(state: 7)
        let decoder = try WrittenFileDecoder(writtenEmptyFile())
        for trial in 0..<200 {
            let width = 1 + g.below(20)
            let count = g.below(300)
            var values: [UInt32] = []
            while values.count < count {
                let v = UInt32(g.next() & ((1 << UInt64(width)) - 1))
                values += Array(repeating: v, count: g.below(3) == 0 ? 1 + g.below(30) : 1)
            }
            values = Array(values.prefix(count))
            var out: [UInt8] = []
            HybridEncoder.encode(values, bitWidth: width, into: &out)
            #expect(try decoder.hybrid(out, bitWidth: width, count: count) == values, "trial \(trial)")
        }
    }

    func writtenEmptyFile() throws -> [UInt8] {
        var writer = try ParquetFileWriter(columns: [.init(name: "a", type: .int64)], output: ParquetMemoryOutput())
        return try writer.finish().bytes
    }

    @Test func anEmptyFileHasItsSchema() throws {
        let decoder = try WrittenFileDecoder(writtenEmptyFile())
        #expect(decoder.metadata.numRows == 0)
        #expect(decoder.metadata.rowGroups.isEmpty)
        #expect(decoder.metadata.schema.map(\.name) == ["schema", "a"])
        #expect(decoder.metadata.schema.last?.type == .int64)
    }

    @Test func writesEachTypeWithNullsUnderEachCodec() throws {
        let text = Array("héllo ✓".utf8)
        let blob: [UInt8] = [0, 0xFF, 0x80]
        for codec in PageCompression.writable {
            var options = ParquetWriteOptions()
            options.compression = codec
            try text.withUnsafeBytes { t in
                try blob.withUnsafeBytes { b in
                    try Array("2024-02-29".utf8).withUnsafeBytes { d in
                        try Array("1969-12-31 23:59:59.5".utf8).withUnsafeBytes { ts in
                            try Array("".utf8).withUnsafeBytes { empty in
                                let (decoder, got) = try roundTrip(
                                    [("b", .boolean), ("i", .int64), ("r", .double), ("s", .string), ("x", .binary), ("d", .date), ("t", .timestamp)],
                                    [[.integer(1), .null, .integer(0)],
                                     [.integer(.min), .integer(.max), .null],
                                     [.real(-0.0), .integer(3), .null],
                                     [.text(t), .null, .text(empty)],
                                     [.null, .blob(b), .blob(empty)],
                                     [.text(d), .null, .null],
                                     [.null, .text(ts), .null]],
                                    options: options)
                                #expect(got[0] == [.bool(true), .null, .bool(false)])
                                #expect(got[1] == [.int64(.min), .int64(.max), .null])
                                #expect(got[2] == [.double(-0.0), .double(3), .null])
                                #expect(got[3] == [.bytes(text), .null, .bytes([])])
                                #expect(got[4] == [.null, .bytes(blob), .bytes([])])
                                #expect(got[5] == [.int32(19782), .null, .null])
                                #expect(got[6] == [.null, .int64(-500_000), .null])
                                let stats = decoder.metadata.rowGroups[0].columns[1].metaData?.statistics
                                #expect(stats?.nullCount == 1)
                                #expect(stats?.minValue == [0, 0, 0, 0, 0, 0, 0, 0x80])
                                #expect(stats?.maxValue == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F])
                                let s = decoder.metadata.rowGroups[0].columns[3].metaData?.statistics
                                #expect(s?.minValue == [] && s?.maxValue == text)
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func repeatedStringsUseADictionaryAndRowGroupsSplit() throws {
        let words = ["red", "green", "blue"].map { Array($0.utf8) }
        var options = ParquetWriteOptions()
        options.rowGroupSize = 1000
        options.pageBytes = 512
        var writer = try ParquetFileWriter(columns: [.init(name: "c", type: .string), .init(name: "n", type: .int64)],
                                           options: options, output: ParquetMemoryOutput())
        for i in 0..<2500 {
            try words[i % 3].withUnsafeBytes { try writer.append(i % 7 == 0 ? .null : .text($0), column: 0) }
            try writer.append(.integer(Int64(i)), column: 1)
            try writer.endRow()
        }
        let decoder = try WrittenFileDecoder(try writer.finish().bytes)
        #expect(decoder.metadata.rowGroups.map(\.numRows) == [1000, 1000, 500])
        #expect(decoder.metadata.rowGroups[0].columns[0].metaData?.encodings.contains(.rleDictionary) == true)
        let got = try decoder.columns()
        let expectedWords: [Value] = (0..<2500).map { (i: Int) -> Value in i % 7 == 0 ? Value.null : Value.bytes(words[i % 3]) }
        let expectedNumbers: [Value] = (0..<2500).map { (i: Int) -> Value in Value.int64(Int64(i)) }
        #expect(got[0] == expectedWords)
        #expect(got[1] == expectedNumbers)
        #expect(decoder.metadata.rowGroups[2].columns[1].metaData?.statistics?.minValue == [0xD0, 0x07, 0, 0, 0, 0, 0, 0])
    }

    @Test func randomColumnsRoundTrip() throws {
        var g = Generator(state: 42)
        for trial in 0..<30 {
            let rows = g.below(400)
            var options = ParquetWriteOptions()
            options.rowGroupSize = 1 + g.below(200)
            options.pageBytes = 1 + g.below(2000)
            options.compression = PageCompression.writable[g.below(PageCompression.writable.count)]
            var strings: [[UInt8]?] = []
            var ints: [Int64?] = []
            var doubles: [Double?] = []
            for _ in 0..<rows {
                strings.append(g.below(5) == 0 ? nil : (0..<g.below(12)).map { _ in UInt8(97 + g.below(3)) })
                ints.append(g.below(5) == 0 ? nil : Int64(bitPattern: g.next()) >> Int64(g.below(64)))
                doubles.append(g.below(5) == 0 ? nil : Double(Int64(bitPattern: g.next()) >> 20) / 1024)
            }
            var writer = try ParquetFileWriter(columns: [.init(name: "s", type: .string), .init(name: "i", type: .int64),
                                                         .init(name: "d", type: .double)],
                                               options: options, output: ParquetMemoryOutput())
            for r in 0..<rows {
                if let s = strings[r] { try s.withUnsafeBytes { try writer.append(.text($0), column: 0) } } else { try writer.append(.null, column: 0) }
                try writer.append(ints[r].map { .integer($0) } ?? .null, column: 1)
                try writer.append(doubles[r].map { .real($0) } ?? .null, column: 2)
                try writer.endRow()
            }
            let got = try WrittenFileDecoder(try writer.finish().bytes).columns()
            let expectedStrings: [Value] = strings.map { (s: [UInt8]?) -> Value in s.map { Value.bytes($0) } ?? Value.null }
            let expectedInts: [Value] = ints.map { (n: Int64?) -> Value in n.map { Value.int64($0) } ?? Value.null }
            let expectedDoubles: [Value] = doubles.map { (d: Double?) -> Value in d.map { Value.double($0) } ?? Value.null }
            #expect(got[0] == expectedStrings, "trial \(trial)")
            #expect(got[1] == expectedInts, "trial \(trial)")
            #expect(got[2] == expectedDoubles, "trial \(trial)")
        }
    }

    @Test func aValueThatDoesNotFitItsColumnIsAnError() throws {
        var writer = try ParquetFileWriter(columns: [.init(name: "n", type: .int64)], output: ParquetMemoryOutput())
        #expect(throws: ParquetError.self) { try writer.append(.real(1.5), column: 0) }
        try writer.append(.real(2.0), column: 0)
        #expect(throws: ParquetError.self) { try ParquetFileWriter(columns: [], output: ParquetMemoryOutput()) }
        var options = ParquetWriteOptions()
        options.compression = .lzo
        #expect(throws: ParquetError.self) {
            try ParquetFileWriter(columns: [.init(name: "n", type: .int64)], options: options, output: ParquetMemoryOutput())
        }
        options.compression = .snappy
        options.dataPageVersion = 3
        #expect(throws: ParquetError.self) {
            try ParquetFileWriter(columns: [.init(name: "n", type: .int64)], options: options, output: ParquetMemoryOutput())
        }
    }

    @Test func duplicateAndEmptyNamesAreMadeUnique() throws {
        let writer = try ParquetFileWriter(columns: [.init(name: "a", type: .int64), .init(name: "A", type: .int64),
                                                     .init(name: "", type: .int64)], output: ParquetMemoryOutput())
        #expect(writer.columns.map(\.name) == ["a", "A_1", "column2"])
    }
}
