#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CXXHash
import SQLshCore

/// XXH3 (64 bits) of some bytes with a seed.
func xxh3(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
    XXH3_64bits_withSeed(bytes.baseAddress, bytes.count, seed)
}

/// `count_if(condition)`: the rows where the condition is true; NULL when no row had a
/// non-NULL condition (DuckDB's answer for an empty or all-NULL group).
struct CountIf: WindowAggregate {
    var trueCount: Int64 = 0
    var nonNull = 0
    mutating func step(_ arguments: Arguments) throws {
        guard let b = try booleanInput(arguments[0], function: "count_if") else { return }
        nonNull += 1
        if b { trueCount += 1 }
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard let b = try booleanInput(arguments[0], function: "count_if") else { return }
        nonNull -= 1
        if b { trueCount -= 1 }
    }
    func finalize() throws -> (any SQLValueConvertible)? { nonNull == 0 ? nil : trueCount }
}

/// Whether `bool_and` or `bool_or`.
protocol BooleanCombination: Sendable { static var all: Bool { get } }
enum AllTrue: BooleanCombination { static var all: Bool { true } }
enum AnyTrue: BooleanCombination { static var all: Bool { false } }

struct BoolAggregate<C: BooleanCombination>: WindowAggregate {
    var trueCount = 0
    var nonNull = 0
    mutating func step(_ arguments: Arguments) throws {
        guard let b = try booleanInput(arguments[0], function: C.all ? "bool_and" : "bool_or") else { return }
        nonNull += 1
        if b { trueCount += 1 }
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard let b = try booleanInput(arguments[0], function: C.all ? "bool_and" : "bool_or") else { return }
        nonNull -= 1
        if b { trueCount -= 1 }
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard nonNull > 0 else { return nil }
        return Int64(C.all ? (trueCount == nonNull ? 1 : 0) : (trueCount > 0 ? 1 : 0))
    }
}

/// Which bitwise aggregate.
protocol BitOperation: Sendable { static var kind: Int { get } }  // 0 and, 1 or, 2 xor
enum BitAnd: BitOperation { static var kind: Int { 0 } }
enum BitOr: BitOperation { static var kind: Int { 1 } }
enum BitXor: BitOperation { static var kind: Int { 2 } }

/// `bit_and`, `bit_or`, `bit_xor` of 64-bit integers. For windows, and/or keep how many values
/// have each bit set, so that a row can leave the frame.
struct BitAggregate<Op: BitOperation>: WindowAggregate {
    var nonNull = 0
    var xor: UInt64 = 0
    /// For and/or: per bit, how many values have it set (made on the first value).
    var setCounts: [Int32] = []

    static var name: StaticString { Op.kind == 0 ? "bit_and" : Op.kind == 1 ? "bit_or" : "bit_xor" }

    mutating func add(_ bits: UInt64, _ delta: Int32) {
        if Op.kind == 2 { xor ^= bits; return }
        if setCounts.isEmpty { setCounts = Array(repeating: 0, count: 64) }
        var rest = bits
        while rest != 0 {
            let bit = rest.trailingZeroBitCount
            setCounts[bit] &+= delta
            rest &= rest &- 1
        }
    }

    mutating func step(_ arguments: Arguments) throws {
        guard let v = try integerInput(arguments[0], function: Self.name) else { return }
        nonNull += 1
        add(UInt64(bitPattern: v), 1)
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard let v = try integerInput(arguments[0], function: Self.name) else { return }
        nonNull -= 1
        add(UInt64(bitPattern: v), -1)
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard nonNull > 0 else { return nil }
        if Op.kind == 2 { return Int64(bitPattern: xor) }
        var result: UInt64 = 0
        for bit in 0..<64 where setCounts.count == 64 {
            let count = Int(setCounts[bit])
            if Op.kind == 0 ? count == nonNull : count > 0 { result |= 1 << UInt64(bit) }
        }
        return Int64(bitPattern: result)
    }
}

