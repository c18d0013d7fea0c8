import SQLshCore

/// `unhex(X[, Y])` (SQLite 3.41): hex text to a blob; characters of Y may stand between bytes.
enum Unhex {
    /// The code point at `i` of UTF-8 `bytes` as SQLite's Utf8Read reads it, and the index after it.
    static func readCharacter(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int) {
        var c = UInt32(bytes[i])
        var j = i + 1
        guard c >= 0xc0 else { return (c, j) }
        c = UInt32(utf8Lead[Int(c - 0xc0)])
        while j < bytes.count && bytes[j] & 0xc0 == 0x80 {
            c = (c << 6) + UInt32(bytes[j] & 0x3f)
            j += 1
        }
        if c < 0x80 || c & 0xffff_f800 == 0xd800 || c & 0xffff_fffe == 0xfffe { c = 0xfffd }
        return (c, j)
    }

    /// SQLite's sqlite3Utf8Trans1: the value bits of a lead byte 0xc0... 0xff.
    static let utf8Lead: [UInt8] = [
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
        0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x00, 0x01, 0x02, 0x03, 0x00, 0x01, 0x00, 0x00,
    ]

    static func contains(_ set: UnsafeBufferPointer<UInt8>, _ character: UInt32) -> Bool {
        var i = 0
        while i < set.count {
            let (c, next) = readCharacter(set, i)
            if c == character { return true }
            i = next
        }
        return false
    }

    /// Writes the bytes into `out` (room for `hex.count / 2`) and returns their count, or nil
    /// where SQLite's unhex gives NULL.
    static func decode(_ hex: UnsafeBufferPointer<UInt8>, passing pass: UnsafeBufferPointer<UInt8>,
                       into out: UnsafeMutablePointer<UInt8>) -> Int? {
        var j = 0
        var i = 0
        // The text ends at its first NUL, as SQLite reads it.
        let end = hex.firstIndex(of: 0) ?? hex.count
        while i < end {
            var high = HexDigit.value(hex[i])
            while high == nil {
                let (c, next) = readCharacter(UnsafeBufferPointer(rebasing: hex[..<end]), i)
                if !contains(pass, c) { return nil }
                i = next
                if i >= end { return j }
                high = HexDigit.value(hex[i])
            }
            i += 1
            guard i < end, let h = high, let low = HexDigit.value(hex[i]) else { return nil }
            i += 1
            out[j] = h << 4 | low
            j += 1
        }
        return j
    }

    static let entry = CatalogFunction(
        arguments: "x[, y]",
        summary: "the blob that the hex text X spells (SQLite 3.41)",
        details: """
            unhex(X) reads X as text of hexadecimal digit pairs (either case) and returns the \
            blob they spell; unhex(X, Y) also lets any character of Y stand between two bytes \
            (not inside one). Any other character, or an odd digit, gives NULL, as does a NULL \
            argument; unhex('') is an empty blob. As SQLite 3.41 and later.
            """,
        example: "SELECT hex(unhex('ab-CD', '-'));  -- 'ABCD'",
        functions: {
            [1, 2].map { count in
                SQLFunction("unhex", argumentCount: count, options: .pure, writingResult: { arguments, result in
                    if arguments[0].isNull || (count == 2 && arguments[1].isNull) { return result.setNull() }
                    let hex = arguments[0].textBytes
                    let pass = count == 2 ? arguments[1].textBytes : UnsafeBufferPointer(start: nil, count: 0)
                    // Written in place: each byte takes two digits of the text.
                    guard result.write(.blob, capacity: hex.count / 2, { decode(hex, passing: pass, into: $0) }) else {
                        return result.setNull()
                    }
                })
            }
        })
}
