import SQLshCore

/// `fuzzy_caver(text)` / `caverphone`: Caverphone 2.0 as sqlean computes it.
enum Caverphone {
    static let entry = fuzzyEntry(
        "fuzzy_caver", arity: "1", arguments: "text", summary: "Caverphone 2.0 code of a text",
        details: """
            fuzzy_caver(text) is the Caverphone 2.0 phonetic code (ten characters) as sqlean \
            computes it: only the lower-case letters a-z are kept (as in sqlean, upper-case \
            letters are dropped, not lower-cased: fuzzy_caver('Stevenson') is 'TFNSN11111' \
            while fuzzy_caver('stevenson') is 'STFNSN1111'), the Caverphone rewriting rules are \
            applied in order, and the code is padded with 1 to ten characters. A text with no \
            lower-case letter gives '1111111111'. \(PhoneticCodes.common)
            """,
        example: "select fuzzy_caver('awesome'), fuzzy_caver('stevenson');  -- 'AWSM111111'|'STFNSN1111'",
        make: { PhoneticCodes.function($0, code) })
    static let caverphone = alias("caverphone", of: entry) { PhoneticCodes.function("caverphone", code) }

    /// Where a rule applies: at the start, at the end, everywhere (left to right, without
    /// overlaps), or to each run of the letter.
    enum Place { case start, end, everywhere, runs }

    /// A rewriting rule. No rule makes the word longer (`to` is never longer than `from`), so
    /// each is applied in place, left to right.
    struct Rule {
        let place: Place
        let from: [UInt8]
        let to: [UInt8]
        init(_ place: Place, _ from: String, _ to: String) {
            self.place = place
            self.from = Array(from.utf8)
            self.to = Array(to.utf8)
            precondition(self.to.count <= self.from.count && !self.from.isEmpty)
        }
    }

    /// The rules in the order they apply.
    static let rules: [Rule] = [
        Rule(.end, "e", ""),
        Rule(.start, "cough", "cou2f"), Rule(.start, "rough", "rou2f"), Rule(.start, "tough", "tou2f"),
        Rule(.start, "enough", "enou2f"), Rule(.start, "trough", "trou2f"), Rule(.start, "gn", "2n"),
        Rule(.end, "mb", "m2"),
        Rule(.everywhere, "cq", "2q"), Rule(.everywhere, "ci", "si"), Rule(.everywhere, "ce", "se"),
        Rule(.everywhere, "cy", "sy"), Rule(.everywhere, "tch", "2ch"), Rule(.everywhere, "c", "k"),
        Rule(.everywhere, "q", "k"), Rule(.everywhere, "x", "k"), Rule(.everywhere, "v", "f"),
        Rule(.everywhere, "dg", "2g"), Rule(.everywhere, "tio", "sio"), Rule(.everywhere, "tia", "sia"),
        Rule(.everywhere, "d", "t"), Rule(.everywhere, "ph", "fh"), Rule(.everywhere, "b", "p"),
        Rule(.everywhere, "sh", "s2"), Rule(.everywhere, "z", "s"),
        Rule(.start, "a", "A"), Rule(.start, "e", "A"), Rule(.start, "i", "A"), Rule(.start, "o", "A"), Rule(.start, "u", "A"),
        Rule(.everywhere, "a", "3"), Rule(.everywhere, "e", "3"), Rule(.everywhere, "i", "3"), Rule(.everywhere, "o", "3"),
        Rule(.everywhere, "u", "3"),
        Rule(.everywhere, "j", "y"), Rule(.start, "y3", "Y3"), Rule(.start, "y", "A"), Rule(.everywhere, "y", "3"),
        Rule(.everywhere, "3gh3", "3kh3"), Rule(.everywhere, "gh", "22"), Rule(.everywhere, "g", "k"),
        Rule(.runs, "s", "S"), Rule(.runs, "t", "T"), Rule(.runs, "p", "P"), Rule(.runs, "k", "K"), Rule(.runs, "f", "F"),
        Rule(.runs, "m", "M"), Rule(.runs, "n", "N"),
        Rule(.everywhere, "w3", "W3"), Rule(.everywhere, "wh3", "Wh3"), Rule(.end, "w", "3"),
        Rule(.everywhere, "w", "2"), Rule(.start, "h", "A"), Rule(.everywhere, "h", "2"),
        Rule(.everywhere, "r3", "R3"), Rule(.end, "r", "3"), Rule(.everywhere, "r", "2"),
        Rule(.everywhere, "l3", "L3"), Rule(.end, "l", "3"), Rule(.everywhere, "l", "2"),
        Rule(.everywhere, "2", ""), Rule(.end, "3", "A"), Rule(.everywhere, "3", ""),
    ]

    static func code(_ s: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        if s.isEmpty { return }
        // The lower-case letters, rewritten in place by each rule in turn.
        let letters = s.reduce(0) { $1 >= UInt8(ascii: "a") && $1 <= UInt8(ascii: "z") ? $0 + 1 : $0 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(letters, 1)) { buffer in
            let word = buffer.baseAddress.unsafelyUnwrapped
            var n = 0
            for c in s where c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") {
                word[n] = c
                n += 1
            }
            rules.withUnsafeBufferPointer { rules in
                for rule in rules { n = apply(rule, to: word, count: n) }
            }
            for i in 0..<10 { out.append(i < n ? word[i] : UInt8(ascii: "1")) }
        }
    }

    /// Applies `rule` to the `n` bytes at `word` in place; the new length.
    static func apply(_ rule: Rule, to word: UnsafeMutablePointer<UInt8>, count n: Int) -> Int {
        rule.from.withUnsafeBufferPointer { from in
            rule.to.withUnsafeBufferPointer { to in
                apply(rule.place, from: from, to: to, to: word, count: n)
            }
        }
    }

    private static func apply(_ place: Place, from: UnsafeBufferPointer<UInt8>, to: UnsafeBufferPointer<UInt8>,
                              to word: UnsafeMutablePointer<UInt8>, count n: Int) -> Int {
        let k = from.count, m = to.count
        func matches(at i: Int) -> Bool {
            guard i >= 0, i + k <= n else { return false }
            for j in 0..<k where word[i + j] != from[j] { return false }
            return true
        }
        switch place {
        case .start:
            guard matches(at: 0) else { return n }
            for j in 0..<m { word[j] = to[j] }
            if m < k { for i in k..<n { word[i - k + m] = word[i] } }
            return n - k + m
        case .end:
            guard matches(at: n - k) else { return n }
            for j in 0..<m { word[n - k + j] = to[j] }
            return n - k + m
        case .everywhere:
            // Writing never overtakes reading: a match is replaced by no more bytes.
            let first = from[0]
            var i = 0, w = 0
            while i < n {
                if word[i] == first, matches(at: i) {
                    for j in 0..<m { word[w + j] = to[j] }
                    w += m
                    i += k
                } else {
                    word[w] = word[i]
                    w += 1
                    i += 1
                }
            }
            return w
        case .runs:
            let letter = from[0], replacement = to[0]
            var i = 0, w = 0
            while i < n {
                if word[i] == letter {
                    while i < n, word[i] == letter { i += 1 }  // read the run before writing over it
                    word[w] = replacement
                    w += 1
                } else {
                    word[w] = word[i]
                    w += 1
                    i += 1
                }
            }
            return w
        }
    }
}