/// `product(x)`: the product of the non-NULL values, as a real. Zeros are counted apart so
/// that a window can divide a value out again.
struct Product: WindowAggregate {
    var nonZeroProduct = 1.0
    var zeros = 0
    var nonNull = 0
    mutating func step(_ arguments: Arguments) throws {
        guard let x = try doubleInput(arguments[0], function: "product") else { return }
        nonNull += 1
        if x == 0 { zeros += 1 } else { nonZeroProduct *= x }
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = try doubleInput(arguments[0], function: "product") else { return }
        nonNull -= 1
        if x == 0 { zeros -= 1 } else { nonZeroProduct /= x }
        if nonNull == 0 { nonZeroProduct = 1 }
    }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard nonNull > 0 else { return nil }
        return zeros > 0 ? 0.0 : nonZeroProduct
    }
}

/// The statistics of two variables: DuckDB's corr, covar_* and regr_* (which take y first).
enum BivariateStatistic: Sendable {
    case corr, covarPop, covarSamp, slope, intercept, r2, count, avgx, avgy, sxx, syy, sxy
}
protocol BivariateKind: Sendable {
    static var statistic: BivariateStatistic { get }
    static var name: StaticString { get }
}

/// Welford's updates of the means and co-moments of (a, b) = (the first, the second argument),
/// reversible for window frames. For regr_*, a is y and b is x.
struct Bivariate<K: BivariateKind>: WindowAggregate {
    var n = 0.0
    var meanA = 0.0, meanB = 0.0
    var m2A = 0.0, m2B = 0.0, c = 0.0

    static var finalizesEmptyInput: Bool { K.statistic == .count }

    func pair(_ arguments: Arguments) throws -> (Double, Double)? {
        let a = arguments[0], b = arguments[1]
        if a.isNull || b.isNull { return nil }
        guard let x = try doubleInput(a, function: K.name), let y = try doubleInput(b, function: K.name) else { return nil }
        return (x, y)
    }

    mutating func step(_ arguments: Arguments) throws {
        guard let (a, b) = try pair(arguments) else { return }
        n += 1
        let da = a - meanA
        let db = b - meanB
        meanA += da / n
        meanB += db / n
        c += db * (a - meanA)
        m2A += da * (a - meanA)
        m2B += db * (b - meanB)
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let (a, b) = try pair(arguments) else { return }
        if n <= 1 {
            self = Bivariate()
            return
        }
        let oldA = (n * meanA - a) / (n - 1)
        let oldB = (n * meanB - b) / (n - 1)
        c -= (b - oldB) * (a - meanA)
        m2A -= (a - oldA) * (a - meanA)
        m2B -= (b - oldB) * (b - meanB)
        n -= 1
        meanA = oldA
        meanB = oldB
        // One point has no spread: what rounding left of the removed ones is dropped.
        if n == 1 { m2A = 0; m2B = 0; c = 0 }
    }

    /// A finite double, or NULL (SQLite has no NaN).
    func real(_ d: Double) -> Double? { d.isFinite ? d : nil }

    func finalize() throws -> (any SQLValueConvertible)? {
        if K.statistic == .count { return Int64(n) }
        guard n > 0 else { return nil }
        // regr_*: a is y, b is x.
        let varX = Swift.max(m2B, 0) / n, varY = Swift.max(m2A, 0) / n
        switch K.statistic {
        case .corr:
            let denominator = (Swift.max(m2A, 0) / n).squareRoot() * (Swift.max(m2B, 0) / n).squareRoot()
            guard denominator > 0 else { return nil }
            return real(Swift.min(1, Swift.max(-1, (c / n) / denominator)))
        case .covarPop: return real(c / n)
        case .covarSamp: return n < 2 ? nil : real(c / (n - 1))
        case .slope:
            guard varX > 0 else { return nil }
            return real((c / n) / varX)
        case .intercept:
            guard varX > 0 else { return nil }
            return real(meanA - (c / n) / varX * meanB)
        case .r2:
            guard varX > 0 else { return nil }
            guard varY > 0 else { return 1.0 }
            let r = (c / n) / (varX.squareRoot() * varY.squareRoot())
            return real(r * r)
        case .avgx: return meanB
        case .avgy: return meanA
        case .sxx: return real(Swift.max(m2B, 0))
        case .syy: return real(Swift.max(m2A, 0))
        case .sxy: return real(c)
        case .count: return Int64(n)
        }
    }
}

