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
        SpellfixClass.initial.withUnsafeBufferPointer { initialClasses in
            SpellfixClass.middle.withUnsafeBufferPointer { middleClasses in
                SpellfixClass.symbols.withUnsafeBufferPointer { symbols in
                    hash(input, into: out, initialClasses: initialClasses, middleClasses: middleClasses, symbols: symbols)
                }
            }
        }
    }

    @inline(__always)
    private static func hash(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                             initialClasses: UnsafeBufferPointer<UInt8>, middleClasses: UnsafeBufferPointer<UInt8>,
                             symbols: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var s = input
        if s.count > 2, s[0] == UInt8(ascii: "g") || s[0] == UInt8(ascii: "k"), s[1] == UInt8(ascii: "n") {
            s = UnsafeBufferPointer(rebasing: s[1...])
        }
        let sentinel: UInt8 = 0x77
        var previous = sentinel, previousKept = sentinel
        var initial = true
        let n = s.count
        for i in 0..<n {
            let c = s[i]
            if i + 1 < n {
                let next = s[i + 1]
                if c == UInt8(ascii: "w"), next == UInt8(ascii: "r") { continue }
                if c == UInt8(ascii: "d"), next == UInt8(ascii: "j") || next == UInt8(ascii: "g") { continue }
                if i + 2 < n, c == UInt8(ascii: "t"), next == UInt8(ascii: "c"), s[i + 2] == UInt8(ascii: "h") { continue }
            }
            let k = (initial ? initialClasses : middleClasses)[Int(c & 0x7F)]
            if k == SpellfixClass.space { continue }
            if k == SpellfixClass.other, previous != SpellfixClass.digit { continue }
            initial = false
            if k == SpellfixClass.vowel, previousKept == SpellfixClass.r || previousKept == SpellfixClass.l { continue }
            if k == SpellfixClass.r || k == SpellfixClass.l, previousKept == SpellfixClass.vowel, count > 0 {
                count -= 1
            }
            previous = k
            if k == SpellfixClass.silent { continue }
            previousKept = k
            let symbol = symbols[Int(k)]
            if count == 0 || out[count - 1] != symbol {
                out[count] = symbol
                count += 1
            }
        }
        return count
    }
}
