import SQLshCore

/// `reverse(text)` and its sqlean name `text_reverse(text)`.
enum Reverse {
    static let details = """
        Reverses a string by user-perceived character (Unicode extended grapheme cluster): an \
        accent stays on its letter, a flag, an emoji with a skin-tone modifier or a ZWJ sequence \
        (a family) stays whole, and CR LF stays CR LF. ASCII input takes a byte fast path. \
        NULL gives NULL; '' gives ''. Integers and reals are reversed as their text form \
        (reverse(123) is the text '321', reverse(-1.5) the text '5.1-'). A blob gives a blob \
        with its bytes in reverse order (reverse(x'0102ff') is x'ff0201'), as Postgres \
        reverses a bytea. Bytes that are not valid UTF-8 in a text never cause an error: each \
        invalid byte is kept unchanged as a unit of its own, so the result holds exactly the \
        input's bytes. No length limit beyond SQLite's own. sqlean's text_reverse reverses \
        code points instead, so there a combining accent moves onto the next letter and an \
        emoji sequence falls apart.
        """

    static func entry(name: String, summary: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "text",
            summary: summary,
            details: details,
            example: "select \(name)('Crème 👍🏽');  -- '👍🏽 emèrC'"
        ) {
            [SQLFunction(name, argumentCount: 1, options: .pure, writingResult: reverseFunction)]
        }
    }

    static let reverse = entry(name: "reverse", summary: "reverse a string by grapheme cluster")
    static let textReverse = entry(name: "text_reverse", summary: "reverse a string by grapheme cluster (sqlean name)")
}

private func reverseFunction(_ arguments: Arguments, _ result: ResultContext) {
    let argument = arguments[0]
    switch argument.storageType {
    case .null: return result.setNull()
    case .blob: return reverseBlob(argument.blobBytes, result)
    default: break
    }
    // Written in place: short results on the stack (SQLite copies them into the result's
    // memory cell, which it keeps from row to row), longer ones straight into a buffer SQLite
    // takes over.
    let input = argument.textBytes
    result.write(.text, capacity: input.count) { output in
        reverseGraphemes(input, into: output)
        return input.count
    }
}

/// A blob's bytes in reverse order, as a blob.
private func reverseBlob(_ input: UnsafeRawBufferPointer, _ result: ResultContext) {
    let count = input.count
    result.write(.blob, capacity: count) { output in
        for i in 0..<count { output[count - 1 - i] = input[i] }
        return count
    }
}

/// Writes the grapheme clusters of `input` in reverse order into `output` (same byte count).
///
/// Reversing units means mirroring positions: a unit at bytes `a..<a+L` goes to
/// `n-a-L..<n-a`.
func reverseGraphemes(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
    let n = input.count
    if reverseASCIIWithoutCR(input, into: output) { return }
    if UTF8Bytes.isASCII(input) {
        var i = 0
        while i < n {
            let byte = input[i]
            if byte == 13, i + 1 < n, input[i + 1] == 10 {  // CR LF is one cluster
                output[n - i - 2] = 13
                output[n - i - 1] = 10
                i += 2
            } else {
                output[n - i - 1] = byte
                i += 1
            }
        }
        return
    }
    // Split into maximal valid runs (segmented by the standard library's grapheme breaking)
    // and single invalid bytes.
    var i = 0
    while i < n {
        var end = i
        while end < n {
            if input[end] < 0x80 { end += 1; continue }
            guard let (_, length) = UTF8Bytes.decode(input, at: end) else { break }
            end += length
        }
        if end > i {
            mirrorClusters(UnsafeBufferPointer(rebasing: input[i..<end]), offset: i, total: n, into: output)
            i = end
        } else {
            output[n - i - 1] = input[i]
            i += 1
        }
    }
}

/// Mirrors the grapheme clusters of a valid UTF-8 run that starts at `offset` in the input.
private func mirrorClusters(_ run: UnsafeBufferPointer<UInt8>, offset: Int, total n: Int,
                            into output: UnsafeMutablePointer<UInt8>) {
    let string = String(decoding: run, as: UTF8.self)  // valid input: bytes kept exactly
    var a = offset
    for character in string {
        let length = character.utf8.count
        UnsafeMutableRawPointer(output + (n - a - length))
            .copyMemory(from: run.baseAddress.unsafelyUnwrapped + (a - offset), byteCount: length)
        a += length
    }
}

/// The fast path: reverses the bytes eight at a time while checking that they are ASCII
/// without CR (where a byte is a grapheme cluster). Returns false, with `output` to be
/// overwritten, when they are not.
private func reverseASCIIWithoutCR(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Bool {
    let source = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped)
    let destination = UnsafeMutableRawPointer(output)
    let n = input.count
    var flags: UInt64 = 0  // high bit of a byte set: non-ASCII or CR seen
    func check(_ word: UInt64) {
        let x = word ^ 0x0D0D_0D0D_0D0D_0D0D
        flags |= word | ((x &- 0x0101_0101_0101_0101) & ~x)
    }
    if n >= 8 {
        var i = 0
        while i + 8 <= n {
            let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            check(word)
            destination.storeBytes(of: word.byteSwapped, toByteOffset: n - i - 8, as: UInt64.self)
            i += 8
        }
        // The last bytes with one overlapping word: it rewrites output[0..<8] with the same
        // values where it overlaps.
        let last = source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        check(last)
        destination.storeBytes(of: last.byteSwapped, as: UInt64.self)
    } else {
        for i in 0..<n {
            let byte = input[i]
            flags |= UInt64(byte) | (byte == 13 ? 0x80 : 0)
            output[n - i - 1] = byte
        }
    }
    return flags & 0x8080_8080_8080_8080 == 0
}