enum Corr: BivariateKind { static var statistic: BivariateStatistic { .corr }; static var name: StaticString { "corr" } }
enum CovarPop: BivariateKind { static var statistic: BivariateStatistic { .covarPop }; static var name: StaticString { "covar_pop" } }
enum CovarSamp: BivariateKind { static var statistic: BivariateStatistic { .covarSamp }; static var name: StaticString { "covar_samp" } }
enum RegrSlope: BivariateKind { static var statistic: BivariateStatistic { .slope }; static var name: StaticString { "regr_slope" } }
enum RegrIntercept: BivariateKind { static var statistic: BivariateStatistic { .intercept }; static var name: StaticString { "regr_intercept" } }
enum RegrR2: BivariateKind { static var statistic: BivariateStatistic { .r2 }; static var name: StaticString { "regr_r2" } }
enum RegrCount: BivariateKind { static var statistic: BivariateStatistic { .count }; static var name: StaticString { "regr_count" } }
enum RegrAvgX: BivariateKind { static var statistic: BivariateStatistic { .avgx }; static var name: StaticString { "regr_avgx" } }
enum RegrAvgY: BivariateKind { static var statistic: BivariateStatistic { .avgy }; static var name: StaticString { "regr_avgy" } }
enum RegrSXX: BivariateKind { static var statistic: BivariateStatistic { .sxx }; static var name: StaticString { "regr_sxx" } }
enum RegrSYY: BivariateKind { static var statistic: BivariateStatistic { .syy }; static var name: StaticString { "regr_syy" } }
enum RegrSXY: BivariateKind { static var statistic: BivariateStatistic { .sxy }; static var name: StaticString { "regr_sxy" } }

/// Whether kurtosis or skewness.
protocol ShapeKind: Sendable { static var isKurtosis: Bool { get } }
enum KurtosisKind: ShapeKind { static var isKurtosis: Bool { true } }
enum SkewnessKind: ShapeKind { static var isKurtosis: Bool { false } }

/// `kurtosis(x)` (sample excess kurtosis) and `skewness(x)` (sample skewness), from power sums
/// with DuckDB's formulas, so that results agree with DuckDB's; power sums can also take a row out.
struct Shape<K: ShapeKind>: WindowAggregate {
    var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
    static var name: StaticString { K.isKurtosis ? "kurtosis" : "skewness" }

    mutating func step(_ arguments: Arguments) throws {
        guard let x = try doubleInput(arguments[0], function: Self.name) else { return }
        n += 1; s1 += x; s2 += x * x; s3 += x * x * x; s4 += x * x * x * x
    }
    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = try doubleInput(arguments[0], function: Self.name) else { return }
        n -= 1; s1 -= x; s2 -= x * x; s3 -= x * x * x; s4 -= x * x * x * x
        if n == 0 { self = Shape() }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        let t = 1 / n
        if K.isKurtosis {
            guard n > 3 else { return nil }
            let m2 = t * (s2 - s1 * s1 * t)
            guard m2 > 0 else { return nil }
            let m4 = t * (s4 - 4 * s3 * s1 * t + 6 * s2 * s1 * s1 * t * t - 3 * pow(s1, 4) * pow(t, 3))
            let result = (n - 1) * ((n + 1) * m4 / (m2 * m2) - 3 * (n - 1)) / ((n - 2) * (n - 3))
            guard result.isFinite else { throw DuckDBError("kurtosis(): the result is out of range") }
            return result
        }
        guard n > 2 else { return nil }
        let p = Swift.max(0, pow(t * (s2 - s1 * s1 * t), 3))
        let div = p.squareRoot()
        guard div > 0 else { return nil }
        let factor = (n * (n - 1)).squareRoot() / (n - 2)
        let result = factor * t * (s3 - 3 * s2 * s1 * t + 2 * pow(s1, 3) * t * t) / div
        guard result.isFinite else { throw DuckDBError("skewness(): the result is out of range") }
        return result
    }
}

