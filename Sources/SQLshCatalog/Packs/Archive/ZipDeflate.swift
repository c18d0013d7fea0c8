import CZlib

/// Raw deflate streams (no zlib header: ZIP's method 8), through zlib.
enum ZipDeflate {
    /// `input` deflated at level 9, as SQLite's zipfile deflates.
    static func deflate(_ input: UnsafeRawBufferPointer) throws -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipError("zipfile: deflate() error")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let rc = runOnce(&stream, from: input, into: &output) { CZlib.deflate(&$0, Z_FINISH) }
        guard rc == Z_STREAM_END else { throw ZipError("zipfile: deflate() error") }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }

    /// `input` inflated into a buffer of `size` bytes (the size the archive records), as
    /// SQLite's zipfileInflate: one inflate() call must end the stream (Z_STREAM_END), else
    /// "inflate() failed (N)" with zlib's code; a stream that ends early leaves the rest of
    /// the `size` bytes zero (SQLite leaves them unset).
    static func inflate(_ input: UnsafeRawBufferPointer, size: Int) throws -> [UInt8] {
        var stream = z_stream()
        let initialized = inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw ZipError("inflateInit2() failed (\(initialized))") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size)
        let rc = runOnce(&stream, from: input, into: &output) { CZlib.inflate(&$0, Z_NO_FLUSH) }
        guard rc == Z_STREAM_END else { throw ZipError("inflate() failed (\(rc))") }
        return output
    }

    /// Points `stream` at all of `input` and all of `output`, then makes the one call `step`
    /// (`deflate` or `inflate`) and returns zlib's code.
    private static func runOnce(_ stream: inout z_stream, from input: UnsafeRawBufferPointer, into output: inout [UInt8],
                                _ step: (inout z_stream) -> Int32) -> Int32 {
        output.withUnsafeMutableBytes { out -> Int32 in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            stream.next_out = out.baseAddress?.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(out.count)
            return step(&stream)
        }
    }

    /// The CRC-32 of `bytes`.
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: uLong = 0
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = min(rest.count, 1 << 30)
            crc = CZlib.crc32(crc, UnsafeRawBufferPointer(rebasing: rest.prefix(n)).baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(n))
            rest = rest.dropFirst(n)
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
