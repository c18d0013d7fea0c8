import CSnappy
import CZlib
import CZstd

extension PageCompression {
    /// The codecs ``compress(_:_:)`` writes.
    public static let writable: [CompressionCodec] = [.uncompressed, .snappy, .gzip, .zstd]

    /// Compresses one page with `codec` (ZSTD at level 3, GZIP at zlib's default level).
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
        default:
            throw ParquetError("writing \(codec) pages is not supported (supported: UNCOMPRESSED, SNAPPY, GZIP, ZSTD)")
        }
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
