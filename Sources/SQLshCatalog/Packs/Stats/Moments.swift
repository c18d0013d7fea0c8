import CSQLite
import SQLshCore

/// Which statistic a ``Moments`` aggregate gives from its count and sum of squared deviations.
protocol MomentStatistic {
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
/// The state is the count and compensated (Neumaier) sums of the values and of their squares,
/// shifted by the first value seen, each square with its rounding error (by fma). Removing a
/// row from a sliding window frame subtracts what adding it added, and the result,
/// `sumOfSquares - sum² / count`, is worked out in two parts (head and tail): far from the
/// shift the two terms are large and close, and rounding either to one Double first would
/// leave only rounding error (a frame of equal values gave 2 instead of 0). Welford's online
/// update, which this replaced, cannot be undone exactly (a frame of equal values gave 1e-7).
// The statistic is a generic parameter without constraints and the conformance a conditional
// one: instantiating the type at start-up then checks no requirement, each of which would
// scan every protocol conformance record of the program (about 40 µs per function).
struct Moments<Statistic> {
    var count = 0.0
    /// The shift: the first value seen.
    var shift: Double?
    var sum = CompensatedSum()
    var sumOfSquares = CompensatedSum()

    @inline(__always)
    private static func input(_ arguments: Arguments) -> Double? {
        let value = arguments[0].rawValue
        if sqlite3_value_numeric_type(value) == SQLITE_NULL { return nil }
        return sqlite3_value_double(value)
    }

}

extension Moments: Aggregate, WindowAggregate where Statistic: MomentStatistic {
    mutating func step(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        count += 1
        if shift == nil { shift = x }
        let y = x - shift.unsafelyUnwrapped
        sum.add(y)
        let square = y * y
        sumOfSquares.add(square)
        sumOfSquares.add((-square).addingProduct(y, y))  // the square's rounding error, exactly
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        count -= 1
        let y = x - (shift ?? x)
        sum.add(-y)
        let square = y * y
        sumOfSquares.add(-square)
        sumOfSquares.add(-(-square).addingProduct(y, y))
        if count <= 0 {
            count = 0
            sum = CompensatedSum()
            sumOfSquares = CompensatedSum()
        }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard count > 0 else { return Statistic.result(count: 0, squaredDeviations: 0) }
        // sumOfSquares - sum² / count in two parts (head and tail), rounded once at the end.
        let head = sum.sum, tail = sum.compensation
        let square = head * head
        let squareTail = (-square).addingProduct(head, head) + 2 * head * tail
        let quotient = square / count
        let quotientTail = (square.addingProduct(-quotient, count) + squareTail) / count
        let difference = (sumOfSquares.sum - quotient) + (sumOfSquares.compensation - quotientTail)
        let squaredDeviations = max(0, difference)
        return Statistic.result(count: count, squaredDeviations: squaredDeviations)
    }
}

/// A sum with Neumaier's compensation: the rounding error of each addition is kept apart and
/// added back at the end.
struct CompensatedSum {
    var sum = 0.0
    var compensation = 0.0

    @inline(__always)
    mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }

    var value: Double { sum + compensation }
}

/// The catalog entries of the variance family.
enum MomentFunctions {
    static let note = """
        NULLs are ignored; other values are read as numbers the way SQLite's sum() reads them \
        (text that is not a number and blobs count as 0, unlike median, which refuses them). \
        Computed from compensated sums shifted by the first value, with extra precision where \
        it matters, so that large values stay accurate and a frame of equal values gives 0. Works as an aggregate and as a window function (sliding \
        frames too).
        """

    static func entry<S: MomentStatistic>(_ name: String, _ statistic: S.Type, summary: String, tooFew: String,
                                          example: String) -> CatalogFunction {
        CatalogFunction(
            name: name, pack: "stats", kind: .window, arity: "1", arguments: "x", flags: .pure,
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
