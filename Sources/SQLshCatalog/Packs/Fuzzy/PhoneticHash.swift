import SQLshCore

/// `fuzzy_phonetic(text)` / `phonetic_hash`: spellfix's phonetic hash, byte for byte as sqlean.
enum PhoneticHash {
    static let entry = fuzzyEntry(
        "fuzzy_phonetic", arity: "1", arguments: "text", summary: "spellfix's phonetic hash of a text",
        details: """
            fuzzy_phonetic(text) is the phonetic hash of SQLite's spellfix extension, as sqlean \
            computes it: each character is replaced by the symbol of its sound group (A for \
            vowels, B for b f p v w, C for c g j k q s x z, D for d t, L, R, M for m n, Y for an \
            initial y, 9 for digits), silent h and apostrophes and spaces are dropped, other \
            characters are dropped unless they follow a digit (then ?), vowels next to l or r \
            are dropped, repeats are merged, and an initial gn or kn and the w of wr, the d of \
            dj/dg and the t of tch are silent (lower case only, as in sqlean). As in sqlean it \
            works on bytes and classifies a byte by its low 7 bits, so é (0xC3 0xA9) gives \
            C: use fuzzy_phonetic(fuzzy_translit(text)) for accented text. NULL gives NULL; '' \
            gives ''; numbers and blobs are hashed as their text form; an embedded NUL counts \
            as an other character (sqlean stops there).
            """,
        example: "select fuzzy_phonetic('awesome'), fuzzy_phonetic('knight');  -- 'ABACAMA'|'MACD'",
        make: make)
    static let phoneticHash = alias("phonetic_hash", of: entry) { make("phonetic_hash") }

    @Sendable static func make(_ name: String) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 1, options: .pure) { arguments, result in
            let value = arguments[0]
            if value.isNull { return result.setNull() }
            let input = value.textBytes
            // At most one symbol per input byte, written into the result's buffer.
            result.write(.text, capacity: input.count) { out in hash(input, into: out) }
        }]
    }

    /// Writes the hash of `input` (at most `input.count` bytes) and returns its length.
    static func hash(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        table.withUnsafeBufferPointer { table in
            hash(input, into: out, table: table.baseAddress.unsafelyUnwrapped)
        }
    }

    /// The initial classes (bytes 0-127), the middle classes (128-255) and the symbols of the
    /// classes (from 256), in one table: one lazy global to reach per call, not three (each
    /// costs a `swift_once` check).
    private static let table: [UInt8] = SpellfixClass.initial + SpellfixClass.middle + SpellfixClass.symbols
    private static let middleOffset = 128, symbolOffset = 256

    /// The loop of spellfix's phonetic_hash. Written for the usual letter: the look-ahead for
    /// the silent w of wr, d of dj/dg and t of tch is made for those three letters only, and
    /// the class table is switched once, at the first letter kept (sqlean does the same; a
    /// look-ahead on every byte and a table chosen per byte cost 1,340 instructions a row
    /// against sqlean's 1,060 on the benchmark's 10-40 character texts).
    private static func hash(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                             table: UnsafePointer<UInt8>) -> Int {
        guard let start = input.baseAddress else { return 0 }
        var p = start
        let end = start + input.count
        if input.count > 2, p[0] == UInt8(ascii: "g") || p[0] == UInt8(ascii: "k"), p[1] == UInt8(ascii: "n") {
            p += 1
        }
        let sentinel: UInt8 = 0x77
        var previous = sentinel, previousKept = sentinel
        var classes = table
        var count = 0
        while p < end {
            let c = p.pointee
            p += 1  // the next byte, if any
            if c == UInt8(ascii: "w") || c == UInt8(ascii: "d") || c == UInt8(ascii: "t"), p < end {
                let next = p.pointee
                switch c {
                case UInt8(ascii: "w"): if next == UInt8(ascii: "r") { continue }
                case UInt8(ascii: "d"): if next == UInt8(ascii: "j") || next == UInt8(ascii: "g") { continue }
                default: if next == UInt8(ascii: "c"), p + 1 < end, p[1] == UInt8(ascii: "h") { continue }
                }
            }
            let k = classes[Int(c & 0x7F)]
            if k == SpellfixClass.space { continue }
            if k == SpellfixClass.other, previous != SpellfixClass.digit { continue }
            classes = table + middleOffset
            if k == SpellfixClass.vowel, previousKept == SpellfixClass.r || previousKept == SpellfixClass.l { continue }
            if k == SpellfixClass.r || k == SpellfixClass.l, previousKept == SpellfixClass.vowel, count > 0 {
                count &-= 1
            }
            previous = k
            if k == SpellfixClass.silent { continue }
            previousKept = k
            let symbol = table[symbolOffset &+ Int(k)]
            if count == 0 || out[count &- 1] != symbol {
                out[count] = symbol
                count &+= 1
            }
        }
        return count
    }
}
