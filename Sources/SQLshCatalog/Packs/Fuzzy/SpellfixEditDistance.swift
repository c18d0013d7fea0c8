import SQLshCore

/// `fuzzy_editdist(a, b)` / `edit_distance`: the weighted edit distance of SQLite's spellfix
/// (`editdist3`'s predecessor), as sqlean has it.
enum SpellfixEditDistance {
    static let entry = fuzzyEntry(
        "fuzzy_editdist", arity: "2", arguments: "a, b", summary: "spellfix's weighted edit distance between two texts",
        details: """
            fuzzy_editdist(a, b) is the edit distance of SQLite's spellfix extension, with costs \
            scaled by 100 that depend on how letters sound: substituting a letter of the same \
            group (vowels, b/f/p/v/w, c/g/j/k/q/s/x/z, d/t, m/n) costs 40, another consonant 75, \
            anything else 100, a change of case 0; inserting or deleting a silent h or \
            apostrophe costs 1, a doubled letter 10, a vowel next to r 20, a vowel in a vowel \
            cluster 15, a consonant after one of its group 50, others 100; insertions at the end \
            of the word cost a quarter. A final '*' in a makes it a prefix (fuzzy_editdist('ab*', \
            'abcdef') is 0). Identical texts give 0. NULL fails with "NULL input to editdist()" \
            as in sqlean. Beyond sqlean, which fails with "non-ASCII input to editdist()", \
            other characters are accepted: an accented letter belongs to the group of its \
            transliteration (é is a vowel, ç is in the c group), and letters that differ only \
            in case (É, é) substitute for 0. A byte that is not valid UTF-8 is a character of its \
            own group; an embedded NUL ends neither text. \(EditDistances.quadratic)
            """,
        example: "select fuzzy_editdist('awesome', 'aewsme'), fuzzy_editdist('abc', 'ABC');  -- 215|0",
        make: make)
    static let editDistance = alias("edit_distance", of: entry) { make("edit_distance") }

    @Sendable static func make(_ name: String) -> [SQLFunction] {
        let scratch = EditDistanceScratch()
        return [SQLFunction(name, argumentCount: 2, options: .pure) { arguments, result in
            let x = arguments[0], y = arguments[1]
            if x.isNull || y.isNull {
                throw TextError("NULL input to editdist()")
            }
            let a = x.textBytes, b = y.textBytes
            try DistanceInput.checkSize(a, b, function: name)
            result.set(scratch.distance(a, b))
        }]
    }
}

/// A character for the spellfix costs: its value (for equality), the value its case is
/// ignored by, and its classes at the start of a word and inside one (those of itself for
/// ASCII, of the transliteration's letter otherwise, "other" for what has none).
struct SpellfixUnit {
    var value: UInt32
    /// Equal for two characters that substitute for 0: ASCII letters lowercased; other
    /// characters up to U+10FFFF by Unicode simple case folding, tagged so that they never
    /// equal an ASCII character; anything else (an invalid byte) itself.
    var fold: UInt32
    var initialClass: UInt8
    var middleClass: UInt8

    /// No character: before the first and after the last.
    static var none: SpellfixUnit {
        SpellfixUnit(value: 0, fold: 0, initialClass: SpellfixClass.other, middleClass: SpellfixClass.other)
    }

    init(value: UInt32, fold: UInt32, initialClass: UInt8, middleClass: UInt8) {
        (self.value, self.fold, self.initialClass, self.middleClass) = (value, fold, initialClass, middleClass)
    }

    /// An invalid byte's unit: a character of its own, class "other".
    init(invalid value: UInt32) {
        self.init(value: value, fold: value, initialClass: SpellfixClass.other, middleClass: SpellfixClass.other)
    }

    init(_ scalar: UInt32) {
        let proxy: UInt8
        let fold: UInt32
        if scalar < 0x80 {
            proxy = UInt8(scalar)
            fold = scalar >= 0x41 && scalar <= 0x5A ? scalar | 0x20 : scalar
        } else {
            proxy = scalar <= 0x10FFFF ? Translit.asciiLetter(scalar) ?? 0x7F : 0x7F
            fold = scalar <= 0x10FFFF ? UnicodeScalarMapping.simpleFold(scalar) | 0x8000_0000 : scalar
        }
        self.init(value: scalar, fold: fold, initialClass: SpellfixClass.initial[Int(proxy & 0x7F)],
                  middleClass: SpellfixClass.middle[Int(proxy & 0x7F)])
    }
}

