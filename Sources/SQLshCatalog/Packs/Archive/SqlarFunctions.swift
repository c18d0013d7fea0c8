import CZlib
import SQLshCore

/// `sqlar_compress` and `sqlar_uncompress`, as SQLite's ext/misc/sqlar.c: the content column
/// of an SQLite Archive (the `sqlar` table) holds zlib streams, or the bytes themselves when
/// compressing would not make them shorter.
enum SqlarFunctions {
    /// sqlar_compress(X): a blob X zlib-compressed when that makes it shorter; anything else
    /// (and a blob compression would not shrink) unchanged.
    static func compress(_ arguments: Arguments, _ result: ResultContext) {
        let value = arguments[0]
        guard value.storageType == .blob else { return result.set(value) }
        let input = value.blobBytes
        // Only a shorter result is kept, so the output buffer is the input's size: zlib's
        // Z_BUF_ERROR then means "not shorter" (and no buffer exceeds the length limit).
        var outputCount = uLong(input.count)
        let output = UnsafeMutablePointer<Bytef>.allocate(capacity: max(1, input.count))
        defer { output.deallocate() }
        let rc = CZlib.compress(output, &outputCount, input.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(input.count))
        if rc == Z_OK, Int(outputCount) < input.count {
            result.setBlob(UnsafeRawBufferPointer(start: output, count: Int(outputCount)))
        } else if rc == Z_OK || rc == Z_BUF_ERROR {
            result.set(arguments[0])
        } else {
            result.setError("error in compress()")
        }
    }

    /// sqlar_uncompress(X, SZ): X unchanged when SZ (read as a 32-bit integer) is not positive
    /// or equals X's size in bytes; otherwise X inflated, which must give at most SZ bytes
    /// ("error in uncompress()" otherwise).
    static func uncompress(_ arguments: Arguments, _ result: ResultContext) {
        let size = arguments[1].int32
        let count = arguments[0].byteCount
        if size <= 0 || Int(size) == count { return result.set(arguments[0]) }
        guard Int(size) <= result.lengthLimit else { return result.setTooBig() }
        let input = blobOrTextBytes(arguments[0].rawValue)
        var outputCount = uLong(size)
        let output = UnsafeMutablePointer<Bytef>.allocate(capacity: Int(size))
        defer { output.deallocate() }
        let rc = CZlib.uncompress(output, &outputCount, input.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(input.count))
        if rc != Z_OK {
            result.setError("error in uncompress()")
        } else {
            result.setBlob(UnsafeRawBufferPointer(start: output, count: Int(outputCount)))
        }
    }
}
