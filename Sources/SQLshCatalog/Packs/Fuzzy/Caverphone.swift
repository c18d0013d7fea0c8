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

    struct Rule {
        let place: Place
        let from: [UInt8]
        let to: [UInt8]
        init(_ place: Place, _ from: String, _ to: String) {
            self.place = place
            self.from = Array(from.utf8)
            self.to = Array(to.utf8)
        }
    }

    /// The rules in the order they apply.
    static let rules: [Rule] = {
        var rules: [Rule] = [
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
        ]
        for vowel in ["a", "e", "i", "o", "u"] { rules.append(Rule(.start, vowel, "A")) }
        for vowel in ["a", "e", "i", "o", "u"] { rules.append(Rule(.everywhere, vowel, "3")) }
        rules += [
            Rule(.everywhere, "j", "y"), Rule(.start, "y3", "Y3"), Rule(.start, "y", "A"), Rule(.everywhere, "y", "3"),
            Rule(.everywhere, "3gh3", "3kh3"), Rule(.everywhere, "gh", "22"), Rule(.everywhere, "g", "k"),
        ]
        for letter in ["s", "t", "p", "k", "f", "m", "n"] { rules.append(Rule(.runs, letter, letter.uppercased())) }
        rules += [
            Rule(.everywhere, "w3", "W3"), Rule(.everywhere, "wh3", "Wh3"), Rule(.end, "w", "3"),
            Rule(.everywhere, "w", "2"), Rule(.start, "h", "A"), Rule(.everywhere, "h", "2"),
            Rule(.everywhere, "r3", "R3"), Rule(.end, "r", "3"), Rule(.everywhere, "r", "2"),
            Rule(.everywhere, "l3", "L3"), Rule(.end, "l", "3"), Rule(.everywhere, "l", "2"),
            Rule(.everywhere, "2", ""), Rule(.end, "3", "A"), Rule(.everywhere, "3", ""),
        ]
        return rules
    }()

    static func code(_ s: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
        if s.isEmpty { return }
        var word = s.filter { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        var rewritten: [UInt8] = []
        rewritten.reserveCapacity(word.count * 2)
        for rule in rules {
            apply(rule, to: word, into: &rewritten)
            swap(&word, &rewritten)
        }
        word.append(contentsOf: repeatElement(UInt8(ascii: "1"), count: 10))
        out.append(contentsOf: word[0..<10])
    }

    static func apply(_ rule: Rule, to word: [UInt8], into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        let from = rule.from, n = word.count, k = from.count
        @inline(__always) func matches(at i: Int) -> Bool {
            guard i >= 0, i + k <= n else { return false }
            for j in 0..<k where word[i + j] != from[j] { return false }
            return true
        }
        switch rule.place {
        case .start:
            if matches(at: 0) {
                out += rule.to
                out += word[k...]
            } else {
                out += word
            }
        case .end:
            if matches(at: n - k) {
                out += word[..<(n - k)]
                out += rule.to
            } else {
                out += word
            }
        case .everywhere:
            var i = 0
            while i < n {
                if matches(at: i) {
                    out += rule.to
                    i += k
                } else {
                    out.append(word[i])
                    i += 1
                }
            }
        case .runs:
            var i = 0
            while i < n {
                if word[i] == from[0] {
                    out += rule.to
                    while i < n, word[i] == from[0] { i += 1 }
                } else {
                    out.append(word[i])
                    i += 1
                }
            }
        }
    }
}
