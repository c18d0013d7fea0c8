import SQLshCore

/// One function of SQLite 3.53's percentile family: its name, how many arguments it takes,
/// the largest fraction argument (100 for `percentile`, 1 for the others) and whether it
/// answers an input value (`percentile_disc`) rather than interpolating.
protocol SQLitePercentileKind: SendableMetatype {
    static var name: StaticString { get }
    /// 1 (`median`, fraction 0.5) or 2.
    static var argumentCount: Int { get }
    static var maxFraction: Double { get }
    static var discrete: Bool { get }
}

enum SQLiteMedianKind: SQLitePercentileKind {
    static let name: StaticString = "median"
    static let argumentCount = 1
    static let maxFraction = 1.0
    static let discrete = false
}

enum SQLitePercentileHundredKind: SQLitePercentileKind {
    static let name: StaticString = "percentile"
    static let argumentCount = 2
    static let maxFraction = 100.0
    static let discrete = false
}

enum SQLitePercentileContKind: SQLitePercentileKind {
    static let name: StaticString = "percentile_cont"
    static let argumentCount = 2
    static let maxFraction = 1.0
    static let discrete = false
}

enum SQLitePercentileDiscKind: SQLitePercentileKind {
    static let name: StaticString = "percentile_disc"
    static let argumentCount = 2
    static let maxFraction = 1.0
    static let discrete = true
}

/// `median(Y)`, `percentile(Y, P)`, `percentile_cont(Y, F)` and `percentile_disc(Y, F)` as
/// SQLite 3.53 defines them (aggregates and window functions): the fraction is checked on
/// every row (a number from 0 to the kind's maximum, the same within 0.001 after dividing by
/// that maximum), Y is NULL (ignored), an integer or a real by storage class (text is an
/// error even when it looks like a number), and infinities are errors.
// Generic without constraints and a conditional conformance, as FixedPercentile (start-up cost).
struct SQLitePercentile<Kind> {
    var values: [Double] = []
    /// The first row's fraction, 0...1.
    var fraction: Double?
}

extension SQLitePercentile: Aggregate, WindowAggregate where Kind: SQLitePercentileKind {

    mutating func step(_ arguments: Arguments) throws {
        let given: Double
        if Kind.argumentCount == 1 {
            given = 0.5
        } else {
            let p = arguments[1]
            let type = p.numericType
            given = p.double / Kind.maxFraction
            if (type != .integer && type != .real) || given < 0 || given > 1 {
                let bound = Kind.maxFraction == 100 ? "100.0" : "1.0"
                throw StatsError("the fraction argument to \(Kind.name)() is not between 0.0 and \(bound)")
            }
        }
        if let fraction {
            let difference = fraction - given
            guard difference >= -0.001, difference <= 0.001 else {
                throw StatsError("the fraction argument to \(Kind.name)() is not the same for all input rows")
            }
        } else {
            fraction = given
        }
        let y = arguments[0]
        switch y.storageType {
        case .null:
            return
        case .integer, .real:
            let x = y.double
            guard x.isFinite else { throw StatsError("Inf input to \(Kind.name)()") }
            values.append(x)
        default:
            throw StatsError("input to \(Kind.name)() is not numeric")
        }
    }

    mutating func inverse(_ arguments: Arguments) throws {
        let y = arguments[0]
        switch y.storageType {
        case .integer, .real:
            let x = y.double
            if x.isFinite { values.removeOne(x) }
        default:
            return
        }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard let fraction, !values.isEmpty else { return nil }
        var copy = values
        return copy.withUnsafeMutableBufferPointer { a in
            SQLitePercentileRank.value(a, fraction: fraction, discrete: Kind.discrete)
        }
    }
}

/// The rank arithmetic of SQLite 3.53's percentile functions, on a selection instead of a sort.
enum SQLitePercentileRank {
    /// The value at `fraction` (0...1) of the non-empty `a`: the rank `fraction · (n − 1)`,
    /// interpolated between its two neighbours, or the lower one when `discrete`. Reorders `a`.
    static func value(_ a: UnsafeMutableBufferPointer<Double>, fraction: Double, discrete: Bool) -> Double {
        let n = a.count
        let position = fraction * Double(n - 1)
        let low = min(Int(position), n - 1)
        Selection.select(a, low)
        let v1 = a[low]
        if discrete { return v1 }
        var v2 = v1
        if position != Double(low) && low != n - 1 {
            v2 = a[low + 1]
            for value in a[(low + 2)...] where value < v2 { v2 = value }
        }
        return v1 + (v2 - v1) * (position - Double(low))
    }
}

