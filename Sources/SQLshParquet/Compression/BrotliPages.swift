import CBrotli

/// BROTLI pages, through libbrotlidec. Its window is at most 16 MiB (the large-window
/// extension stays off), and it writes at most the room it is given.
enum BrotliPages {
    /// Decompresses one Brotli stream, all of the input and nothing after it, into exactly
    /// `count` bytes.
    static func decompress(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { return false }
        defer { BrotliDecoderDestroyInstance(state) }
        var availableIn = inCount
        var nextIn: UnsafePointer<UInt8>? = input.assumingMemoryBound(to: UInt8.self)
        var availableOut = count
        var nextOut: UnsafeMutablePointer<UInt8>? = output.assumingMemoryBound(to: UInt8.self)
        let result = BrotliDecoderDecompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
        return result == BROTLI_DECODER_RESULT_SUCCESS && availableIn == 0 && availableOut == 0
    }
}
