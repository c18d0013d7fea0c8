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

/// Variance and standard deviation by Welford's online algorithm, with its inverse for
/// sliding window frames.
struct Moments<Statistic: MomentStatistic>: WindowAggregate {
    var count = 0.0
    var mean = 0.0
    var m2 = 0.0

    @inline(__always)
    private static func input(_ arguments: Arguments) -> Double? {
        let value = arguments[0].rawValue
        if sqlite3_value_numeric_type(value) == SQLITE_NULL { return nil }
        return sqlite3_value_double(value)
    }

    mutating func step(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        count += 1
        let delta = x - mean
        mean += delta / count
        m2 += delta * (x - mean)
    }

    mutating func inverse(_ arguments: Arguments) throws {
        guard let x = Moments.input(arguments) else { return }
        if count <= 1 {
            count = 0; mean = 0; m2 = 0
            return
        }
        let previousMean = (count * mean - x) / (count - 1)
        m2 = max(0, m2 - (x - mean) * (x - previousMean))
        mean = previousMean
        count -= 1
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        Statistic.result(count: count, squaredDeviations: m2)
    }
}

/// The catalog entries of the variance family.
enum MomentFunctions {
    static let note = """
        NULLs are ignored; other values are read as numbers the way SQLite's sum() reads them \
        (text that is not a number counts as 0). Computed with Welford's algorithm, which stays \
        accurate for large values. Works as an aggregate and as a window function (sliding \
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
