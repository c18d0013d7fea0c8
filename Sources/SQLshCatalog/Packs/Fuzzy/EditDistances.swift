import SQLshCore

/// sqlean's edit distances: Levenshtein, Damerau-Levenshtein, its optimal string alignment
/// and Hamming, on characters.
enum EditDistances {
    static let common = """
        Characters are compared exactly (case-sensitive), as Unicode scalars: sqlean accepts \
        ASCII only ("arguments should be ASCII strings"), and for ASCII the results are the \
        same. A byte that is not valid UTF-8 counts as one character; an embedded NUL is a \
        character (sqlean stops there). NULL in either argument fails with "arguments should \
        not be NULL", as in sqlean; numbers and blobs are compared as their text form.
        """
    static let quadratic = """
        Time grows with the product of the lengths, memory with the shorter one only; texts \
        whose lengths multiply to more than 1,000,000,000 characters (two texts of about \
        31,000 characters, or 1,000 and 1,000,000) fail with "<name>: the texts are too long \
        to compare ...", because a running function cannot be interrupted with Ctrl-C.
        """

    static let leven = fuzzyEntry(
        "fuzzy_leven", arity: "2", arguments: "a, b", summary: "Levenshtein distance between two texts",
        details: """
            fuzzy_leven(a, b) is the Levenshtein distance: the least number of single-character \
            insertions, deletions and substitutions that turn a into b. \(common) \(quadratic)
            """,
        example: "select fuzzy_leven('awesome', 'aewsme');  -- 3", make: makeLeven)
    static let levenshteinAlias = alias("levenshtein", of: leven) { makeLeven("levenshtein") }

    @Sendable static func makeLeven(_ name: String) -> [SQLFunction] {
        distanceFunction(name) { input, x, y, result in
            result.set(input.withUnits(x, y, ascii: { levenshtein($0, $1, input) }, unicode: { levenshtein($0, $1, input) }))
        }
    }

    static let damlev = fuzzyEntry(
        "fuzzy_damlev", arity: "2", arguments: "a, b", summary: "Damerau-Levenshtein distance between two texts",
        details: """
            fuzzy_damlev(a, b) is the (unrestricted) Damerau-Levenshtein distance: as \
            Levenshtein, but swapping two adjacent characters also costs 1, and swapped \
            characters may be edited again (fuzzy_damlev('ca', 'abc') is 2, where the optimal \
            string alignment gives 3). \(common) \(quadratic) Memory is one row of the shorter \
            text per distinct character the two texts share (a few rows for ordinary text); \
            when that would exceed 8,388,608 cells (64 MB) the call fails with "<name>: too \
            many distinct characters to compare".
            """,
        example: "select fuzzy_damlev('awesome', 'aewsme'), fuzzy_damlev('ca', 'abc');  -- 2|2", make: makeDamlev)
    static let dlevenshtein = alias("dlevenshtein", of: damlev) { makeDamlev("dlevenshtein") }

    @Sendable static func makeDamlev(_ name: String) -> [SQLFunction] {
        let scratch = DamerauScratch()
        return distanceFunction(name) { input, x, y, result in
            let distance = try input.withUnits(x, y, ascii: { try scratch.distance($0, $1, function: name) },
                                               unicode: { try scratch.distance($0, $1, function: name) })
            result.set(distance)
        }
    }

    static let osa = fuzzyEntry(
        "fuzzy_osadist", arity: "2", arguments: "a, b", summary: "sqlean's optimal string alignment distance",
        details: """
            fuzzy_osadist(a, b) is sqlean's optimal string alignment distance, computed exactly \
            as sqlean does, including its quirk: the transposition test looks one character \
            ahead, so a swap of two adjacent characters usually costs 2 rather than 1 \
            (fuzzy_osadist('ab', 'ba') is 2, fuzzy_osadist('awesome', 'aewsme') is 3). \
            Use fuzzy_damlev for a distance where a swap costs 1. \(common) \(quadratic)
            """,
        example: "select fuzzy_osadist('awesome', 'aewsme'), fuzzy_osadist('abcd', 'acbd');  -- 3|2", make: makeOSA)
    static let osaDistance = alias("osa_distance", of: osa) { makeOSA("osa_distance") }

    @Sendable static func makeOSA(_ name: String) -> [SQLFunction] {
        distanceFunction(name) { input, x, y, result in
            result.set(input.withUnits(x, y, ascii: { optimalStringAlignment($0, $1, input) },
                                       unicode: { optimalStringAlignment($0, $1, input) }))
        }
    }

    static let hamming = fuzzyEntry(
        "fuzzy_hamming", arity: "2", arguments: "a, b", summary: "Hamming distance between two texts of equal length",
        details: """
            fuzzy_hamming(a, b) is the number of positions at which the characters of a and b \
            differ. Texts of different lengths (in characters) give -1, not an error, as in \
            sqlean; fuzzy_hamming('', '') is 0. Linear time, no size limit. \(common)
            """,
        example: "select fuzzy_hamming('abc', 'adc'), fuzzy_hamming('abc', 'ab');  -- 1|-1", make: makeHamming)
    static let hammingAlias = alias("hamming", of: hamming) { makeHamming("hamming") }

    @Sendable static func makeHamming(_ name: String) -> [SQLFunction] {
        distanceFunction(name, quadratic: false) { input, x, y, result in
            result.set(input.withUnits(x, y, ascii: { hammingDistance($0, $1) }, unicode: { hammingDistance($0, $1) }))
        }
    }

