import CPCRE2

/// A deterministic automaton for the common, simple patterns (literals, `.`, classes, `\d\w\s`,
/// groups, alternation, `* + ? {n,m}`, a leading `^` and a trailing `$`), used by the
/// yes-or-no functions (`REGEXP`, `regexpi`, `regexp_like`) when the text is ASCII: one table
/// look-up per byte, in linear time, instead of a call into PCRE2 per row.
///
/// It gives exactly PCRE2's answer for ASCII texts (`.` does not match LF, `$` also matches
/// before a final LF, `\s` includes VT, negated classes match LF, caseless folds ASCII
/// letters). Anything else in the pattern (non-ASCII bytes, lookarounds, back-references,
/// `\b`, inline options, possessive quantifiers, POSIX classes, ...) gives no automaton and
/// PCRE2 does the work.
struct AsciiDFA {
    /// `transitions[state << 7 | byte]`: the next state. Plain pointers (freed by
    /// ``deallocate()``), so that matching a row does no reference counting.
    private let transitions: UnsafeMutablePointer<UInt16>
    private let accepting: UnsafeMutablePointer<Bool>
    /// The state with no way to accept (only when the pattern starts with `^`), else -1.
    private let dead: Int
    private let anchoredEnd: Bool

    /// Builds the automaton, or nil when the pattern is outside the supported subset or the
    /// automaton would be too large.
    private let dollarAtEndOnly: Bool

    /// Also for SQLite's dialect of REGEXP: `dotMatchesLF` (PCRE2_DOTALL) and `dollarAtEndOnly`
    /// (PCRE2_DOLLAR_ENDONLY).
    init?(pattern: UnsafeBufferPointer<UInt8>, caseless: Bool, dotMatchesLF: Bool = false, dollarAtEndOnly: Bool = false) {
        guard AsciiDFA.newlineIsLF else { return nil }
        self.dollarAtEndOnly = dollarAtEndOnly
        var parser = Parser(pattern: pattern, caseless: caseless, dotMatchesLF: dotMatchesLF)
        guard let (node, anchoredStart, anchoredEnd) = parser.parseTop() else { return nil }
        var nfa = NFA()
        let start = nfa.newState()
        guard let end = nfa.compile(node, from: start), nfa.count <= NFA.maximumStates else { return nil }
        guard let (transitions, accepting, dead) = nfa.determinize(start: start, accept: end,
                                                                   unanchoredStart: !anchoredStart) else { return nil }
        self.transitions = .allocate(capacity: transitions.count)
        self.transitions.initialize(from: transitions, count: transitions.count)
        self.accepting = .allocate(capacity: accepting.count)
        self.accepting.initialize(from: accepting, count: accepting.count)
        self.dead = dead
        self.anchoredEnd = anchoredEnd
    }

    /// Frees the tables (the owner calls it once, when the pattern goes).
    func deallocate() {
        transitions.deallocate()
        accepting.deallocate()
    }

    // Forced inlining in this file: Benchmarks/catalog.sh (REGEXP): every byte matched.
    /// Whether the pattern matches somewhere in `subject`, which must be ASCII.
    @inline(__always)
    func matches(_ subject: UnsafeBufferPointer<UInt8>) -> Bool {
        let table = transitions
        var state = 0
        if anchoredEnd {
            // '$' matches at the end and (unless at the end only) before a final LF.
            let n = subject.count
            var k = 0
            while k < n {
                if !dollarAtEndOnly, k == n - 1, subject[k] == 10, accepting[state] { return true }
                state = Int(table[state &<< 7 | Int(subject[k])])
                if state == dead { return false }
                k += 1
            }
            return accepting[state]
        }
        if accepting[0] { return true }
        for byte in subject {
            state = Int(table[state &<< 7 | Int(byte)])
            if accepting[state] { return true }
            if state == dead { return false }
        }
        return false
    }

    /// Whether this PCRE2 library ends lines at LF only (what `.` and `$` assume here).
    static let newlineIsLF: Bool = {
        var newline: UInt32 = 0
        guard pcre2_config_8(UInt32(PCRE2_CONFIG_NEWLINE), &newline) >= 0 else { return false }
        return newline == UInt32(PCRE2_NEWLINE_LF)
    }()
}

