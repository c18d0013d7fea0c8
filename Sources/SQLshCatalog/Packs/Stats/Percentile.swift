import SQLshCore

/// A percentile fixed by the function's name: stats_median is 50, percentile_90 is 90.
protocol FixedPercentileLevel: SendableMetatype {
    static var name: StaticString { get }
    static var percent: Double { get }
}

/// sqlean's `percentile_NN(x)` and `stats_median(x)`: aggregate and window functions.
// The level is a generic parameter without constraints and the conformance a conditional
// one: instantiating the type at start-up then checks no requirement, each of which would
// scan every protocol conformance record of the program (about 40 µs per function).
struct FixedPercentile<Level> {
    var values: [Double] = []
}

extension FixedPercentile: Aggregate, WindowAggregate where Level: FixedPercentileLevel {

    mutating func step(_ arguments: Arguments) throws {
        if let x = try numericInput(arguments, function: Level.name) { values.append(x) }
    }

    mutating func inverse(_ arguments: Arguments) throws {
        if let x = try numericInput(arguments, function: Level.name) { values.removeOne(x) }
    }

    func finalize() throws -> (any SQLValueConvertible)? { values.percentile(Level.percent) }
}

enum Percentile25: FixedPercentileLevel { static let name: StaticString = "percentile_25"; static let percent = 25.0 }
enum Percentile75: FixedPercentileLevel { static let name: StaticString = "percentile_75"; static let percent = 75.0 }
enum Percentile90: FixedPercentileLevel { static let name: StaticString = "percentile_90"; static let percent = 90.0 }
enum Percentile95: FixedPercentileLevel { static let name: StaticString = "percentile_95"; static let percent = 95.0 }
enum Percentile99: FixedPercentileLevel { static let name: StaticString = "percentile_99"; static let percent = 99.0 }

/// sqlean's `stats_perc(x, p)`: p from 0 to 100, the same for every row, as in SQLite 3.40's
/// ext/misc/percentile.c: "the same" within ``tolerance`` of the first row's p (the one used),
/// and x an integer or a real by storage class (text, even numeric text, is an error).
struct VariablePercentile: WindowAggregate {
    /// How far p may stray from the first row's: percentile.c's `sameValue` (0.001 or less).
    static let tolerance = 0.001

    var values: [Double] = []
    var percent: Double?

    mutating func step(_ arguments: Arguments) throws {
        let p = arguments[1]
        let type = p.numericType
        let value = p.double
        guard type == .integer || type == .real, value >= 0, value <= 100 else {
            throw StatsError("2nd argument to percentile() is not a number between 0.0 and 100.0")
        }
        if let percent {
            // percentile.c compares p + 1 with the first row's p + 1: the same rounding here.
            let difference = (percent + 1) - (value + 1)
            guard difference >= -Self.tolerance, difference <= Self.tolerance else {
                throw StatsError("2nd argument to percentile() is not the same for all input rows")
            }
        } else {
            percent = value
        }
        if let x = try Self.input(arguments) { values.append(x) }
    }

    mutating func inverse(_ arguments: Arguments) throws {
        if let x = try Self.input(arguments) { values.removeOne(x) }
    }

    // Forced inlining in this file: Benchmarks/catalog.sh (median, percentile): every row; without it percentile costs 7% more.
    /// The 1st argument: nil for NULL, else a finite integer or real by storage class.
    @inline(__always)
    static func input(_ arguments: Arguments) throws -> Double? {
        switch arguments[0].storageType {
        case .null: return nil
        case .integer, .real: return try numericInput(arguments, function: "percentile")
        default: throw StatsError("1st argument to percentile() is not numeric")
        }
    }

    func finalize() throws -> (any SQLValueConvertible)? {
        guard let percent else { return nil }
        return values.percentile(percent)
    }
}

/// The catalog entries of the percentile family.
enum PercentileFunctions {
    static let selectionNote = """
        NULLs are ignored; with no non-NULL value the result is NULL. Values must be numbers \
        (text that looks like a number counts); other text, blobs and infinities are errors. \
        The result is a real, interpolated linearly between the two closest ranks. Works as an \
        aggregate and as a window function (sliding frames too). Uses a selection algorithm \
        (introselect) on the collected values instead of sorting them.
        """

    static func fixed<L: FixedPercentileLevel>(_ level: L.Type, summary: String, example: String) -> CatalogFunction {
        let name = "\(L.name)"
        return CatalogFunction(
            arguments: "x",
            summary: summary,
            details: "\(name)(x): \(summary), with sqlean's semantics (SQLite's are percentile_cont's). " + selectionNote,
            example: example
        ) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: FixedPercentile<L>.self)]
        }
    }

    static let p25 = fixed(Percentile25.self, summary: "the 25th percentile (first quartile) of the values",
                           example: "select percentile_25(value) from generate_series(1, 5);  -- 2.0")
    static let p75 = fixed(Percentile75.self, summary: "the 75th percentile (third quartile) of the values",
                           example: "select percentile_75(value) from generate_series(1, 5);  -- 4.0")
    static let p90 = fixed(Percentile90.self, summary: "the 90th percentile of the values",
                           example: "select percentile_90(value) from generate_series(1, 11);  -- 10.0")
    static let p95 = fixed(Percentile95.self, summary: "the 95th percentile of the values",
                           example: "select percentile_95(value) from generate_series(1, 21);  -- 20.0")
    static let p99 = fixed(Percentile99.self, summary: "the 99th percentile of the values",
                           example: "select percentile_99(value) from generate_series(1, 101);  -- 100.0")
}
