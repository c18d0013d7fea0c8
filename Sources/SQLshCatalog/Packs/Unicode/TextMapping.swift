import SQLshCore

/// The loop shared by the `unicode` pack's text-to-text functions: each scalar of the argument
/// is mapped through a utf8proc-backed function into a reused buffer.
enum TextMapping {
    // Forced inlining in this file: Benchmarks/sqlean-compare.sh (unaccent): every character.
    /// Sets the result to the argument with every scalar mapped by `map` (ASCII bytes by
    /// `ascii`, with no decoding when the whole text is ASCII). NULL gives NULL; numbers and
    /// blobs are mapped as their text form. A byte that is not valid UTF-8 is kept unchanged.
    /// A result longer than SQLITE_LIMIT_LENGTH is SQLite's "string or blob too big".
    @inline(__always)
    static func map(_ value: Argument, _ result: ResultContext, scratch: ByteScratch,
                    ascii: (UInt8) -> UInt8, scalar map: (UInt32, inout [UInt8]) -> Void) {
        if value.isNull { return result.setNull() }
        let input = value.textBytes
        scratch.withBuffer { out in
            out.removeAll(keepingCapacity: true)
            out.reserveCapacity(input.count)
            if UTF8Bytes.isASCII(input) {
                for byte in input { out.append(ascii(byte)) }
                return out.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }
            let limit = result.lengthLimit
            var i = 0
            let n = input.count
            while i < n {
                let byte = input[i]
                if byte < 0x80 {
                    out.append(ascii(byte))
                    i += 1
                } else if let (scalar, length) = UTF8Bytes.decode(input, at: i) {
                    map(scalar, &out)
                    i += length
                    // Mappings may grow the text (ΐ is 2 bytes, its uppercase 6): stop at the limit.
                    if out.count > limit { return result.setTooBig() }
                } else {
                    out.append(byte)
                    i += 1
                }
            }
            if out.count > limit { return result.setTooBig() }
            out.withUnsafeBufferPointer { result.setText(utf8: $0) }
        }
    }

    @inline(__always) static func asciiUpper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
    @inline(__always) static func asciiLower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
    @inline(__always) static func same(_ b: UInt8) -> UInt8 { b }
}
