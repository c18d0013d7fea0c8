import CLZ4
import Foundation
import Testing
@testable import SQLshParquet

/// The codecs added for older and other writers: Hadoop-framed LZ4 (with the frame and bare
/// block shapes it falls back to, as Apache Arrow reads them) and BROTLI; LZO refused.
@Suite struct CodecTests {
    /// Bytes that compress, but not to nothing: a counter's text with some noise.
    static let sample: [UInt8] = {
        var out: [UInt8] = []
        var state: UInt32 = 12345
        for i in 0..<20_000 {
            out += Array("row \(i % 997);".utf8)
            state = state &* 1_103_515_245 &+ 12345
            if state % 7 == 0 { out.append(UInt8(truncatingIfNeeded: state >> 16)) }
        }
        return out
    }()

    static func decompress(_ codec: CompressionCodec, _ bytes: [UInt8], size: Int, limit: Int = 1 << 30) throws -> [UInt8] {
        try bytes.withUnsafeBytes { try PageCompression.decompress(codec, $0, uncompressedSize: size, limit: limit) }
    }

    @Test(arguments: PageCompression.compressible)
    func everyWrittenCodecReadsBack(codec: CompressionCodec) throws {
        let compressed = try PageCompression.compress(codec, Self.sample)
        #expect(try Self.decompress(codec, compressed, size: Self.sample.count) == Self.sample)
        #expect(try Self.decompress(codec, PageCompression.compress(codec, []), size: 0) == [])
        if codec != .uncompressed { #expect(compressed.count < Self.sample.count / 2, "\(codec)") }
    }

    /// Hadoop's framing in full: blocks of several chunks each, as parquet-mr's codec may write.
    @Test func hadoopBlocksOfSeveralChunks() throws {
        let data = Array(Self.sample.prefix(30_000))
        var framed: [UInt8] = []
        func bigEndian(_ n: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
        for block in [0..<10_000, 10_000..<30_000] {
            framed += bigEndian(block.count)
            let middle = block.lowerBound + block.count / 3
            for chunk in [block.lowerBound..<middle, middle..<block.upperBound] {
                let compressed = try PageCompression.compress(.lz4Raw, Array(data[chunk]))
                framed += bigEndian(compressed.count) + compressed
            }
        }
        #expect(try Self.decompress(.lz4, framed, size: data.count) == data)
        // One byte short, or one too many: an error, not a short page.
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, framed, size: data.count - 1) }
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, framed, size: data.count + 1) }
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, framed + [0], size: data.count) }
    }

    /// The LZ4 codec's other shapes: a bare LZ4 block (older Parquet C++) and LZ4's frame format.
    @Test func lz4FallsBackToABareBlockAndToTheFrameFormat() throws {
        let block = try PageCompression.compress(.lz4Raw, Self.sample)
        #expect(try Self.decompress(.lz4, block, size: Self.sample.count) == Self.sample)
        let bound = LZ4F_compressFrameBound(Self.sample.count, nil)
        var frame = [UInt8](repeating: 0, count: bound)
        let made = frame.withUnsafeMutableBytes { out in
            Self.sample.withUnsafeBytes { LZ4F_compressFrame(out.baseAddress, bound, $0.baseAddress, $0.count, nil) }
        }
        #expect(LZ4F_isError(made) == 0)
        frame.removeSubrange(made...)
        #expect(try Self.decompress(.lz4, frame, size: Self.sample.count) == Self.sample)
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, frame, size: Self.sample.count - 1) }
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, Array(frame.dropLast(3)), size: Self.sample.count) }
    }

    /// Decompression bombs and lying sizes: the output is never larger than the page's
    /// stated size, and a page that does not fill it exactly is an error.
    @Test func bombsAndLyingSizesAreErrors() throws {
        let zeros = [UInt8](repeating: 0, count: 8 << 20)
        for codec in [CompressionCodec.lz4, .brotli, .lz4Raw] {
            let bomb = try PageCompression.compress(codec, zeros)
            #expect(bomb.count < 100_000, "\(codec): \(bomb.count)")
            let error = #expect(throws: ParquetError.self) { try Self.decompress(codec, bomb, size: 1000) }
            #expect(error?.message.contains("does not decompress to the 1000 bytes") == true, "\(codec)")
            // Claimed beyond the limit: refused before anything is allocated.
            #expect(throws: ParquetError.self) { try Self.decompress(codec, bomb, size: 16 << 20, limit: 1 << 20) }
        }
        // Hadoop frames whose sizes lie: a block larger than the page, a chunk past the input.
        let chunk = try PageCompression.compress(.lz4Raw, Array("hello hello hello".utf8))
        func frame(block: Int, chunkSize: Int) -> [UInt8] {
            [0, 0, 0, UInt8(block), 0, 0, 0, UInt8(chunkSize)] + chunk
        }
        #expect(try Self.decompress(.lz4, frame(block: 17, chunkSize: chunk.count), size: 17) == Array("hello hello hello".utf8))
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, frame(block: 200, chunkSize: chunk.count), size: 17) }
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, frame(block: 17, chunkSize: 250), size: 17) }
        #expect(throws: ParquetError.self) { try Self.decompress(.lz4, frame(block: 17, chunkSize: 0), size: 17) }
        #expect(throws: ParquetError.self) { try Self.decompress(.brotli, [0xFF, 0xFF, 0xFF], size: 17) }
        #expect(throws: ParquetError.self) { try Self.decompress(.brotli, try PageCompression.compress(.brotli, Self.sample) + [1, 2], size: Self.sample.count) }
    }

    @Test func lzoIsRefusedNamingTheCodec() {
        let error = #expect(throws: ParquetError.self) { try Self.decompress(.lzo, [1, 2, 3], size: 3) }
        #expect(error?.message == "pages compressed with LZO, which is not supported (supported: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW, LZ4, BROTLI)")
        let unknown = #expect(throws: ParquetError.self) { try Self.decompress(CompressionCodec(rawValue: 42), [1], size: 1) }
        #expect(unknown?.message.hasPrefix("pages compressed with codec 42, which is not supported") == true)
    }

    /// Files whose pages are Hadoop-framed LZ4 or BROTLI, written here, read back by the reader
    /// and by pyarrow (which reads Hadoop's framing as parquet-mr writes it), when it is there.
    @Test(arguments: [CompressionCodec.lz4, .brotli, .lz4Raw])
    func filesOfTheseCodecsReadBackHereAndInPyarrow(codec: CompressionCodec) throws {
        var options = ParquetWriteOptions()
        options.compression = codec
        options.rowGroupSize = 700
        var writer = try ParquetFileWriter(columns: [.init(name: "id", type: .int64), .init(name: "s", type: .string)],
                                           options: options, output: ParquetMemoryOutput())
        for i in 0..<2000 {
            try writer.append(.integer(Int64(i)), column: 0)
            if i % 9 == 0 {
                try writer.append(.null, column: 1)
            } else {
                try Array("value \(i * 7 % 300)".utf8).withUnsafeBytes { try writer.append(.text($0), column: 1) }
            }
            try writer.endRow()
        }
        let bytes = try writer.finish().bytes
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-codec-\(UUID().uuidString).parquet").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let rows = try WrittenFiles.read(path)
        #expect(rows.count == 2000)
        #expect(rows[9] == ["9", "NULL"] && rows[1999] == ["1999", "value 193"], "\(rows[9]) \(rows[1999])")
        let file = try ParquetFile(path: path, limits: ParquetLimits(lengthLimit: 1 << 30))
        #expect(file.metadata.rowGroups.first?.columns.first?.metaData?.codec == codec)
        guard let pyarrow = WrittenFiles.python("""
            import pyarrow.parquet as pq
            t = pq.read_table('\(path)')
            print(t.num_rows, sum(t.column('id').to_pylist()), t.column('s').null_count, t.column('s')[1999])
            """) else { return }
        #expect(pyarrow == "2000 1999000 223 value 193\n")
    }
}