/// Counts of distinct values, for entropy and histogram (NULLs ignored).
struct ValueCounts {
    var counts: [ModeKey: Int] = [:]
    var total = 0
    mutating func add(_ value: Argument, _ delta: Int) {
        guard let key = ModeKey(value) else { return }
        let count = (counts[key] ?? 0) + delta
        counts[key] = count > 0 ? count : nil
        total += delta
    }
}

/// `entropy(x)`: the Shannon entropy (base 2) of the distribution of the non-NULL values.
struct Entropy: WindowAggregate {
    var values = ValueCounts()
    static var finalizesEmptyInput: Bool { true }
    mutating func step(_ arguments: Arguments) throws { values.add(arguments[0], 1) }
    mutating func inverse(_ arguments: Arguments) throws { values.add(arguments[0], -1) }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard values.total > 0 else { return 0.0 }
        let total = Double(values.total)
        var entropy = 0.0
        for count in values.counts.values {
            let p = Double(count) / total
            entropy -= p * log2(p)
        }
        return entropy
    }
}

/// `histogram(x)`: a JSON object from each distinct value (as text) to its count.
struct Histogram: WindowAggregate {
    var values = ValueCounts()
    mutating func step(_ arguments: Arguments) throws { values.add(arguments[0], 1) }
    mutating func inverse(_ arguments: Arguments) throws { values.add(arguments[0], -1) }
    func finalize() throws -> (any SQLValueConvertible)? {
        guard values.total > 0 else { return nil }
        let keys = values.counts.keys.sorted(by: <)
        var out: [UInt8] = [0x7B]
        for (i, key) in keys.enumerated() {
            if i > 0 { out.append(0x2C) }
            switch key {
            case .integer(let v): out.append(0x22); JSONBytes.appendInteger(v, to: &out); out.append(0x22)
            case .number(let d): out.append(0x22); JSONBytes.appendReal(d, to: &out); out.append(0x22)
            case .text(let bytes): try bytes.withUnsafeBufferPointer { try JSONBytes.appendString($0, to: &out, function: "histogram") }
            case .blob: throw DuckDBError("histogram(): a blob has no JSON form")
            }
            out.append(0x3A)
            JSONBytes.appendInteger(Int64(values.counts[key] ?? 0), to: &out)
        }
        out.append(0x7D)
        return TextBytes(bytes: out)
    }
}

/// `approx_count_distinct(x)`: distinct non-NULL values, exact up to 4,096 of them, then a
/// HyperLogLog of 2^14 registers (about 0.8% standard error). Values are hashed with XXH3
/// (fixed seed), an integer and a real of the same value as one value.
struct ApproxCountDistinct: Aggregate {
    var sketch = DistinctSketch()
    static var finalizesEmptyInput: Bool { true }

    mutating func step(_ arguments: Arguments) throws { sketch.add(arguments[0]) }

    func finalize() throws -> (any SQLValueConvertible)? { sketch.estimate }
}

/// Whether `quantile_cont` or `quantile_disc`.
protocol QuantileKind: Sendable { static var continuous: Bool { get } }
enum ContinuousQuantile: QuantileKind { static var continuous: Bool { true } }
enum DiscreteQuantile: QuantileKind { static var continuous: Bool { false } }

