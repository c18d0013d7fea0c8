import SQLshCore

/// The `stats` pack's aggregates as C entries (``DirectEntry``): SQLite calls each function's
/// step, final, value and inverse directly, with no deferred slot, closure or thunk in between
/// (issue 34: the core's aggregate path cost about 60 instructions a row of the 143 a `stddev`
/// row took).
///
/// Each runs the same ``Aggregate`` type the catalog entry's `SQLFunction` registers
/// (`DirectEntriesTests` checks that both give the same answers, as aggregates and as window
/// functions, errors included).
enum StatsDirectEntries {
    /// The entries, in the order of the pack's signatures.
    static let all: [DirectEntry] = [
        DirectEntry("median", argumentCount: 1, median),
        DirectEntry("percentile", argumentCount: 2, percentile),
        DirectEntry("percentile_cont", argumentCount: 2, percentileCont),
        DirectEntry("percentile_disc", argumentCount: 2, percentileDisc),
        DirectEntry("percentile_25", argumentCount: 1, p25),
        DirectEntry("percentile_75", argumentCount: 1, p75),
        DirectEntry("percentile_90", argumentCount: 1, p90),
        DirectEntry("percentile_95", argumentCount: 1, p95),
        DirectEntry("percentile_99", argumentCount: 1, p99),
        DirectEntry("stddev", argumentCount: 1, sampleSD),
        DirectEntry("stddev_samp", argumentCount: 1, sampleSD),
        DirectEntry("stddev_pop", argumentCount: 1, populationSD),
        DirectEntry("variance", argumentCount: 1, sampleVar),
        DirectEntry("var_samp", argumentCount: 1, sampleVar),
        DirectEntry("var_pop", argumentCount: 1, populationVar),
        DirectEntry("mode", argumentCount: 1, mode),
        DirectEntry("maxLength", argumentCount: 1, maxLength),
        DirectEntry("minLength", argumentCount: 1, minLength),
        DirectEntry("stats_median", argumentCount: 1, statsMedian),
        DirectEntry("stats_p25", argumentCount: 1, statsP25),
        DirectEntry("stats_p75", argumentCount: 1, statsP75),
        DirectEntry("stats_p90", argumentCount: 1, statsP90),
        DirectEntry("stats_p95", argumentCount: 1, statsP95),
        DirectEntry("stats_p99", argumentCount: 1, statsP99),
        DirectEntry("stats_perc", argumentCount: 2, statsPerc),
        DirectEntry("stats_stddev", argumentCount: 1, sampleSD),
        DirectEntry("stats_stddev_samp", argumentCount: 1, sampleSD),
        DirectEntry("stats_stddev_pop", argumentCount: 1, populationSD),
        DirectEntry("stats_var", argumentCount: 1, sampleVar),
        DirectEntry("stats_var_samp", argumentCount: 1, sampleVar),
        DirectEntry("stats_var_pop", argumentCount: 1, populationVar),
    ]

