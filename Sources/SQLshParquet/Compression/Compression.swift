import CBrotli
import CLZ4
import CSnappy
import CZlib
import CZstd

extension PageCompression {
    /// The codecs ``compress(_:_:)`` writes for users (DuckDB's list: its `lz4` is LZ4_RAW).
    public static let writable: [CompressionCodec] = [.uncompressed, .snappy, .gzip, .zstd, .lz4Raw, .brotli]

    /// The codecs ``compress(_:_:)`` writes: ``writable`` and the deprecated Hadoop-framed LZ4,
    /// which only the tests write (to check the reader against files that pyarrow reads too).
    static let compressible: [CompressionCodec] = writable + [.lz4]

    /// Compresses one page with `codec` (ZSTD at level 3, GZIP at zlib's default level, BROTLI
    /// at quality 5 as Parquet C++ does, LZ4 at its default acceleration).
    /// - Throws: ``ParquetError`` for a codec not in ``writable``, a page too large for a
    ///   Parquet page (its sizes are 32-bit), or a codec failure.
    public static func compress(_ codec: CompressionCodec, _ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.count <= Int(Int32.max) else { throw ParquetError("a page of \(bytes.count) bytes, more than a Parquet page holds") }
        switch codec {
        case .uncompressed:
            return bytes
        case .snappy:
            let bound = snappy_max_compressed_length(bytes.count)
            var out = [UInt8](repeating: 0, count: bound)
            var length = bound
            let status = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    input.withMemoryRebound(to: CChar.self) { i in
                        output.withMemoryRebound(to: CChar.self) { o in
                            snappy_compress(i.baseAddress, i.count, o.baseAddress, &length)
                        }
                    }
                }
            }
            guard status == SNAPPY_OK else { throw ParquetError("snappy compression failed") }
            out.removeSubrange(length...)
            return out
        case .zstd:
            let bound = ZSTD_compressBound(bytes.count)
            var out = [UInt8](repeating: 0, count: bound)
            let produced = bytes.withUnsafeBytes { input in
                out.withUnsafeMutableBytes { output in
                    ZSTD_compress(output.baseAddress, output.count, input.baseAddress, input.count, 3)
                }
            }
            guard ZSTD_isError(produced) == 0 else { throw ParquetError("zstd compression failed") }
            out.removeSubrange(produced...)
            return out
        case .gzip:
            return try gzip(bytes)
        case .lz4Raw:
            return try lz4Block(bytes)
        case .lz4:
            // Hadoop's framing: one block of the page, in one chunk.
            let block = try lz4Block(bytes)
            var out: [UInt8] = []
            out.reserveCapacity(block.count + 8)
            for size in [bytes.count, block.count] {
                for k in (0..<4).reversed() { out.append(UInt8(truncatingIfNeeded: size >> (8 * k))) }
            }
            out += block
            return out
        case .brotli:
            var length = BrotliEncoderMaxCompressedSize(bytes.count)
            guard length > 0 else { throw ParquetError("brotli compression failed") }
            var out = [UInt8](repeating: 0, count: length)
            let ok = bytes.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    BrotliEncoderCompress(5, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, input.count, input.baseAddress,
                                          &length, output.baseAddress)
                }
            }
            guard ok == BROTLI_TRUE else { throw ParquetError("brotli compression failed") }
            out.removeSubrange(length...)
            return out
        default:
            throw unwritable(codec)
        }
    }

    /// The error for a codec not written here.
    static func unwritable(_ codec: CompressionCodec) -> ParquetError {
        ParquetError("writing \(codec) pages is not supported (supported: " + writable.map(\.description).joined(separator: ", ") + ")")
    }

    /// One LZ4 block.
    private static func lz4Block(_ bytes: [UInt8]) throws -> [UInt8] {
        guard let count = Int32(exactly: bytes.count) else { throw ParquetError("lz4 compression failed") }
        let bound = LZ4_compressBound(count)
        guard bound > 0 else { throw ParquetError("lz4 compression failed") }
        var out = [UInt8](repeating: 0, count: Int(bound))
        let produced = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                input.withMemoryRebound(to: CChar.self) { i in
                    output.withMemoryRebound(to: CChar.self) { o in
                        LZ4_compress_default(i.baseAddress, o.baseAddress, count, bound)
                    }
                }
            }
        }
        guard produced > 0 || bytes.isEmpty else { throw ParquetError("lz4 compression failed") }
        out.removeSubrange(Int(produced)...)
        return out
    }

    /// Deflates `bytes` into one gzip member.
    private static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: a gzip header and trailer around the deflate data.
        guard deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ParquetError("gzip compression failed")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count))) + 32
        var out = [UInt8](repeating: 0, count: bound)
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(clamping: output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw ParquetError("gzip compression failed") }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }
}