/// A set of ASCII bytes.
private struct ByteSet: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    static let all = ByteSet(low: ~0, high: ~0)

    func contains(_ byte: Int) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
    }
    mutating func insert(_ byte: Int) {
        if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
    }
    mutating func insert(_ range: ClosedRange<Int>) { for b in range { insert(b) } }
    mutating func formUnion(_ other: ByteSet) { low |= other.low; high |= other.high }
    var inverted: ByteSet { ByteSet(low: ~low, high: ~high) }

    /// ASCII letters added in their other case.
    var caseFolded: ByteSet {
        var result = self
        for b in 65...90 where contains(b) || contains(b + 32) {
            result.insert(b)
            result.insert(b + 32)
        }
        return result
    }

    static func digits() -> ByteSet { var s = ByteSet(); s.insert(48...57); return s }
    static func word() -> ByteSet {
        var s = ByteSet(); s.insert(48...57); s.insert(65...90); s.insert(97...122); s.insert(95); return s
    }
    static func space() -> ByteSet { var s = ByteSet(); s.insert(9...13); s.insert(32); return s }
}

private indirect enum Node {
    case set(ByteSet)
    case concat([Node])
    case alternation([Node])
    case repetition(Node, min: Int, max: Int?)
}

/// A recursive-descent parser for the supported subset; nil for anything else.
private struct Parser {
    let p: UnsafeBufferPointer<UInt8>
    let caseless: Bool
    let dotMatchesLF: Bool
    var i = 0
    var depth = 0

    init(pattern: UnsafeBufferPointer<UInt8>, caseless: Bool, dotMatchesLF: Bool) {
        self.p = pattern
        self.caseless = caseless
        self.dotMatchesLF = dotMatchesLF
    }

    var atEnd: Bool { i >= p.count }
    var peek: UInt8? { i < p.count ? p[i] : nil }

    /// The whole pattern: an optional `^`, the body, an optional `$` (anchors only around a
    /// body without a top-level `|`).
    mutating func parseTop() -> (Node, Bool, Bool)? {
        if p.contains(where: { $0 >= 0x80 }) { return nil }
        var anchoredStart = false
        if peek == UInt8(ascii: "^") { anchoredStart = true; i += 1 }
        var end = p.count
        var anchoredEnd = false
        if end > i, p[end - 1] == UInt8(ascii: "$") {
            // A '$' preceded by an odd number of backslashes is a literal.
            var backslashes = 0
            var k = end - 2
            while k >= i, p[k] == UInt8(ascii: "\\") { backslashes += 1; k -= 1 }
            if backslashes % 2 == 0 { anchoredEnd = true; end -= 1 }
        }
        var body = Parser(pattern: UnsafeBufferPointer(rebasing: p[..<end]), caseless: caseless, dotMatchesLF: dotMatchesLF)
        body.i = i
        guard let node = body.parseAlternation(), body.atEnd else { return nil }
        if anchoredStart || anchoredEnd, case .alternation = node { return nil }
        return (node, anchoredStart, anchoredEnd)
    }

