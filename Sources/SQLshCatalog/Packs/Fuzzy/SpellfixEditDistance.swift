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

/// A character for the spellfix costs: its value (for equality) and the ASCII character whose
/// class it takes (itself for ASCII, the transliteration's letter otherwise, DEL = "other").
struct SpellfixUnit: Equatable {
    var value: UInt32
    var proxy: UInt8
    static let none = SpellfixUnit(value: 0, proxy: 0)

    init(value: UInt32, proxy: UInt8) {
        self.value = value
        self.proxy = proxy
    }

    init(_ scalar: UInt32) {
        value = scalar
        if scalar < 0x80 {
            proxy = UInt8(scalar)
        } else if scalar <= 0x10FFFF, let letter = Translit.asciiLetter(scalar) {
            proxy = letter
        } else {
            proxy = 0x7F
        }
    }

    static func == (a: SpellfixUnit, b: SpellfixUnit) -> Bool { a.value == b.value }
}

/// The buffers of `fuzzy_editdist` (`edit_distance`), reused from row to row by one function on
/// one connection.
///
/// `@unchecked Sendable`: it is mutable, but used only inside calls of one connection's
/// function, which SQLite makes one at a time (a connection is not used from two threads at
/// once).
final class EditDistanceScratch: @unchecked Sendable {
    private var a: [SpellfixUnit] = []
    private var b: [SpellfixUnit] = []
    private var costs: [Int] = []
    private var companions: [SpellfixUnit] = []

    @inline(__always)
    static func characterClass(_ previous: SpellfixUnit, _ c: SpellfixUnit) -> UInt8 {
        previous.value == 0 ? SpellfixClass.initial[Int(c.proxy & 0x7F)] : SpellfixClass.middle[Int(c.proxy & 0x7F)]
    }

    static func insertOrDeleteCost(_ previous: SpellfixUnit, _ c: SpellfixUnit, _ next: SpellfixUnit) -> Int {
        let classC = characterClass(previous, c)
        if classC == SpellfixClass.silent { return 1 }
        if previous == c { return 10 }
        let r = UInt32(UInt8(ascii: "r"))
        if classC == SpellfixClass.vowel, previous.value == r || next.value == r { return 20 }
        if classC == characterClass(previous, previous) { return classC == SpellfixClass.vowel ? 15 : 50 }
        return 100
    }

    static func substituteCost(_ previous: SpellfixUnit, _ from: SpellfixUnit, _ to: SpellfixUnit) -> Int {
        if from == to { return 0 }
        if to.value < 0x80, (to.value | 0x20) >= 0x61, (to.value | 0x20) <= 0x7A, from.value == to.value ^ 0x20 { return 0 }
        if from.value >= 0x80, to.value >= 0x80, from.value <= 0x10FFFF, to.value <= 0x10FFFF,
           UnicodeScalarMapping.simpleFold(from.value) == UnicodeScalarMapping.simpleFold(to.value) { return 0 }
        let classFrom = characterClass(previous, from), classTo = characterClass(previous, to)
        if classFrom == classTo { return 40 }
        if (SpellfixClass.b...SpellfixClass.y).contains(classFrom), (SpellfixClass.b...SpellfixClass.y).contains(classTo) {
            return 75
        }
        return 100
    }

    private func decode(_ bytes: UnsafeBufferPointer<UInt8>, into units: inout [SpellfixUnit]) {
        units.removeAll(keepingCapacity: true)
        ScalarDecoding.forEachUnit(bytes) { scalar, invalidByte in
            units.append(invalidByte ? SpellfixUnit(value: ScalarDecoding.invalidUnit(UInt8(scalar)), proxy: 0x7F)
                                     : SpellfixUnit(scalar))
        }
    }

    func distance(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        decode(x, into: &a)
        decode(y, into: &b)
        // Skip the common prefix; its last character is the context of what follows.
        var start = 0
        var context = SpellfixUnit.none
        while start < a.count, start < b.count, a[start] == b[start] {
            context = a[start]
            start += 1
        }
        let nA = a.count - start, nB = b.count - start
        if nA == 0 && nB == 0 { return 0 }
        @inline(__always) func unitA(_ i: Int) -> SpellfixUnit { i < nA ? a[start + i] : .none }
        @inline(__always) func unitB(_ i: Int) -> SpellfixUnit { i < nB ? b[start + i] : .none }
        if nA == 0 {
            var total = 0, previous = context
            for i in 0..<nB {
                total += Self.insertOrDeleteCost(previous, unitB(i), unitB(i + 1)) / 4
                previous = unitB(i)
            }
            return total
        }
        if nB == 0 {
            var total = 0, previous = context
            for i in 0..<nA {
                total += Self.insertOrDeleteCost(previous, unitA(i), unitA(i + 1))
                previous = unitA(i)
            }
            return total
        }
        let star = SpellfixUnit(value: UInt32(UInt8(ascii: "*")), proxy: UInt8(ascii: "*"))
        if nA == 1, unitA(0) == star { return 0 }

        costs.removeAll(keepingCapacity: true)
        companions.removeAll(keepingCapacity: true)
        costs.append(0)
        companions.append(context)
        var previousB = context
        for j in 1...nB {
            let cB = unitB(j - 1)
            companions.append(cB)
            costs.append(costs[j - 1] + Self.insertOrDeleteCost(previousB, cB, unitB(j)))
            previousB = cB
        }
        var previousA = context
        var stoppedAtStar = false
        for i in 1...nA {
            let last = i == nA
            let cA = unitA(i - 1)
            if cA == star, last {
                stoppedAtStar = true
                break
            }
            var diagonal = costs[0]
            costs[0] = diagonal + Self.insertOrDeleteCost(previousA, cA, unitA(i))
            for j in 1...nB {
                let cB = unitB(j - 1), next = unitB(j)
                var insert = Self.insertOrDeleteCost(companions[j - 1], cB, next)
                if last { insert /= 4 }
                let delete = Self.insertOrDeleteCost(companions[j], cA, next)
                let substitute = Self.substituteCost(companions[j - 1], cA, cB)
                var total = insert + costs[j - 1]
                var companion = cB
                if delete + costs[j] < total {
                    total = delete + costs[j]
                    companion = cA
                }
                if substitute + diagonal < total { total = substitute + diagonal }
                diagonal = costs[j]
                costs[j] = total
                companions[j] = companion
            }
            previousA = cA
        }
        if stoppedAtStar { return costs[1...nB].min() ?? 0 }
        return costs[nB]
    }
}
