import SQLshCore

// sqlean's `stats_*` names. Each shares the implementation of the function it stands for
// (so they are window functions too, unlike sqlean's) and has its own catalog switch.

enum StatsMedian: FixedPercentileLevel { static let name: StaticString = "stats_median"; static let percent = 50.0 }
enum StatsP25: FixedPercentileLevel { static let name: StaticString = "stats_p25"; static let percent = 25.0 }
enum StatsP75: FixedPercentileLevel { static let name: StaticString = "stats_p75"; static let percent = 75.0 }
enum StatsP90: FixedPercentileLevel { static let name: StaticString = "stats_p90"; static let percent = 90.0 }
enum StatsP95: FixedPercentileLevel { static let name: StaticString = "stats_p95"; static let percent = 95.0 }
enum StatsP99: FixedPercentileLevel { static let name: StaticString = "stats_p99"; static let percent = 99.0 }

/// The catalog entries of sqlean's `stats_*` names, and its `stats_seq` series.
enum SqleanStatsNames {
    static let all: [CatalogFunction] = [
        sqleanMedian,
        fixed(StatsP25.self, of: PercentileFunctions.p25),
        fixed(StatsP75.self, of: PercentileFunctions.p75),
        fixed(StatsP90.self, of: PercentileFunctions.p90),
        fixed(StatsP95.self, of: PercentileFunctions.p95),
        fixed(StatsP99.self, of: PercentileFunctions.p99),
        sqleanPercentile,
        moment("stats_stddev", SampleStandardDeviation.self, of: MomentFunctions.stddev),
        moment("stats_stddev_samp", SampleStandardDeviation.self, of: MomentFunctions.stddevSamp),
        moment("stats_stddev_pop", PopulationStandardDeviation.self, of: MomentFunctions.stddevPop),
        moment("stats_var", SampleVariance.self, of: MomentFunctions.variance),
        moment("stats_var_samp", SampleVariance.self, of: MomentFunctions.varSamp),
        moment("stats_var_pop", PopulationVariance.self, of: MomentFunctions.varPop),
        statsSeq,
    ]

    static func fixed<L: FixedPercentileLevel>(_ level: L.Type, of entry: CatalogFunction) -> CatalogFunction {
        let name = "\(L.name)"
        return alias(name, of: entry) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: FixedPercentile<L>.self)]
        }
    }

    /// sqlean's median: numeric text counts, and its messages name the function.
    static let sqleanMedian = CatalogFunction(
        arguments: "x",
        summary: "the median (50th percentile) of the values, as sqlean",
        details: """
            stats_median(x): the median of x, with sqlean's semantics: unlike SQLite's median \
            (see median), text that looks like a number counts. 
            """ + PercentileFunctions.selectionNote,
        example: "select stats_median(column1) from (values ('1'), (2), (3), (10));  -- 2.5"
    ) {
        [SQLFunction("stats_median", argumentCount: 1, options: .pure, aggregate: FixedPercentile<StatsMedian>.self)]
    }

    /// sqlean's percentile: the messages of SQLite 3.40's percentile extension, which sqlean uses.
    static let sqleanPercentile = CatalogFunction(
        arguments: "x, p",
        summary: "the p-th percentile (p from 0 to 100) of the values, as sqlean",
        details: """
            stats_perc(x, p): the p-th percentile of x with sqlean's semantics (SQLite 3.40's \
            percentile extension): p a number from 0 to 100, the same for every row (within \
            0.001 of the first row's, which is the one used), else "2nd argument to \
            percentile() is not the same for all input rows"; out of range: "2nd argument to \
            percentile() is not a number between 0.0 and 100.0"; x must be an integer or a \
            real ("1st argument to percentile() is not numeric"). For SQLite 3.53's semantics \
            and messages use percentile. 
            """ + PercentileFunctions.selectionNote,
        example: "select stats_perc(column1, 75) from (values (1), (2), (3), (4), (5));  -- 4.0"
    ) {
        [SQLFunction("stats_perc", argumentCount: 2, options: .pure, aggregate: VariablePercentile.self)]
    }

    static func moment<S: MomentStatistic>(_ name: String, _ statistic: S.Type, of entry: CatalogFunction) -> CatalogFunction {
        alias(name, of: entry) {
            [SQLFunction(name, argumentCount: 1, options: .pure, aggregate: Moments<S>.self)]
        }
    }

    static let statsSeq = CatalogFunction(
        name: "stats_seq", kind: .tableValued, arity: "1-3", arguments: "start[, stop[, step]]",
        flags: [.innocuous],
        summary: "integers from start to stop by step, as rows (same as generate_series)",
        details: """
            stats_seq(start[, stop[, step]]) is sqlean's name for generate_series, with the \
            behaviour of sqlean's copy of SQLite 3.40.1's series.c: one column, value, and the \
            hidden columns start, stop and step. \
            start is required (error: first argument to "generate_series()" missing or \
            unusable, the text sqlean gives for this name too); stop defaults to 4294967295 and \
            step to 1 (0 counts as 1); a negative step gives the ascending series in reverse \
            order; a NULL argument gives no rows. sqlean also registers generate_series under \
            its own name: sqlsh's generate_series is SQLite 3.53's instead, which counts a \
            negative step down from start and numbers rows by value.
            """,
        example: "select group_concat(value) from stats_seq(1, 10, 3);  -- '1,4,7,10'",
        register: { try $0.addTableValuedFunction("stats_seq", StatsSeq.self) },
        unregister: { try $0.removeTableValuedFunction(named: "stats_seq") })
}
