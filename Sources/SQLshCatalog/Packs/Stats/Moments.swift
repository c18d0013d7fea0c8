import SQLshCore

/// Which statistic a ``Moments`` aggregate gives from its count and sum of squared deviations.
protocol MomentStatistic: SendableMetatype {
    static func result(count: Double, squaredDeviations m2: Double) -> Double?
}

enum SampleVariance: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? { n < 2 ? nil : m2 / (n - 1) }
}
enum PopulationVariance: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? { n < 1 ? nil : m2 / n }
}
enum SampleStandardDeviation: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? {
        SampleVariance.result(count: n, squaredDeviations: m2)?.squareRoot()
    }
}
enum PopulationStandardDeviation: MomentStatistic {
    static func result(count n: Double, squaredDeviations m2: Double) -> Double? {
        PopulationVariance.result(count: n, squaredDeviations: m2)?.squareRoot()
    }
}

/// Variance and standard deviation for aggregates and window functions.
///
/// The state is the count and the exact sums of the values and of their squares (each square
/// kept exactly as two Doubles, by fma), held as ``ExactSum``s. Removing a row from a sliding
/// window frame subtracts exactly what adding it added, so a window's state is always exactly
/// that of its frame, and the result, `(count · Σx² − (Σx)²) / count`, is worked out exactly
/// and rounded once: a sliding window gives the same Double as the plain aggregate of the same
/// rows, whatever passed through the frame before (compensated sums, which this replaced,
/// kept the rounding error of a huge value after it left the frame).
///
/// Values beyond ±2^448 (about 7e134), whose squares summed could overflow, make the result
/// Infinity while they are in the frame.
// The statistic is a generic parameter without constraints and the conformance a conditional
// one: instantiating the type at start-up then checks no requirement, each of which would
// scan every protocol conformance record of the program (about 40 µs per function).
struct Moments<Statistic> {
    var count = 0.0
    /// How many values in the frame are too large to square safely.
    var hugeCount = 0
    var sum = ExactSum()
    var sumOfSquares = ExactSum()

    /// The largest magnitude whose square, times any count, stays far from overflowing.
    static var hugeThreshold: Double { 0x1p448 }

    @inline(__always)
    private static func input(_ arguments: Arguments) -> Double? {
        let value = arguments[0]
        if value.numericType == .null { return nil }
        return value.double
    }

    /// Adds (`sign` 1) or removes (`sign` -1) one value, exactly.
    @inline(__always)
    private mutating func accumulate(_ x: Double, sign: Double) {
        count += sign
        guard abs(x) <= Self.hugeThreshold else { hugeCount += Int(sign); return }
        sum.add(sign * x)
        sumOfSquares.addProduct(sign * x, x)
    }
}

extension Moments: Aggregate, WindowAggregate where Statistic: MomentStatistic {
    mutating func step(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        accumulate(x, sign: 1)
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        accumulate(x, sign: -1)
        if count <= 0 { self = Moments() }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard count > 0 else { return Statistic.result(count: 0, squaredDeviations: 0) }
        if hugeCount > 0 { return Statistic.result(count: count, squaredDeviations: .infinity) }
        // count · Σx² − (Σx)², exactly: every product of two Doubles is a Double pair.
        var numerator = ExactSum()
        for p in sumOfSquares.partials { numerator.addProduct(p, count) }
        for p in sum.partials {
            for q in sum.partials { numerator.addProduct(-p, q) }
        }
        let squaredDeviations = max(0, numerator.value / count)
        return Statistic.result(count: count, squaredDeviations: squaredDeviations)
    }
}

/// A sum of Doubles kept exactly, as a short list of non-overlapping partial sums in order of
/// increasing magnitude (Shewchuk's expansions, the method of Python's `math.fsum`): adding a
/// value and adding it again negated leaves exactly the sum before.
struct ExactSum {
    private(set) var partials: [Double] = []

    /// Adds `x` exactly (finite values whose sums do not overflow).
    @inline(__always)
    mutating func add(_ x: Double) {
        var x = x
        var kept = 0
        for i in partials.indices {
            var y = partials[i]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)  // exact, as |x| >= |y|
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        if x != 0 { partials.append(x) }
    }

    /// Adds the product `a · b` exactly: its rounded value and, by fma, its rounding error
    /// (finite products that do not overflow).
    @inline(__always)
    mutating func addProduct(_ a: Double, _ b: Double) {
        let product = a * b
        add(product)
        add((-product).addingProduct(a, b))
    }

    /// The exact sum rounded once to the nearest Double (ties to even).
    var value: Double {
        var i = partials.count
        guard i > 0 else { return 0 }
        i -= 1
        var high = partials[i]
        var low = 0.0
        while i > 0 {
            i -= 1
            let x = high, y = partials[i]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // high + low is exact; the partials left below it decide a tie.
        if i > 0, (low < 0 && partials[i - 1] < 0) || (low > 0 && partials[i - 1] > 0) {
            let twice = low * 2
            let rounded = high + twice
            if twice == rounded - high { high = rounded }
        }
        return high
    }
}

/// The catalog entries of the variance family.
enum MomentFunctions {
    static let note = """
        NULLs are ignored; other values are read as numbers the way SQLite's sum() reads them \
        (text that is not a number and blobs count as 0, unlike median, which refuses them). \
        Computed from exact sums of the values and their squares, rounded once, so that large \
        values stay accurate, a frame of equal values gives 0, and a sliding window frame gives \
        the same result as the plain aggregate of its rows. Values beyond ±7e134 (whose squares \
        could overflow) make the result Inf. Works as an aggregate and as a window function \
        (sliding frames too).
        """

    static func entry<S: MomentStatistic>(_ name: String, _ statistic: S.Type, summary: String, tooFew: String,
                                          example: String) -> CatalogFunction {
        CatalogFunction(
            arguments: "x",
            summary: summary,
            details: "\(name)(x): \(summary). \(tooFew) " + note,
            example: example
        ) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: Moments<S>.self)]
        }
    }

    static let sampleNote = "NULL for fewer than 2 values (sqlean gives 0.0, which hides missing data)."
    static let populationNote = "NULL when there are no values; 0.0 for one value."
    static let values = "(values (2), (4), (4), (4), (5), (5), (7), (9))"

    static let stddev = entry("stddev", SampleStandardDeviation.self,
                              summary: "the sample standard deviation (same as stddev_samp)", tooFew: sampleNote,
                              example: "select stddev(column1) from \(values);  -- 2.13808993529939")
    static let stddevSamp = entry("stddev_samp", SampleStandardDeviation.self,
                                  summary: "the sample standard deviation", tooFew: sampleNote,
                                  example: "select stddev_samp(column1) from \(values);  -- 2.13808993529939")
    static let stddevPop = entry("stddev_pop", PopulationStandardDeviation.self,
                                 summary: "the population standard deviation", tooFew: populationNote,
                                 example: "select stddev_pop(column1) from \(values);  -- 2.0")
    static let variance = entry("variance", SampleVariance.self,
                                summary: "the sample variance (same as var_samp)", tooFew: sampleNote,
                                example: "select variance(column1) from \(values);  -- 4.57142857142857")
    static let varSamp = entry("var_samp", SampleVariance.self,
                               summary: "the sample variance", tooFew: sampleNote,
                               example: "select var_samp(column1) from \(values);  -- 4.57142857142857")
    static let varPop = entry("var_pop", PopulationVariance.self,
                              summary: "the population variance", tooFew: populationNote,
                              example: "select var_pop(column1) from \(values);  -- 4.0")
}