/// The buffers of `fuzzy_editdist` (`edit_distance`), reused from row to row by one function on
/// one connection.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class EditDistanceScratch: @unchecked Sendable {
    /// The two texts' characters (each followed by ``SpellfixUnit/none``), then the row of
    /// costs and the character each cost's path ends with, moved into local variables for each
    /// call: the inner loop works on buffer pointers (a class's array property pays an
    /// exclusivity check on every access).
    private var units: [SpellfixUnit] = []
    private var costs: [Int] = []
    private var companions: [SpellfixUnit] = []
    /// The same for two ASCII texts, as bytes (0 is no character, as a unit's value 0 is).
    private var bytes: [UInt8] = []
    private var byteCompanions: [UInt8] = []

    /// Appends the characters of `bytes`, then ``SpellfixUnit/none``.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into units: inout [SpellfixUnit]) {
        ScalarDecoding.forEachUnit(bytes) { scalar, invalidByte in
            units.append(invalidByte ? SpellfixUnit(invalid: ScalarDecoding.invalidUnit(UInt8(scalar))) : SpellfixUnit(scalar))
        }
        units.append(.none)
    }

    func distance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        isASCII(x) && isASCII(y) ? asciiDistance(x, y) : unitDistance(x, y)
    }

    /// ``distance(_:_:)`` on characters (any text; ASCII texts take ``asciiDistance(_:_:)``).
    func unitDistance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        // The buffers are passed inout: one exclusivity check per call, none per access.
        Self.unitDistance(x, y, units: &units, costs: &costs, companions: &companions)
    }

    private static func unitDistance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>,
                                     units: inout [SpellfixUnit], costs: inout [Int], companions: inout [SpellfixUnit]) -> Int {
        units.removeAll(keepingCapacity: true)
        decode(x, into: &units)
        let countA = units.count - 1
        decode(y, into: &units)
        return run(UnitCosts(), units, countA: countA, countB: units.count - countA - 2, costs: &costs, companions: &companions)
    }

    /// ``distance(_:_:)`` for two ASCII texts: the same costs, computed on bytes with the class
    /// tables at hand, fewer instructions per cell than on units.
    func asciiDistance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        Self.asciiDistance(x, y, bytes: &bytes, costs: &costs, companions: &byteCompanions)
    }

    private static func asciiDistance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>,
                                      bytes: inout [UInt8], costs: inout [Int], companions: inout [UInt8]) -> Int {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: x)
        bytes.append(0)
        bytes.append(contentsOf: y)
        bytes.append(0)
        return ByteTableCosts.tables.withUnsafeBufferPointer { tables in
            run(ByteTableCosts(tables: tables.baseAddress.unsafelyUnwrapped),
                bytes, countA: x.count, countB: y.count, costs: &costs, companions: &companions)
        }
    }

    /// The distance between the first `countA` characters of `units` and the `countB` after
    /// them (each text followed by no character), with one cost and one companion for each
    /// character of the second text and one before them.
    private static func run<C: SpellfixCosts>(_ c: C, _ units: [C.Unit], countA: Int, countB: Int,
                                              costs: inout [Int], companions: inout [C.Unit]) -> Int {
        costs.removeAll(keepingCapacity: true)
        costs.append(contentsOf: repeatElement(0, count: countB + 1))
        companions.removeAll(keepingCapacity: true)
        companions.append(contentsOf: repeatElement(c.none, count: countB + 1))
        return units.withUnsafeBufferPointer { all in
            costs.withUnsafeMutableBufferPointer { costs in
                companions.withUnsafeMutableBufferPointer { companions in
                    let base = all.baseAddress.unsafelyUnwrapped
                    return spellfixDistance(c, base, countA, base + countA + 1, countB,
                                            costs: costs.baseAddress.unsafelyUnwrapped, companions: companions.baseAddress.unsafelyUnwrapped)
                }
            }
        }
    }
}

// MARK: Costs

private func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
}

/// The characters and costs the spellfix distance is computed with: ``SpellfixUnit``s for any
/// text, bytes for ASCII texts (the same rules, a byte's value standing for a unit's value and
/// fold). 0 (a unit of value 0) is no character.
private protocol SpellfixCosts {
    associatedtype Unit
    var none: Unit { get }
    func value(_ c: Unit) -> UInt32
    func characterClass(_ previous: Unit, _ c: Unit) -> UInt8
    /// Whether `from` substitutes for `to` at no cost: the same character, or its other case.
    func foldsAlike(_ from: Unit, _ to: Unit) -> Bool
    /// The cost of inserting or deleting `c` after `previous`, before `next`.
    func insertOrDeleteCost(_ previous: Unit, _ c: Unit, _ next: Unit) -> Int
    /// The cost of substituting `to` for `from` after `previous`.
    func substituteCost(_ previous: Unit, _ from: Unit, _ to: Unit) -> Int
}

