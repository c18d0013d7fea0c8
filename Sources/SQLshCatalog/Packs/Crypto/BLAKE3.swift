/// BLAKE3, the unkeyed hash with its default 32-byte output, written from the BLAKE3
/// specification (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, "BLAKE3: one function, fast
/// everywhere", 2020). Debian has no maintained C library for it, so it lives here.
///
/// How the hash is built:
/// - The input is split into 1024-byte chunks (one empty chunk for empty input), each chunk into
///   64-byte blocks. A chunk's blocks are compressed one after the other, starting from the IV,
///   with the chunk's index as the counter, CHUNK_START on its first block and CHUNK_END on its
///   last (the last block is zero-padded and its real length given). The result is the chunk's
///   32-byte chaining value.
/// - Chaining values are combined pairwise into a binary tree, left subtrees being complete
///   (a power of two of chunks): a parent node compresses the two 32-byte children as one block,
///   from the IV, counter 0, with the PARENT flag.
/// - The last compression, of the single chunk or of the top parent, also has the ROOT flag and
///   counter 0; the first 32 bytes of its output are the hash.
///
/// Everything stays on the stack: a hash allocates nothing, whatever the input size. Checked
/// against the official test vectors (test_vectors.json) in BLAKE3Tests.
enum BLAKE3 {
    /// The length of the hash in bytes.
    static let digestSize = 32

    private static let chunkLength = 1024
    private static let blockLength = 64
    private static let chunkStart: UInt32 = 1 << 0
    private static let chunkEnd: UInt32 = 1 << 1
    private static let parent: UInt32 = 1 << 2
    private static let root: UInt32 = 1 << 3

    /// Eight 32-bit words: a chaining value, or the first half of a compression's output.
    struct Words8 {
        var w0, w1, w2, w3, w4, w5, w6, w7: UInt32

        /// Stores the words little-endian at `pointer` (32 bytes).
        func store(to pointer: UnsafeMutableRawPointer) {
            pointer.storeBytes(of: w0.littleEndian, toByteOffset: 0, as: UInt32.self)
            pointer.storeBytes(of: w1.littleEndian, toByteOffset: 4, as: UInt32.self)
            pointer.storeBytes(of: w2.littleEndian, toByteOffset: 8, as: UInt32.self)
            pointer.storeBytes(of: w3.littleEndian, toByteOffset: 12, as: UInt32.self)
            pointer.storeBytes(of: w4.littleEndian, toByteOffset: 16, as: UInt32.self)
            pointer.storeBytes(of: w5.littleEndian, toByteOffset: 20, as: UInt32.self)
            pointer.storeBytes(of: w6.littleEndian, toByteOffset: 24, as: UInt32.self)
            pointer.storeBytes(of: w7.littleEndian, toByteOffset: 28, as: UInt32.self)
        }
    }

    /// The initialization vector: the first 32 bits of the fractional parts of the square roots
    /// of the first eight primes (SHA-256's IV).
    private static let iv = Words8(w0: 0x6A09_E667, w1: 0xBB67_AE85, w2: 0x3C6E_F372, w3: 0xA54F_F53A,
                                   w4: 0x510E_527F, w5: 0x9B05_688C, w6: 0x1F83_D9AB, w7: 0x5BE0_CD19)

    /// Writes the 32-byte hash of `input` to `output`.
    static func hash(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) {
        let count = input.count
        let chunkCount = Swift.max(1, count / chunkLength + (count % chunkLength == 0 ? 0 : 1))
        // 64 entries: the stack of subtree chaining values never holds more than log2(chunks)
        // + 1 of them, and 2^64 bytes is more than any input.
        withUnsafeTemporaryAllocation(of: Words8.self, capacity: 64) { stack in
            withUnsafeTemporaryAllocation(byteCount: blockLength, alignment: 16) { scratch in
                let block = scratch.baseAddress.unsafelyUnwrapped
                let start = input.baseAddress ?? UnsafeRawPointer(block)
                var depth = 0
                // Every chunk but the last: its chaining value joins the stack, merged with the
                // subtrees it completes (as many as trailing zero bits in the chunk count so far).
                var chunk = 0
                while chunk < chunkCount - 1 {
                    var cv = iv
                    let chunkBase = start + chunk * chunkLength
                    var offset = 0
                    while offset < chunkLength {
                        let flags = (offset == 0 ? chunkStart : 0) | (offset == chunkLength - blockLength ? chunkEnd : 0)
                        cv = compress(cv, chunkBase + offset, counter: UInt64(chunk), blockLength: UInt32(blockLength), flags: flags)
                        offset += blockLength
                    }
                    var completed = chunk + 1
                    while completed & 1 == 0 {
                        depth -= 1
                        cv = parentValue(stack[depth], cv, scratch: block, flags: parent)
                        completed >>= 1
                    }
                    stack[depth] = cv
                    depth += 1
                    chunk += 1
                }
                // The last chunk: all blocks but its last compressed, the last one kept for
                // the end (it is the root when the input is a single chunk).
                let lastStart = chunk * chunkLength
                let lastLength = count - lastStart
                let blockCount = Swift.max(1, lastLength / blockLength + (lastLength % blockLength == 0 ? 0 : 1))
                var cv = iv
                for b in 0..<(blockCount - 1) {
                    cv = compress(cv, start + lastStart + b * blockLength, counter: UInt64(chunk),
                                  blockLength: UInt32(blockLength), flags: b == 0 ? chunkStart : 0)
                }
                let finalOffset = lastStart + (blockCount - 1) * blockLength
                let finalLength = count - finalOffset
                var finalBlock = start + finalOffset
                if finalLength < blockLength {
                    block.initializeMemory(as: UInt8.self, repeating: 0, count: blockLength)
                    if finalLength > 0 { block.copyMemory(from: finalBlock, byteCount: finalLength) }
                    finalBlock = UnsafeRawPointer(block)
                }
                let finalFlags = chunkEnd | (blockCount == 1 ? chunkStart : 0)
                let result: Words8
                if depth == 0 {
                    result = compress(cv, finalBlock, counter: 0, blockLength: UInt32(finalLength), flags: finalFlags | root)
                } else {
                    var right = compress(cv, finalBlock, counter: UInt64(chunk), blockLength: UInt32(finalLength), flags: finalFlags)
                    while depth > 1 {
                        depth -= 1
                        right = parentValue(stack[depth], right, scratch: block, flags: parent)
                    }
                    result = parentValue(stack[0], right, scratch: block, flags: parent | root)
                }
                result.store(to: output)
            }
        }
    }

