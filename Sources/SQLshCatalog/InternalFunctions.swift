import SQLshCore

/// Functions under internal names that sqlsh's own rewritten statements call: `summarize`'s
/// aggregates, the implementations of the duckdb pack's `approx_count_distinct` and
/// `quantile_cont` and the stats pack's `stddev`. The catalog registers one when a statement
/// names it, whatever the packs' state (`.disable duckdb`, `.disable stats`, `-nofunctions`),
/// and lists it nowhere: no pack holds it, so no listing, `.describe` or man page shows it.
public enum InternalFunctions {
    /// `summarize`'s distinct-count estimate (HyperLogLog, as `approx_count_distinct`).
    public static let approxUnique = "sqlsh_summarize_approx_unique"
    /// `summarize`'s sample standard deviation (as `stddev`).
    public static let standardDeviation = "sqlsh_summarize_stddev"
    /// `summarize`'s quartiles: `quantile_cont(x, q)` with q a JSON array of fractions.
    public static let quantiles = "sqlsh_summarize_quantile_cont"

    /// The SQLite functions of an internal name (any case), nil for other names.
    static func functions(named name: String) -> [SQLFunction]? {
        switch name.lowercased() {
        case approxUnique:
            return [SQLFunction(approxUnique, argumentCount: 1, options: .pure, aggregate: ApproxCountDistinct.self)]
        case standardDeviation:
            return [SQLFunction(standardDeviation, argumentCount: 1, options: .pure, aggregate: Moments<SampleStandardDeviation>.self)]
        case quantiles:
            return [SQLFunction(quantiles, argumentCount: 2, options: .pure, aggregate: Quantile<ContinuousQuantile>.self)]
        default:
            return nil
        }
    }
}