    // Each aggregate type's callbacks, written once (a C function pointer cannot be made in
    // generic code).
    static let median = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(SQLitePercentile<SQLiteMedianKind>.self, $0, $1, $2) }, final: { DirectCall.final(SQLitePercentile<SQLiteMedianKind>.self, $0) },
        value: { DirectCall.value(SQLitePercentile<SQLiteMedianKind>.self, $0) }, inverse: { DirectCall.inverse(SQLitePercentile<SQLiteMedianKind>.self, $0, $1, $2) })
    static let percentile = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(SQLitePercentile<SQLitePercentileHundredKind>.self, $0, $1, $2) }, final: { DirectCall.final(SQLitePercentile<SQLitePercentileHundredKind>.self, $0) },
        value: { DirectCall.value(SQLitePercentile<SQLitePercentileHundredKind>.self, $0) }, inverse: { DirectCall.inverse(SQLitePercentile<SQLitePercentileHundredKind>.self, $0, $1, $2) })
    static let percentileCont = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(SQLitePercentile<SQLitePercentileContKind>.self, $0, $1, $2) }, final: { DirectCall.final(SQLitePercentile<SQLitePercentileContKind>.self, $0) },
        value: { DirectCall.value(SQLitePercentile<SQLitePercentileContKind>.self, $0) }, inverse: { DirectCall.inverse(SQLitePercentile<SQLitePercentileContKind>.self, $0, $1, $2) })
    static let percentileDisc = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(SQLitePercentile<SQLitePercentileDiscKind>.self, $0, $1, $2) }, final: { DirectCall.final(SQLitePercentile<SQLitePercentileDiscKind>.self, $0) },
        value: { DirectCall.value(SQLitePercentile<SQLitePercentileDiscKind>.self, $0) }, inverse: { DirectCall.inverse(SQLitePercentile<SQLitePercentileDiscKind>.self, $0, $1, $2) })
    static let p25 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<Percentile25>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<Percentile25>.self, $0) },
        value: { DirectCall.value(FixedPercentile<Percentile25>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<Percentile25>.self, $0, $1, $2) })
    static let p75 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<Percentile75>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<Percentile75>.self, $0) },
        value: { DirectCall.value(FixedPercentile<Percentile75>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<Percentile75>.self, $0, $1, $2) })
    static let p90 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<Percentile90>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<Percentile90>.self, $0) },
        value: { DirectCall.value(FixedPercentile<Percentile90>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<Percentile90>.self, $0, $1, $2) })
    static let p95 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<Percentile95>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<Percentile95>.self, $0) },
        value: { DirectCall.value(FixedPercentile<Percentile95>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<Percentile95>.self, $0, $1, $2) })
    static let p99 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<Percentile99>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<Percentile99>.self, $0) },
        value: { DirectCall.value(FixedPercentile<Percentile99>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<Percentile99>.self, $0, $1, $2) })
    static let sampleSD = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Moments<SampleStandardDeviation>.self, $0, $1, $2) }, final: { DirectCall.final(Moments<SampleStandardDeviation>.self, $0) },
        value: { DirectCall.value(Moments<SampleStandardDeviation>.self, $0) }, inverse: { DirectCall.inverse(Moments<SampleStandardDeviation>.self, $0, $1, $2) })
    static let populationSD = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Moments<PopulationStandardDeviation>.self, $0, $1, $2) }, final: { DirectCall.final(Moments<PopulationStandardDeviation>.self, $0) },
        value: { DirectCall.value(Moments<PopulationStandardDeviation>.self, $0) }, inverse: { DirectCall.inverse(Moments<PopulationStandardDeviation>.self, $0, $1, $2) })
    static let sampleVar = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Moments<SampleVariance>.self, $0, $1, $2) }, final: { DirectCall.final(Moments<SampleVariance>.self, $0) },
        value: { DirectCall.value(Moments<SampleVariance>.self, $0) }, inverse: { DirectCall.inverse(Moments<SampleVariance>.self, $0, $1, $2) })
    static let populationVar = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Moments<PopulationVariance>.self, $0, $1, $2) }, final: { DirectCall.final(Moments<PopulationVariance>.self, $0) },
        value: { DirectCall.value(Moments<PopulationVariance>.self, $0) }, inverse: { DirectCall.inverse(Moments<PopulationVariance>.self, $0, $1, $2) })
    static let mode = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Mode.self, $0, $1, $2) }, final: { DirectCall.final(Mode.self, $0) },
        value: { DirectCall.value(Mode.self, $0) }, inverse: { DirectCall.inverse(Mode.self, $0, $1, $2) })
    static let maxLength = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(LengthExtreme<Longest>.self, $0, $1, $2) }, final: { DirectCall.final(LengthExtreme<Longest>.self, $0) },
        value: { DirectCall.value(LengthExtreme<Longest>.self, $0) }, inverse: { DirectCall.inverse(LengthExtreme<Longest>.self, $0, $1, $2) })
    static let minLength = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(LengthExtreme<Shortest>.self, $0, $1, $2) }, final: { DirectCall.final(LengthExtreme<Shortest>.self, $0) },
        value: { DirectCall.value(LengthExtreme<Shortest>.self, $0) }, inverse: { DirectCall.inverse(LengthExtreme<Shortest>.self, $0, $1, $2) })
    static let statsMedian = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsMedian>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsMedian>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsMedian>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsMedian>.self, $0, $1, $2) })
    static let statsP25 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsP25>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsP25>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsP25>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsP25>.self, $0, $1, $2) })
    static let statsP75 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsP75>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsP75>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsP75>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsP75>.self, $0, $1, $2) })
    static let statsP90 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsP90>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsP90>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsP90>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsP90>.self, $0, $1, $2) })
    static let statsP95 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsP95>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsP95>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsP95>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsP95>.self, $0, $1, $2) })
    static let statsP99 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FixedPercentile<StatsP99>.self, $0, $1, $2) }, final: { DirectCall.final(FixedPercentile<StatsP99>.self, $0) },
        value: { DirectCall.value(FixedPercentile<StatsP99>.self, $0) }, inverse: { DirectCall.inverse(FixedPercentile<StatsP99>.self, $0, $1, $2) })
    static let statsPerc = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(VariablePercentile.self, $0, $1, $2) }, final: { DirectCall.final(VariablePercentile.self, $0) },
        value: { DirectCall.value(VariablePercentile.self, $0) }, inverse: { DirectCall.inverse(VariablePercentile.self, $0, $1, $2) })
}