    /// The compression of a parent node: its two children's chaining values as one block.
    private static func parentValue(_ left: Words8, _ right: Words8, scratch: UnsafeMutableRawPointer,
                                    flags: UInt32) -> Words8 {
        left.store(to: scratch)
        right.store(to: scratch + 32)
        return compress(iv, UnsafeRawPointer(scratch), counter: 0, blockLength: UInt32(blockLength), flags: flags)
    }

    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// The quarter-round mixing function G on four state words and two message words.
    private static func g(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32,
                          _ x: UInt32, _ y: UInt32) {
        a = a &+ b &+ x
        d = rotr(d ^ a, 16)
        c = c &+ d
        b = rotr(b ^ c, 12)
        a = a &+ b &+ y
        d = rotr(d ^ a, 8)
        c = c &+ d
        b = rotr(b ^ c, 7)
    }

    /// The compression function on a chaining value and one 64-byte block (read little-endian
    /// at `block`); returns the first half of the output (words i xor i + 8), which is both
    /// the next chaining value and, with ROOT set, the hash.
    ///
    /// The seven rounds are written out with the message schedule (the permutation
    /// 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 applied round after round) as
    /// constant word indexes, so message words are read from memory where they are needed
    /// and the 16 state words keep the registers.
    private static func compress(_ cv: Words8, _ block: UnsafeRawPointer, counter: UInt64,
                                 blockLength: UInt32, flags: UInt32) -> Words8 {
        var v0 = cv.w0, v1 = cv.w1, v2 = cv.w2, v3 = cv.w3
        var v4 = cv.w4, v5 = cv.w5, v6 = cv.w6, v7 = cv.w7
        var v8 = iv.w0, v9 = iv.w1, v10 = iv.w2, v11 = iv.w3
        var v12 = UInt32(truncatingIfNeeded: counter), v13 = UInt32(truncatingIfNeeded: counter >> 32)
        var v14 = blockLength, v15 = flags

        func m(_ i: Int) -> UInt32 {
            UInt32(littleEndian: block.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
        }
        /// One round: columns, then diagonals, with message words s0...s15 of the schedule.
        func round(_ s0: Int, _ s1: Int, _ s2: Int, _ s3: Int, _ s4: Int, _ s5: Int,
                                     _ s6: Int, _ s7: Int, _ s8: Int, _ s9: Int, _ s10: Int, _ s11: Int,
                                     _ s12: Int, _ s13: Int, _ s14: Int, _ s15: Int) {
            g(&v0, &v4, &v8, &v12, m(s0), m(s1))
            g(&v1, &v5, &v9, &v13, m(s2), m(s3))
            g(&v2, &v6, &v10, &v14, m(s4), m(s5))
            g(&v3, &v7, &v11, &v15, m(s6), m(s7))
            g(&v0, &v5, &v10, &v15, m(s8), m(s9))
            g(&v1, &v6, &v11, &v12, m(s10), m(s11))
            g(&v2, &v7, &v8, &v13, m(s12), m(s13))
            g(&v3, &v4, &v9, &v14, m(s14), m(s15))
        }
        round(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        round(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8)
        round(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1)
        round(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6)
        round(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4)
        round(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7)
        round(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13)
        return Words8(w0: v0 ^ v8, w1: v1 ^ v9, w2: v2 ^ v10, w3: v3 ^ v11,
                      w4: v4 ^ v12, w5: v5 ^ v13, w6: v6 ^ v14, w7: v7 ^ v15)
    }
}
