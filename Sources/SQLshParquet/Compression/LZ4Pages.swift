import CLZ4

/// The three shapes of a page under Parquet's deprecated LZ4 codec, tried in the order that
/// Apache Arrow and parquet-mr read them: Hadoop's framing (what parquet-mr writes), then
/// LZ4's frame format, then one bare LZ4 block (older Parquet C++ writers). Each writes at most
/// `count` bytes into the output, and succeeds only when the page fills it exactly.
enum LZ4Pages {
    /// Decompresses an LZ4 page of any of the three shapes into exactly `count` bytes.
    static func decompress(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        if hadoop(input, inCount, into: output, count) { return true }
        if isFrame(input, inCount) { return frame(input, inCount, into: output, count) }
        return block(input, inCount, into: output, count) == count
    }

    /// Hadoop's framing: blocks of a 4-byte big-endian uncompressed size, then chunks of a
    /// 4-byte big-endian compressed size and that many bytes of an LZ4 block, until the block's
    /// size is reached; block after block to the page's end.
    static func hadoop(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        var consumed = 0
        var produced = 0
        func bigEndian32() -> Int? {
            guard inCount - consumed >= 4 else { return nil }
            var v = 0
            for k in 0..<4 { v = v << 8 | Int((input + consumed + k).load(as: UInt8.self)) }
            consumed += 4
            return v
        }
        guard inCount >= 8 else { return false }
        while consumed < inCount {
            guard let blockSize = bigEndian32(), blockSize <= count - produced else { return false }
            let blockEnd = produced + blockSize
            // At least one chunk (an empty block's makes nothing), then more until the block is full.
            repeat {
                guard let chunkSize = bigEndian32(), chunkSize > 0, chunkSize <= inCount - consumed else { return false }
                let made = block(input + consumed, chunkSize, into: output + produced, blockEnd - produced)
                guard made > 0 || (made == 0 && blockSize == 0) else { return false }
                consumed += chunkSize
                produced += made
            } while produced < blockEnd
        }
        return produced == count
    }

    /// Whether the bytes start with LZ4's frame magic number (0x184D2204, little-endian).
    static func isFrame(_ input: UnsafeRawPointer, _ inCount: Int) -> Bool {
        guard inCount >= 4 else { return false }
        return input.load(as: UInt8.self) == 0x04 && (input + 1).load(as: UInt8.self) == 0x22
            && (input + 2).load(as: UInt8.self) == 0x4D && (input + 3).load(as: UInt8.self) == 0x18
    }

    /// LZ4's frame format (its frames one after another), into exactly `count` bytes.
    static func frame(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ count: Int) -> Bool {
        var context: OpaquePointer?
        guard LZ4F_isError(LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))) == 0, let context else { return false }
        defer { LZ4F_freeDecompressionContext(context) }
        var consumed = 0
        var produced = 0
        // 0 once a frame is decoded and all its output given out.
        var hint = 1
        while consumed < inCount || hint != 0 {
            var inSize = inCount - consumed
            var outSize = count - produced
            hint = LZ4F_decompress(context, output + produced, &outSize, input + consumed, &inSize, nil)
            guard LZ4F_isError(hint) == 0 else { return false }
            consumed += inSize
            produced += outSize
            // No progress: the output is full while the frame goes on, or the input ended early.
            if inSize == 0 && outSize == 0 && hint != 0 { return false }
        }
        return produced == count
    }

    /// One LZ4 block into at most `capacity` bytes: the bytes made, or -1.
    static func block(_ input: UnsafeRawPointer, _ inCount: Int, into output: UnsafeMutableRawPointer, _ capacity: Int) -> Int {
        guard let inSize = Int32(exactly: inCount), let outSize = Int32(exactly: capacity) else { return -1 }
        let made = LZ4_decompress_safe(input.assumingMemoryBound(to: CChar.self), output.assumingMemoryBound(to: CChar.self), inSize, outSize)
        return Int(made)
    }
}