    // MARK: Algorithms

    /// Levenshtein with one row over the shorter text.
    static func levenshtein<E: FixedWidthInteger>(_ x: UnsafeBufferPointer<E>, _ y: UnsafeBufferPointer<E>,
                                                  _ input: DistanceInput) -> Int {
        let (long, short) = x.count >= y.count ? (x, y) : (y, x)
        let m = short.count
        if m == 0 { return long.count }
        if E.bitWidth == 8, m <= 64 {
            return UnsafeRawBufferPointer(long).withMemoryRebound(to: UInt8.self) { long in
                UnsafeRawBufferPointer(short).withMemoryRebound(to: UInt8.self) { short in
                    bitParallelLevenshtein(long, short, input)
                }
            }
        }
        var row = input.row(0, count: m + 1)
        defer { input.keep(row, at: 0) }
        return row.withUnsafeMutableBufferPointer { d in
            for j in 0...m { d[j] = j }
            for i in 1...long.count {
                let c = long[i - 1]
                var diagonal = d[0]
                d[0] = i
                for j in 1...m {
                    let above = d[j]
                    let substitution = diagonal + (short[j - 1] == c ? 0 : 1)
                    d[j] = Swift.min(substitution, Swift.min(above, d[j - 1]) + 1)
                    diagonal = above
                }
            }
            return d[m]
        }
    }

    /// Levenshtein for byte texts whose shorter one has at most 64 bytes, a column of the table
    /// at a time in two 64-bit words (Myers' bit-vector algorithm in Hyyrö's form): the
    /// differences between vertically adjacent cells are kept as bits, +1 in `plus`, -1 in
    /// `minus`, and each character of the longer text updates all of them at once.
    static func bitParallelLevenshtein(_ long: UnsafeBufferPointer<UInt8>, _ short: UnsafeBufferPointer<UInt8>,
                                       _ input: DistanceInput) -> Int {
        let m = short.count
        return input.positions.withUnsafeMutableBufferPointer { positions in
            for (i, c) in short.enumerated() { positions[Int(c)] |= 1 << UInt64(i) }
            defer { for c in short { positions[Int(c)] = 0 } }
            let last: UInt64 = 1 << UInt64(m - 1)
            var plus: UInt64 = ~0, minus: UInt64 = 0
            var distance = m
            for c in long {
                let equal = positions[Int(c)]
                let xv = equal | minus
                let xh = (((equal & plus) &+ plus) ^ plus) | equal
                var horizontalPlus = minus | ~(xh | plus)
                var horizontalMinus = plus & xh
                if horizontalPlus & last != 0 {
                    distance += 1
                } else if horizontalMinus & last != 0 {
                    distance -= 1
                }
                horizontalPlus = (horizontalPlus << 1) | 1
                horizontalMinus <<= 1
                plus = horizontalMinus | ~(xv | horizontalPlus)
                minus = horizontalPlus & xv
            }
            return distance
        }
    }

    /// sqlean's optimal string alignment (see the entry's details), with three rows over the
    /// shorter text (the algorithm is symmetric).
    static func optimalStringAlignment<E: FixedWidthInteger>(_ x: UnsafeBufferPointer<E>, _ y: UnsafeBufferPointer<E>,
                                                             _ input: DistanceInput) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prefix = 0
        while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
        let x = UnsafeBufferPointer(rebasing: x[prefix...]), y = UnsafeBufferPointer(rebasing: y[prefix...])
        let (a, b) = x.count >= y.count ? (x, y) : (y, x)
        let n = a.count, m = b.count
        if m == 0 { return n }
        // Past the end, a character equal to no real one.
        func at(_ s: UnsafeBufferPointer<E>, _ i: Int) -> UInt64 { i < s.count ? UInt64(s[i]) : UInt64.max }
        var r0 = input.row(0, count: m + 1), r1 = input.row(1, count: m + 1), r2 = input.row(2, count: m + 1)
        defer { input.keep(r0, at: 0); input.keep(r1, at: 1); input.keep(r2, at: 2) }
        // r2 = row i-2, r1 = row i-1, r0 = row i.
        for j in 0...m { r1[j] = j }
        for i in 1...n {
            r0.withUnsafeMutableBufferPointer { current in
                r1.withUnsafeBufferPointer { previous in
                    r2.withUnsafeBufferPointer { beforePrevious in
                        current[0] = i
                        let ca = a[i - 1]
                        let next = at(a, i)
                        for j in 1...m {
                            let cost = b[j - 1] == ca ? 0 : 1
                            var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                            if i > 1, j > 1, next == UInt64(b[j - 1]), UInt64(ca) == at(b, j) {
                                value = Swift.min(value, beforePrevious[j - 2] + cost)
                            }
                            current[j] = value
                        }
                    }
                }
            }
            swap(&r2, &r1)
            swap(&r1, &r0)
        }
        return r1[m]
    }

    /// The number of differing positions, or -1 for different lengths.
    static func hammingDistance<E: FixedWidthInteger>(_ x: UnsafeBufferPointer<E>, _ y: UnsafeBufferPointer<E>) -> Int {
        guard x.count == y.count else { return -1 }
        var count = 0
        for i in 0..<x.count where x[i] != y[i] { count += 1 }
        return count
    }
}