    mutating func parseAlternation() -> Node? {
        depth += 1
        defer { depth -= 1 }
        guard depth < 50 else { return nil }
        var branches: [Node] = []
        while true {
            guard let branch = parseConcat() else { return nil }
            branches.append(branch)
            if peek == UInt8(ascii: "|") { i += 1; continue }
            break
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseConcat() -> Node? {
        var items: [Node] = []
        while let c = peek, c != UInt8(ascii: "|"), c != UInt8(ascii: ")") {
            guard var atom = parseAtom() else { return nil }
            while let q = peek, q == UInt8(ascii: "*") || q == UInt8(ascii: "+") || q == UInt8(ascii: "?")
                    || q == UInt8(ascii: "{") {
                guard let (min, max) = parseQuantifier() else { return nil }
                if peek == UInt8(ascii: "+") { return nil }  // possessive: changes what matches
                if peek == UInt8(ascii: "?") { i += 1 }  // lazy: the same yes-or-no answer
                atom = .repetition(atom, min: min, max: max)
            }
            items.append(atom)
        }
        return .concat(items)
    }

    mutating func parseQuantifier() -> (Int, Int?)? {
        let c = p[i]
        i += 1
        switch c {
        case UInt8(ascii: "*"): return (0, nil)
        case UInt8(ascii: "+"): return (1, nil)
        case UInt8(ascii: "?"): return (0, 1)
        default:
            guard let min = parseNumber() else { return nil }
            if peek == UInt8(ascii: "}") { i += 1; return (min, min) }
            guard peek == UInt8(ascii: ",") else { return nil }
            i += 1
            if peek == UInt8(ascii: "}") { i += 1; return (min, nil) }
            guard let max = parseNumber(), max >= min, peek == UInt8(ascii: "}") else { return nil }
            i += 1
            return (min, max)
        }
    }

    mutating func parseNumber() -> Int? {
        var n = 0
        var digits = 0
        while let c = peek, c >= 48, c <= 57 {
            n = n * 10 + Int(c - 48)
            digits += 1
            i += 1
            if n > 100 { return nil }
        }
        return digits > 0 ? n : nil
    }

    mutating func parseAtom() -> Node? {
        let c = p[i]
        i += 1
        switch c {
        case UInt8(ascii: "("):
            if peek == UInt8(ascii: "?") {
                guard i + 1 < p.count, p[i + 1] == UInt8(ascii: ":") else { return nil }
                i += 2
            } else if peek == UInt8(ascii: "*") {
                return nil
            }
            guard let inner = parseAlternation(), peek == UInt8(ascii: ")") else { return nil }
            i += 1
            return inner
        case UInt8(ascii: "."):
            var s = ByteSet.all
            if !dotMatchesLF { s.low &= ~(1 << 10) }
            return .set(s)
        case UInt8(ascii: "["):
            return parseClass().map { .set($0) }
        case UInt8(ascii: "\\"):
            guard let set = parseEscape(inClass: false) else { return nil }
            return .set(set)
        case UInt8(ascii: "^"), UInt8(ascii: "$"), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "]"):
            return nil  // anchors inside, stray quantifiers and brackets: leave them to PCRE2
        default:
            return .set(literal(Int(c)))
        }
    }

    func literal(_ byte: Int) -> ByteSet {
        var s = ByteSet()
        s.insert(byte)
        return caseless ? s.caseFolded : s
    }

    /// After a backslash: a class escape or an escaped punctuation character.
    mutating func parseEscape(inClass: Bool) -> ByteSet? {
        guard let c = peek else { return nil }
        i += 1
        switch c {
        case UInt8(ascii: "d"): return .digits()
        case UInt8(ascii: "D"): return ByteSet.digits().inverted
        case UInt8(ascii: "w"): return .word()
        case UInt8(ascii: "W"): return ByteSet.word().inverted
        case UInt8(ascii: "s"): return .space()
        case UInt8(ascii: "S"): return ByteSet.space().inverted
        case UInt8(ascii: "t"): return literal(9)
        case UInt8(ascii: "n"): return literal(10)
        case UInt8(ascii: "r"): return literal(13)
        default:
            // Escaped punctuation is itself; letters and digits are other escapes
            // (\b, \1, \x, \p, ...), control characters and space are left to PCRE2.
            let isPunctuation = (33...47).contains(c) || (58...64).contains(c) || (91...96).contains(c)
                || (123...126).contains(c)
            return isPunctuation ? literal(Int(c)) : nil
        }
    }

    /// A bracketed class after its `[`.
    mutating func parseClass() -> ByteSet? {
        var negated = false
        if peek == UInt8(ascii: "^") { negated = true; i += 1 }
        if peek == UInt8(ascii: "]") { return nil }  // a leading ']' is literal in PCRE2: not handled
        var set = ByteSet()
        while true {
            guard let c = peek else { return nil }
            if c == UInt8(ascii: "]") { i += 1; break }
            if c == UInt8(ascii: "[") { return nil }  // POSIX classes and friends
            var low: Int
            if c == UInt8(ascii: "\\") {
                i += 1
                guard let next = peek else { return nil }
                if [UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "w"), UInt8(ascii: "W"),
                    UInt8(ascii: "s"), UInt8(ascii: "S")].contains(next) {
                    guard let escaped = parseEscape(inClass: true) else { return nil }
                    set.formUnion(escaped)
                    if peek == UInt8(ascii: "-"), i + 1 < p.count, p[i + 1] != UInt8(ascii: "]") { return nil }
                    continue
                }
                switch next {
                case UInt8(ascii: "t"): low = 9
                case UInt8(ascii: "n"): low = 10
                case UInt8(ascii: "r"): low = 13
                default:
                    let isPunctuation = (33...47).contains(next) || (58...64).contains(next)
                        || (91...96).contains(next) || (123...126).contains(next)
                    guard isPunctuation else { return nil }
                    low = Int(next)
                }
                i += 1
            } else {
                low = Int(c)
                i += 1
            }
            // A range a-z (a '-' first or last is literal).
            if peek == UInt8(ascii: "-"), i + 1 < p.count, p[i + 1] != UInt8(ascii: "]") {
                i += 1
                guard let h = peek, h != UInt8(ascii: "\\"), h != UInt8(ascii: "[") else { return nil }
                i += 1
                guard Int(h) >= low else { return nil }
                set.insert(low...Int(h))
            } else {
                set.insert(low)
            }
        }
        if caseless { set = set.caseFolded }
        if negated {
            set = set.inverted
        }
        return set
    }
}

/// A Thompson automaton with epsilon moves.
private struct NFA {
    static let maximumStates = 1000
    static let maximumDFAStates = 512

    var moves: [(set: ByteSet, to: Int)?] = []
    var epsilons: [[Int]] = []

