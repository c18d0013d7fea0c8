import CLZ4
import CSnappy
import CZlib
import CZstd

/// Parquet's page codecs: one entry, ``decompress(_:_:uncompressedSize:limit:)``, for every
/// codec read here (UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW, LZ4, BROTLI; not LZO). The size
/// a page claims is checked against a limit before anything is allocated, and the output must
/// be exactly that size: a decompression bomb or a lying header is an error, never a large
/// allocation.
public enum PageCompression {
    /// The codecs ``decompress(_:_:uncompressedSize:limit:)`` reads.
    public static let supported: [CompressionCodec] = [.uncompressed, .snappy, .gzip, .zstd, .lz4Raw, .lz4, .brotli]

    /// Decompresses one page.
    /// - Parameters:
    ///   - codec: the column chunk's codec.
    ///   - bytes: the page's compressed bytes.
    ///   - uncompressedSize: the size its header claims.
    ///   - limit: the largest size accepted (the caller's length limit, say).
    /// - Returns: exactly `uncompressedSize` bytes.
    /// - Throws: ``ParquetError`` for an unsupported codec, a size over the limit, or data
    ///   that does not decompress to that size.
    public static func decompress(_ codec: CompressionCodec, _ bytes: UnsafeRawBufferPointer, uncompressedSize: Int,
                                  limit: Int) throws -> [UInt8] {
        guard uncompressedSize >= 0 else { throw ParquetError("a page with a negative size") }
        guard uncompressedSize <= limit else {
            throw ParquetError("a page of \(uncompressedSize) bytes uncompressed, more than the limit (\(limit))")
        }
        if codec == .uncompressed {
            guard bytes.count == uncompressedSize else {
                throw ParquetError("an uncompressed page of \(bytes.count) bytes, whose header says \(uncompressedSize)")
            }
            return Array(bytes.bindMemory(to: UInt8.self))
        }
        guard supported.contains(codec) else { throw unsupported(codec) }
        let wrong = ParquetError("a \(codec) page that does not decompress to the \(uncompressedSize) bytes its header says")
        guard let input = bytes.baseAddress, !bytes.isEmpty else {
            if uncompressedSize == 0 { return [] }
            throw wrong
        }
        var out = [UInt8](repeating: 0, count: uncompressedSize)
        let ok: Bool = out.withUnsafeMutableBytes { output -> Bool in
            guard let target = output.baseAddress else { return uncompressedSize == 0 }
            switch codec {
            case .snappy:
                var length = 0
                guard snappy_uncompressed_length(input.assumingMemoryBound(to: CChar.self), bytes.count, &length) == SNAPPY_OK,
                      length == uncompressedSize else { return false }
                var produced = uncompressedSize
                return snappy_uncompress(input.assumingMemoryBound(to: CChar.self), bytes.count,
                                         target.assumingMemoryBound(to: CChar.self), &produced) == SNAPPY_OK
                    && produced == uncompressedSize
            case .zstd:
                let produced = ZSTD_decompress(target, uncompressedSize, input, bytes.count)
                return ZSTD_isError(produced) == 0 && produced == uncompressedSize
            case .lz4Raw:
                guard let inCount = Int32(exactly: bytes.count), let outCount = Int32(exactly: uncompressedSize) else { return false }
                let produced = LZ4_decompress_safe(input.assumingMemoryBound(to: CChar.self), target.assumingMemoryBound(to: CChar.self),
                                                   inCount, outCount)
                return produced == outCount
            case .lz4:
                return LZ4Pages.decompress(input, bytes.count, into: target, uncompressedSize)
            case .brotli:
                return BrotliPages.decompress(input, bytes.count, into: target, uncompressedSize)
            case .gzip:
                return inflate(input, bytes.count, into: target, uncompressedSize)
            default:
                return false
            }
        }
        guard ok else { throw wrong }
        return out
    }

    /// The error for pages of a codec not read here (LZO, or one a newer writer added).
    static func unsupported(_ codec: CompressionCodec) -> ParquetError {
        ParquetError("pages compressed with \(codec), which is not supported (supported: "
                     + supported.map(\.description).joined(separator: ", ") + ")")
    }

    /// Inflates gzip (or zlib) data, members one after another, into exactly `count` bytes.
    private static func inflate(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        var consumed = 0
        var produced = 0
        while consumed < inCount {
            var stream = z_stream()
            // 15 + 32: a gzip or zlib header, told from the bytes.
            guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return false }
            defer { inflateEnd(&stream) }
            let inLeft = inCount - consumed
            let outLeft = count - produced
            stream.next_in = UnsafeMutablePointer(mutating: (input + consumed).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(clamping: inLeft)
            stream.next_out = (output + produced).assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(clamping: outLeft)
            // All the output room is given: a stream that wants more fails with Z_BUF_ERROR.
            var status = Z_OK
            while status == Z_OK { status = CZlib.inflate(&stream, Z_FINISH) }
            guard status == Z_STREAM_END else { return false }
            consumed += inLeft - Int(stream.avail_in)
            produced += outLeft - Int(stream.avail_out)
            // Padding after the last member ends the data.
            if consumed < inCount, (input + consumed).load(as: UInt8.self) != 0x1F { break }
        }
        return produced == count
    }
}
