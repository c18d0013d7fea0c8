import CPCRE2
@testable import SQLshCatalog
import SQLshCore
import Testing

/// The automaton that answers REGEXP for simple patterns on ASCII text must give PCRE2's
/// answer: random patterns of the supported subset on random texts, both ways.
@Suite struct AsciiDFATests {
    let engine = RegexEngine()

    func compile(_ pattern: String, caseless: Bool = false) throws -> CompiledPattern {
        let bytes = Array(pattern.utf8)
        return try bytes.withUnsafeBufferPointer {
            try CompiledPattern($0, options: caseless ? PCRE2_CASELESS : 0, function: "test")
        }
    }

    /// PCRE2's answer and the automaton's (nil when there is none).
    func answers(_ pattern: CompiledPattern, _ subject: String) throws -> (Bool, Bool?) {
        var bytes = Array(subject.utf8)
        bytes.append(0)
        let pcre = try bytes.withUnsafeBufferPointer {
            try pattern.match($0.baseAddress!, length: $0.count - 1, from: 0, context: engine.matchContext, function: "test")
        }
        let dfa = bytes.withUnsafeBufferPointer { buffer in
            pattern.asciiDFA.map { $0.matches(UnsafeBufferPointer(rebasing: buffer[0..<(buffer.count - 1)])) }
        }
        return (pcre, dfa)
    }

    @Test func simplePatternsGetAnAutomaton() throws {
        for pattern in ["[0-9]{3}", "abc", "^a.c$", "(ab|cd)+x?", "\\d+\\.\\d*", "[^a-z_]", "", "^$", "a{2,5}b{0,}",
                        "(?:x|y)*z", "\\w+@\\w+\\.com", "[\\d\\s-]+", "a\\$", "\\\\$", "a+?b??"] {
            #expect(try compile(pattern).asciiDFA != nil, "\(pattern)")
        }
        for pattern in ["\\bword", "(a)\\1", "a(?=b)", "(?i)abc", "a++", "[[:alpha:]]", "é", "\\x41", "a|b$", "^a|b",
                        "a{,3}", "(*UTF)a", "\\p{L}", "a{1000}", "[]a]", "\\Qa\\E"] {
            #expect(try compile(pattern).asciiDFA == nil, "\(pattern)")
        }
    }

    @Test func knownCases() throws {
        let cases: [(String, String, Bool)] = [
            ("[0-9]{3}", "ab123", true), ("[0-9]{3}", "a12b3", false), ("^a.c$", "abc", true), ("^a.c$", "abc\n", true),
            ("^a.c$", "abc\n\n", false), ("^a.c$", "a\nc", false), ("a$", "ba\n", true), ("[^b]", "\n", true),
            ("\\s", "\u{0B}", true), ("^$", "", true), ("^$", "\n", true), ("", "", true), ("x*", "abc", true),
            ("a\\$", "a$", true), ("a\\$", "a", false), ("\\\\$", "x\\", true), ("(ab|cd)+x?$", "zzcdab", true),
            ("\\D", "12", false), ("\\W+", "ab_9", false), ("a{2,3}", "aXaa", true), ("^a{2,3}$", "aaaa", false),
        ]
        for (pattern, subject, expected) in cases {
            let compiled = try compile(pattern)
            let (pcre, dfa) = try answers(compiled, subject)
            #expect(pcre == expected, "PCRE2 \(pattern) on \(Array(subject.utf8))")
            #expect(dfa == expected, "DFA \(pattern) on \(Array(subject.utf8))")
        }
        let caseless = try compile("^[a-c]+X$", caseless: true)
        #expect(try answers(caseless, "AbCx").1 == true)
        #expect(try answers(caseless, "AbDx").1 == false)
    }

    /// Random patterns from the subset, on random texts: the two answers agree.
    @Test func agreesWithPCRE2OnRandomPatterns() throws {
        var rng = SplitMix(seed: 0x5EED)
        let atoms = ["a", "b", "c", "A", "x", ".", "\\d", "\\w", "\\s", "\\D", "\\W", "\\S", "[a-c]", "[^ab]", "[\\d_]",
                     "[A-Z0-9]", "\\.", "\\n", "-", "[-a]", "[a-]", "1", " "]
        let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "*?", "+?", "{0,2}"]
        func atom(_ depth: Int) -> String {
            if depth < 2, rng.next(8) == 0 {
                return (rng.next(2) == 0 ? "(" : "(?:") + alternation(depth + 1) + ")"
            }
            return atoms[rng.next(atoms.count)]
        }
        func concat(_ depth: Int) -> String {
            (0..<(1 + rng.next(4))).map { _ in atom(depth) + quantifiers[rng.next(quantifiers.count)] }.joined()
        }
        func alternation(_ depth: Int) -> String {
            (0..<(1 + (rng.next(4) == 0 ? 1 : 0))).map { _ in concat(depth) }.joined(separator: "|")
        }
        let alphabet = Array("abcxA1_. \n-B9".utf8)
        var withAutomaton = 0
        for _ in 0..<600 {
            var pattern = alternation(0)
            if !pattern.contains("|") {
                if rng.next(3) == 0 { pattern = "^" + pattern }
                if rng.next(3) == 0 { pattern += "$" }
            }
            let caseless = rng.next(4) == 0
            let compiled = try compile(pattern, caseless: caseless)
            guard compiled.asciiDFA != nil else { continue }
            withAutomaton += 1
            for _ in 0..<25 {
                let subject = String(decoding: (0..<rng.next(14)).map { _ in alphabet[rng.next(alphabet.count)] }, as: UTF8.self)
                let (pcre, dfa) = try answers(compiled, subject)
                #expect(pcre == dfa, "\(pattern)\(caseless ? " (caseless)" : "") on \(Array(subject.utf8))")
            }
        }
        #expect(withAutomaton > 500)
    }

    /// Through SQL: non-ASCII texts go to PCRE2, ASCII ones to the automaton. REGEXP and
    /// regexpi have SQLite's ASCII classes and case folding; regexp_like PCRE2's Unicode ones.
    @Test func sqlUsesBothPaths() throws {
        let db = try catalogConnection()
        #expect(try rows(db, "select '٣٤٥' regexp '\\d{3}', 'a345' regexp '\\d{3}', 'é' regexp '^.$', 'e' regexp '^.$', 'ab' regexp '^.$'")
                == [[.integer(0), .integer(1), .integer(1), .integer(1), .integer(0)]])
        #expect(try rows(db, "select regexpi('^k$', 'K'), regexpi('^k$', 'k'), regexpi('^k$', char(0x212A)), regexp_like('A-1', '^[a-z]-\\d$')")
                == [[.integer(1), .integer(1), .integer(0), .integer(0)]])
        #expect(try rows(db, "select regexp_like('٣٤٥', '\\d{3}'), regexp_like(char(0x212A), '(?i)^k$')")
                == [[.integer(1), .integer(1)]])
        // Not UTF-8: neither path, the bad byte read as U+FFFD (SQLite's regexp), no error.
        #expect(try value(db, "select regexp('a', cast(x'61ff' as text))") == .integer(1))
    }
}

/// A small deterministic random number generator for reproducible tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