    var count: Int { moves.count }

    mutating func newState() -> Int {
        moves.append(nil)
        epsilons.append([])
        return moves.count - 1
    }

    /// Adds `node` after state `start`; returns its end state, or nil when too large.
    mutating func compile(_ node: Node, from start: Int) -> Int? {
        guard count <= NFA.maximumStates else { return nil }
        switch node {
        case .set(let set):
            let end = newState()
            moves[start] = (set, end)
            // A state has one byte move at most: give the next one a fresh state.
            return end
        case .concat(let items):
            var current = start
            for item in items {
                // Keep byte moves on states of their own.
                if moves[current] != nil {
                    let next = newState()
                    epsilons[current].append(next)
                    current = next
                }
                guard let end = compile(item, from: current) else { return nil }
                current = end
            }
            return current
        case .alternation(let branches):
            let end = newState()
            for branch in branches {
                let branchStart = newState()
                epsilons[start].append(branchStart)
                guard let branchEnd = compile(branch, from: branchStart) else { return nil }
                epsilons[branchEnd].append(end)
            }
            return end
        case .repetition(let inner, let min, let max):
            var current = start
            for _ in 0..<min {
                let next = newState()
                epsilons[current].append(next)
                guard let end = compile(inner, from: next) else { return nil }
                current = end
            }
            if let max {
                let end = newState()
                for _ in min..<max {
                    epsilons[current].append(end)
                    let next = newState()
                    epsilons[current].append(next)
                    guard let innerEnd = compile(inner, from: next) else { return nil }
                    current = innerEnd
                }
                epsilons[current].append(end)
                return end
            }
            let loop = newState()
            epsilons[current].append(loop)
            let body = newState()
            epsilons[loop].append(body)
            guard let bodyEnd = compile(inner, from: body) else { return nil }
            epsilons[bodyEnd].append(loop)
            let end = newState()
            epsilons[loop].append(end)
            return end
        }
    }

    /// A set of NFA states as bits.
    typealias StateSet = [UInt64]

    func emptySet() -> StateSet { StateSet(repeating: 0, count: (count + 63) / 64) }

    @inline(__always)
    static func contains(_ set: StateSet, _ s: Int) -> Bool { set[s >> 6] & (1 << UInt64(s & 63)) != 0 }
    @inline(__always)
    static func insert(_ set: inout StateSet, _ s: Int) { set[s >> 6] |= 1 << UInt64(s & 63) }

    func closure(_ states: inout StateSet, _ stack: inout [Int]) {
        while let s = stack.popLast() {
            for t in epsilons[s] where !NFA.contains(states, t) {
                NFA.insert(&states, t)
                stack.append(t)
            }
        }
    }

    /// Subset construction over the 128 ASCII bytes. State 0 is the start. Returns nil when
    /// the automaton would have too many states or take too long to build.
    func determinize(start: Int, accept: Int, unanchoredStart: Bool) -> ([UInt16], [Bool], Int)? {
        var startSet = emptySet()
        NFA.insert(&startSet, start)
        var stack = [start]
        closure(&startSet, &stack)
        // The states with a byte move, the only ones a byte can leave from.
        let movers = (0..<count).filter { moves[$0] != nil }

        var index: [StateSet: Int] = [:]
        var sets: [StateSet] = []
        var transitions: [UInt16] = []
        var accepting: [Bool] = []
        var budget = 4_000_000
        func add(_ set: StateSet) -> Int? {
            if let existing = index[set] { return existing }
            guard sets.count < NFA.maximumDFAStates else { return nil }
            index[set] = sets.count
            sets.append(set)
            accepting.append(NFA.contains(set, accept))
            transitions.append(contentsOf: repeatElement(0, count: 128))
            return sets.count - 1
        }
        _ = add(startSet)
        let empty = emptySet()
        var next = 0
        while next < sets.count {
            let current = sets[next]
            let active = movers.filter { NFA.contains(current, $0) }
            budget -= 128 * (active.count + count / 64 + 1)
            guard budget > 0 else { return nil }
            for byte in 0..<128 {
                var target = unanchoredStart ? startSet : empty
                stack.removeAll(keepingCapacity: true)
                for s in active {
                    let move = moves[s].unsafelyUnwrapped
                    if move.set.contains(byte), !NFA.contains(target, move.to) {
                        NFA.insert(&target, move.to)
                        stack.append(move.to)
                    }
                }
                closure(&target, &stack)
                guard let t = add(target) else { return nil }
                transitions[next << 7 | byte] = UInt16(t)
            }
            next += 1
        }
        // The dead state: the empty set (reached only without the unanchored start).
        return (transitions, accepting, index[empty] ?? -1)
    }
}