extension SpellfixCosts {
    func insertOrDeleteCost(_ previous: Unit, _ c: Unit, _ next: Unit) -> Int { ruleInsertOrDeleteCost(previous, c, next) }

    func substituteCost(_ previous: Unit, _ from: Unit, _ to: Unit) -> Int { ruleSubstituteCost(previous, from, to) }

    /// spellfix's rules for an insertion or deletion.
    func ruleInsertOrDeleteCost(_ previous: Unit, _ c: Unit, _ next: Unit) -> Int {
        let classC = characterClass(previous, c)
        if classC == SpellfixClass.silent { return 1 }
        if value(previous) == value(c) { return 10 }
        let r = UInt32(UInt8(ascii: "r"))
        if classC == SpellfixClass.vowel, value(previous) == r || value(next) == r { return 20 }
        if classC == characterClass(previous, previous) { return classC == SpellfixClass.vowel ? 15 : 50 }
        return 100
    }

    /// spellfix's rules for a substitution.
    func ruleSubstituteCost(_ previous: Unit, _ from: Unit, _ to: Unit) -> Int {
        if foldsAlike(from, to) { return 0 }
        let classFrom = characterClass(previous, from), classTo = characterClass(previous, to)
        if classFrom == classTo { return 40 }
        if (SpellfixClass.b...SpellfixClass.y).contains(classFrom), (SpellfixClass.b...SpellfixClass.y).contains(classTo) {
            return 75
        }
        return 100
    }
}

/// Costs on ``SpellfixUnit``s: classes and fold worked out when the text was decoded.
private struct UnitCosts: SpellfixCosts {
    var none: SpellfixUnit { .none }
    func value(_ c: SpellfixUnit) -> UInt32 { c.value }
    func characterClass(_ previous: SpellfixUnit, _ c: SpellfixUnit) -> UInt8 {
        previous.value == 0 ? c.initialClass : c.middleClass
    }
    func foldsAlike(_ from: SpellfixUnit, _ to: SpellfixUnit) -> Bool { from.fold == to.fold }
}

/// Costs on ASCII bytes, with the class tables at hand.
private struct ByteCosts: SpellfixCosts {
    let initial: UnsafePointer<UInt8>
    let middle: UnsafePointer<UInt8>

    var none: UInt8 { 0 }
    func value(_ c: UInt8) -> UInt32 { UInt32(c) }
    func characterClass(_ previous: UInt8, _ c: UInt8) -> UInt8 {
        previous == 0 ? initial[Int(c & 0x7F)] : middle[Int(c & 0x7F)]
    }
    func foldsAlike(_ from: UInt8, _ to: UInt8) -> Bool {
        from == to || ((to | 0x20) >= 0x61 && (to | 0x20) <= 0x7A && from == to ^ 0x20)
    }
}

/// Costs on ASCII bytes looked up in tables made once from ``ByteCosts``'s rules: no branch
/// per cost (the rules' branches on random text were mispredicted often).
private struct ByteTableCosts: SpellfixCosts {
    /// Insertion or deletion costs at `(next == "r") << 14 | previous << 7 | c`, then
    /// substitution costs at `1 << 15 | (previous == 0) << 14 | from << 7 | to`.
    static let tables: [UInt8] = SpellfixClass.initial.withUnsafeBufferPointer { initial in
        SpellfixClass.middle.withUnsafeBufferPointer { middle in
            let rules = ByteCosts(initial: initial.baseAddress.unsafelyUnwrapped, middle: middle.baseAddress.unsafelyUnwrapped)
            var tables = [UInt8](repeating: 0, count: 1 << 16)
            for previous in 0..<128 {
                for c in 0..<128 {
                    let p = UInt8(previous), u = UInt8(c)
                    tables[previous << 7 | c] = UInt8(rules.ruleInsertOrDeleteCost(p, u, 0))
                    tables[1 << 14 | previous << 7 | c] = UInt8(rules.ruleInsertOrDeleteCost(p, u, UInt8(ascii: "r")))
                    // substituteCost looks at previous only for whether it is 0; from is `previous` here.
                    tables[1 << 15 | previous << 7 | c] = UInt8(rules.ruleSubstituteCost(1, p, u))
                    tables[1 << 15 | 1 << 14 | previous << 7 | c] = UInt8(rules.ruleSubstituteCost(0, p, u))
                }
            }
            return tables
        }
    }

