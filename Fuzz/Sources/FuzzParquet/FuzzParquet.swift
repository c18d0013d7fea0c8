import FuzzSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshParquet

/// The Parquet reader on fuzzed files: the footer's Thrift decoding, the schema tree, page
/// headers, every codec, level and value decoding, nested assembly and statistics.
///
/// The input is the file's content. Its last byte's low bit picks a small length limit
/// (4 KiB) so that the size checks run; every row of every row group is read, every column
/// written to a sink that drops it. The same bytes are then a page of every codec (after two
/// bytes giving its stated size, in units of 16 bytes): Hadoop-framed LZ4's sizes and
/// fallbacks and BROTLI get hostile input without a file around it. Errors are expected;
/// traps, sanitizer reports, hangs and unbounded allocations are the findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParquet(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    let name = "fuzz-input.parquet"
    guard let file = fopen(name, "wb") else { return 0 }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    let limit = (bytes.last ?? 0) & 1 == 1 ? 4096 : 16 << 20
    decompressEveryCodec(bytes)
    guard let parquet = try? ParquetFile(path: name, limits: ParquetLimits(lengthLimit: limit)) else { return 0 }
    let columns = ParquetColumn.columns(of: parquet.schema)
    let reader = ParquetRowReader(file: parquet, columns: columns, used: Set(columns.indices))
    let sink = DiscardingSink()
    var rows = 0
    for group in parquet.metadata.rowGroups.indices {
        for column in columns { _ = parquet.statistics(rowGroup: group, column: column) }
        do {
            try reader.load(rowGroup: group)
            while reader.hasRow && rows < 100_000 {
                for c in columns.indices { try reader.write(column: c, to: sink) }
                reader.advance()
                rows += 1
            }
        } catch {
            continue
        }
    }
    return 0
}

/// The input after its first two bytes as one page of each codec, of the size they state.
func decompressEveryCodec(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let stated = (Int(bytes[0]) << 8 | Int(bytes[1])) * 16
    let page = Array(bytes.dropFirst(2))
    for codec in PageCompression.supported {
        _ = try? page.withUnsafeBytes { try PageCompression.decompress(codec, $0, uncompressedSize: stated, limit: 1 << 20) }
    }
}

@_cdecl("FuzzParquet_main")
public func FuzzParquetMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.runDriver(argc, argv, { fuzzParquet($0, $1) })
}

/// A sink that only touches the bytes it is given.
final class DiscardingSink: ValueSink {
    var checksum: UInt64 = 0
    func null() { checksum &+= 1 }
    func integer(_ value: Int64) { checksum &+= UInt64(bitPattern: value) }
    func real(_ value: Double) { checksum &+= value.bitPattern }
    func text(_ utf8: UnsafeBufferPointer<UInt8>) { for b in utf8 { checksum &+= UInt64(b) } }
    func blob(_ bytes: UnsafeBufferPointer<UInt8>) { for b in bytes { checksum &+= UInt64(b) } }
}