/// `quantile_cont(x, q)` and `quantile_disc(x, q)`, q a fraction from 0 to 1 or a JSON array
/// of them (then the result is a JSON array).
struct Quantile<K: QuantileKind>: WindowAggregate {
    var values: [Double] = []
    var nonIntegers = 0
    var fractions: [Double]?
    var isList = false
    static var name: StaticString { K.continuous ? "quantile_cont" : "quantile_disc" }

    mutating func readFractions(_ q: Argument) throws {
        switch q.numericType {
        case .integer, .real:
            fractions = [try Self.checked(q.double)]
        case .text:
            fractions = try Self.parseList(q.textBytes)
            isList = true
        default:
            throw DuckDBError("\(Self.name)(): the fraction must be a number from 0 to 1 or a JSON array of them")
        }
    }

    static func checked(_ q: Double) throws -> Double {
        guard q >= 0, q <= 1 else { throw DuckDBError("\(name)(): the fraction must be from 0 to 1") }
        return q
    }

    static func parseList(_ bytes: UnsafeBufferPointer<UInt8>) throws -> [Double] {
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = trimmingASCIISpaces(text[...])
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else {
            throw DuckDBError("\(name)(): the fraction must be a number from 0 to 1 or a JSON array of them")
        }
        let inner = trimmed.dropFirst().dropLast()
        if trimmingASCIISpaces(inner).isEmpty { throw DuckDBError("\(name)(): the list of fractions is empty") }
        var result: [Double] = []
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let q = Double(trimmingASCIISpaces(part)) else {
                throw DuckDBError("\(name)(): the fraction must be a number from 0 to 1 or a JSON array of them")
            }
            result.append(try checked(q))
        }
        return result
    }

    mutating func step(_ arguments: Arguments) throws {
        let q = arguments[1]
        if fractions == nil {
            if q.isNull { throw DuckDBError("\(Self.name)(): the fraction must not be NULL") }
            try readFractions(q)
        }
        guard let x = try doubleInput(arguments[0], function: Self.name) else { return }
        guard x.isFinite else { throw DuckDBError("\(Self.name)(): Inf input") }
        if arguments[0].numericType != .integer { nonIntegers += 1 }
        values.append(x)
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = try doubleInput(arguments[0], function: Self.name) else { return }
        if arguments[0].numericType != .integer { nonIntegers -= 1 }
        values.removeOne(x)
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard !values.isEmpty, let fractions else { return nil }
        var sorted = values
        sorted.sort()
        let n = sorted.count
        func at(_ q: Double) -> Double {
            if K.continuous {
                let rn = Double(n - 1) * q
                let lo = Int(rn.rounded(.down)), hi = Int(rn.rounded(.up))
                if lo == hi { return sorted[lo] }
                return sorted[lo] + (rn - Double(lo)) * (sorted[hi] - sorted[lo])
            }
            let index = Swift.max(1, Int((Double(n) * q).rounded(.up))) - 1
            return sorted[Swift.min(index, n - 1)]
        }
        // Integers were read as doubles: one past 2^63 (Int64.max rounded up) stays a real.
        let integral = !K.continuous && nonIntegers == 0
        if !isList {
            let v = at(fractions[0])
            if integral, let i = Int64(exactly: v) { return i }
            return v
        }
        var out: [UInt8] = [0x5B]
        for (i, q) in fractions.enumerated() {
            if i > 0 { out.append(0x2C) }
            let v = at(q)
            if integral, let i = Int64(exactly: v) { JSONBytes.appendInteger(i, to: &out) } else { JSONBytes.appendReal(v, to: &out) }
        }
        out.append(0x5D)
        return TextBytes(bytes: out)
    }
}

/// The text without leading and trailing ASCII spaces, tabs and newlines.
func trimmingASCIISpaces(_ text: Swift.Substring) -> Swift.Substring {
    var s = text
    while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropLast() }
    return s
}