/// The catalog entries of SQLite 3.53's percentile family.
enum SQLitePercentileFunctions {
    static let rules = """
        As in SQLite 3.53 (its percentile extension, built into sqlite3 since 3.51): NULLs are \
        ignored and no non-NULL value gives NULL; a value must be an integer or a real by \
        storage class, so text is an error ("input to median() is not numeric") even when it \
        looks like a number; infinities are errors ("Inf input to median()"). The result is \
        always a real. Works as an aggregate and as a window function (sliding frames too).
        """

    static let fractionRules = """
        The fraction must be a number (numeric text counts) within range on every row, else \
        "the fraction argument to NAME() is not between 0.0 and MAX"; it must be the same on \
        every row (within 0.001 once divided by MAX; the first row's is used), else "the \
        fraction argument to NAME() is not the same for all input rows".
        """

    static let median = CatalogFunction(
        arguments: "x",
        summary: "the median (50th percentile) of the values, as SQLite 3.53",
        details: """
            median(x) is percentile_cont(x, 0.5): the middle value, or the mean of the two \
            middle values. SQLite semantics (sqlean's stats_median accepts numeric text and is \
            the sqlean variant). 
            """ + rules,
        example: "select median(column1) from (values (1), (2), (3), (10));  -- 2.5"
    ) {
        [SQLFunction("median", argumentCount: 1, options: .pure, aggregate: SQLitePercentile<SQLiteMedianKind>.self)]
    }

    static let percentile = CatalogFunction(
        arguments: "x, p",
        summary: "the p-th percentile (p from 0 to 100) of the values, as SQLite 3.53",
        details: """
            percentile(x, p): the value at rank p/100 · (n − 1) of the sorted values, \
            interpolated linearly between the two closest ranks; percentile(x, 50) is \
            median(x). MAX is 100.0 here. SQLite semantics (sqlean's stats_perc keeps sqlean's \
            messages and accepts numeric text). 
            """ + fractionRules + " " + rules,
        example: "select percentile(column1, 75) from (values (1), (2), (3), (4), (5));  -- 4.0"
    ) {
        [SQLFunction("percentile", argumentCount: 2, options: .pure, aggregate: SQLitePercentile<SQLitePercentileHundredKind>.self)]
    }

    static let percentileCont = CatalogFunction(
        arguments: "x, f",
        summary: "the value at fraction f (0 to 1) of the values, interpolated, as SQLite 3.53",
        details: """
            percentile_cont(x, f) is percentile(x, 100 · f): the value at rank f · (n − 1), \
            interpolated linearly between the two closest ranks (standard SQL's \
            percentile_cont(f) WITHIN GROUP (ORDER BY x)). MAX is 1.0 here. 
            """ + fractionRules + " " + rules,
        example: "select percentile_cont(column1, 0.25) from (values (1), (2), (3), (4));  -- 1.75"
    ) {
        [SQLFunction("percentile_cont", argumentCount: 2, options: .pure, aggregate: SQLitePercentile<SQLitePercentileContKind>.self)]
    }

    static let percentileDisc = CatalogFunction(
        arguments: "x, f",
        summary: "the input value at fraction f (0 to 1) of the values, as SQLite 3.53",
        details: """
            percentile_disc(x, f) is like percentile_cont(x, f) but answers the value at the \
            rank f · (n − 1) rounded down, so always one of the inputs (as a real). MAX is 1.0 \
            here. 
            """ + fractionRules + " " + rules,
        example: "select percentile_disc(column1, 0.5) from (values (1), (2), (3), (4));  -- 2.0"
    ) {
        [SQLFunction("percentile_disc", argumentCount: 2, options: .pure, aggregate: SQLitePercentile<SQLitePercentileDiscKind>.self)]
    }
}
