import CSQLite
import SQLshCore

/// `reverse(text)` and its sqlean name `text_reverse(text)`.
enum Reverse {
    static let details = """
        Reverses a string by user-perceived character (Unicode extended grapheme cluster): an \
        accent stays on its letter, a flag, an emoji with a skin-tone modifier or a ZWJ sequence \
        (a family) stays whole, and CR LF stays CR LF. ASCII input takes a byte fast path. \
        NULL gives NULL. Numbers and blobs are reversed as their text form (reverse(123) is the \
        text '321'). Bytes that are not valid UTF-8 never cause an error: each invalid byte is \
        kept unchanged as a unit of its own, so the result holds exactly the input's bytes.
        """

    static func entry(name: String, summary: String) -> CatalogFunction {
        CatalogFunction(
            name: name, pack: "text", kind: .scalar, arity: "1", arguments: "text", flags: .pure,
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
    let value = arguments[0].rawValue
    if sqlite3_value_type(value) == SQLITE_NULL { return result.setNull() }
    let count = Int(sqlite3_value_bytes(value))
    guard count > 0, let text = sqlite3_value_text(value) else {
        return result.setText(utf8: UnsafeBufferPointer(start: nil, count: 0))
    }
    let input = UnsafeBufferPointer(start: text, count: count)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { output in
        reverseGraphemes(input, into: output.baseAddress.unsafelyUnwrapped)
        result.setText(utf8: UnsafeBufferPointer(output))
    }
}

/// Writes the grapheme clusters of `input` in reverse order into `output` (same byte count).
///
/// Reversing units means mirroring positions: a unit at bytes `a..<a+L` goes to
/// `n-a-L..<n-a`.
func reverseGraphemes(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
    let n = input.count
    if UTF8Bytes.isASCII(input) {
        if !containsCR(input) {
            reverseBytes(input, into: output)
            return
        }
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

/// Whether the bytes contain a carriage return (the only ASCII grapheme cluster longer than one
/// byte is CR LF), eight bytes at a time.
@inline(__always)
private func containsCR(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let base = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped)
    let n = bytes.count
    var i = 0
    while i + 8 <= n {
        let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0D0D_0D0D_0D0D_0D0D
        if (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0 { return true }
        i += 8
    }
    while i < n {
        if bytes[i] == 13 { return true }
        i += 1
    }
    return false
}

/// Byte-wise reversal, eight bytes at a time from both ends.
@inline(__always)
private func reverseBytes(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
    let source = UnsafeRawPointer(input.baseAddress.unsafelyUnwrapped)
    let destination = UnsafeMutableRawPointer(output)
    let n = input.count
    var i = 0
    while i + 8 <= n {
        let word = source.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        destination.storeBytes(of: word.byteSwapped, toByteOffset: n - i - 8, as: UInt64.self)
        i += 8
    }
    while i < n {
        output[n - i - 1] = input[i]
        i += 1
    }
}
