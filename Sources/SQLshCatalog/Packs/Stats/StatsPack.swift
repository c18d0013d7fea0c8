/// The `stats` pack: statistics as aggregate and window functions.
enum StatsPack {
    static let pack = FunctionPack(
        name: "stats",
        summary: "statistics: median, percentiles, variance, mode, length extremes (aggregate and window; sqlean stats_* names too)",
        functions: [
            SQLitePercentileFunctions.median,
            SQLitePercentileFunctions.percentile,
            SQLitePercentileFunctions.percentileCont,
            SQLitePercentileFunctions.percentileDisc,
            PercentileFunctions.p25,
            PercentileFunctions.p75,
            PercentileFunctions.p90,
            PercentileFunctions.p95,
            PercentileFunctions.p99,
            MomentFunctions.stddev,
            MomentFunctions.stddevSamp,
            MomentFunctions.stddevPop,
            MomentFunctions.variance,
            MomentFunctions.varSamp,
            MomentFunctions.varPop,
            Mode.entry,
            LengthFunctions.maxLength,
            LengthFunctions.minLength,
        ] + SqleanStatsNames.all)
}