    let tables: UnsafePointer<UInt8>

    var none: UInt8 { 0 }
    func value(_ c: UInt8) -> UInt32 { UInt32(c) }
    // Not used: the costs come from the tables.
    func characterClass(_ previous: UInt8, _ c: UInt8) -> UInt8 { 0 }
    func foldsAlike(_ from: UInt8, _ to: UInt8) -> Bool {
        from == to || ((to | 0x20) >= 0x61 && (to | 0x20) <= 0x7A && from == to ^ 0x20)
    }
    func insertOrDeleteCost(_ previous: UInt8, _ c: UInt8, _ next: UInt8) -> Int {
        let r = next == UInt8(ascii: "r") ? 1 << 14 : 0
        return Int(tables[r | Int(previous & 0x7F) << 7 | Int(c & 0x7F)])
    }
    func substituteCost(_ previous: UInt8, _ from: UInt8, _ to: UInt8) -> Int {
        let initial = previous == 0 ? 1 << 14 : 0
        return Int(tables[1 << 15 | initial | Int(from & 0x7F) << 7 | Int(to & 0x7F)])
    }
}

/// The distance between the `countA` characters at `a` and the `countB` at `b` (each followed
/// by no character), with room for `countB + 1` costs and companions. Specialized for each kind
/// of character.
private func spellfixDistance<C: SpellfixCosts>(_ c: C, _ a: UnsafePointer<C.Unit>, _ countA: Int,
                                                _ b: UnsafePointer<C.Unit>, _ countB: Int,
                                                costs: UnsafeMutablePointer<Int>,
                                                companions: UnsafeMutablePointer<C.Unit>) -> Int {
    // Skip the common prefix; its last character is the context of what follows.
    var start = 0
    var context = c.none
    while start < countA, start < countB, c.value(a[start]) == c.value(b[start]) {
        context = a[start]
        start += 1
    }
    let nA = countA - start, nB = countB - start
    if nA == 0 && nB == 0 { return 0 }
    // unitA[nA] and unitB[nB] are the "no character" after each text.
    let unitA = a + start, unitB = b + start
    if nA == 0 {
        var total = 0, previous = context
        for i in 0..<nB {
            total += c.insertOrDeleteCost(previous, unitB[i], unitB[i + 1]) / 4
            previous = unitB[i]
        }
        return total
    }
    if nB == 0 {
        var total = 0, previous = context
        for i in 0..<nA {
            total += c.insertOrDeleteCost(previous, unitA[i], unitA[i + 1])
            previous = unitA[i]
        }
        return total
    }
    let star = UInt32(UInt8(ascii: "*"))
    if nA == 1, c.value(unitA[0]) == star { return 0 }

    costs[0] = 0
    companions[0] = context
    var previousB = context
    for j in 1...nB {
        let cB = unitB[j - 1]
        companions[j] = cB
        costs[j] = costs[j - 1] + c.insertOrDeleteCost(previousB, cB, unitB[j])
        previousB = cB
    }
    var previousA = context
    var stoppedAtStar = false
    for i in 1...nA {
        let last = i == nA
        let cA = unitA[i - 1]
        if c.value(cA) == star, last {
            stoppedAtStar = true
            break
        }
        var diagonal = costs[0]
        costs[0] = diagonal + c.insertOrDeleteCost(previousA, cA, unitA[i])
        var left = costs[0]  // costs[j - 1], already updated
        var leftCompanion = companions[0]  // companions[j - 1], already updated
        // Costs are at most 100 a character: sums of them cannot overflow (&+, no checks).
        var j = 1
        while j <= nB {
            let cB = unitB[j &- 1], next = unitB[j]
            var insert = c.insertOrDeleteCost(leftCompanion, cB, next)
            if last { insert >>= 2 }  // a quarter at the end of the word (costs are positive)
            let up = costs[j], upCompanion = companions[j]
            let delete = c.insertOrDeleteCost(upCompanion, cA, next)
            let substitute = c.substituteCost(leftCompanion, cA, cB)
            var total = insert &+ left
            var companion = cB
            if delete &+ up < total {
                total = delete &+ up
                companion = cA
            }
            if substitute &+ diagonal < total { total = substitute &+ diagonal }
            diagonal = up
            costs[j] = total
            companions[j] = companion
            left = total
            leftCompanion = companion
            j &+= 1
        }
        previousA = cA
    }
    if stoppedAtStar { return UnsafeBufferPointer(start: costs + 1, count: nB).min() ?? 0 }
    return costs[nB]
}
