import SQLshCore

/// The variance family's C entries (``DirectEntry``): SQLite calls each function's step, final,
/// value and inverse directly, with no deferred slot, closure or thunk in between (issue 34:
/// the core's aggregate path cost about 60 instructions a row of the 143 a `stddev` row took).
///
/// Each is the same ``Moments`` aggregate the catalog entry's `SQLFunction` registers
/// (`MomentEntriesTests` checks that both give the same answers, as aggregates and as window
/// functions). The closures are written out, one per function: a C function pointer cannot be
/// made in generic code.
enum MomentEntries {
    typealias SampleSD = Moments<SampleStandardDeviation>
    typealias PopulationSD = Moments<PopulationStandardDeviation>
    typealias SampleVar = Moments<SampleVariance>
    typealias PopulationVar = Moments<PopulationVariance>

    static let all: [DirectEntry] = [
        DirectEntry(window: "stddev", argumentCount: 1,
                    step: { DirectCall.step(SampleSD.self, $0, $1, $2, name: "stddev") },
                    final: { DirectCall.final(SampleSD.self, $0, name: "stddev") },
                    value: { DirectCall.value(SampleSD.self, $0, name: "stddev") },
                    inverse: { DirectCall.inverse(SampleSD.self, $0, $1, $2, name: "stddev") }),
        DirectEntry(window: "stddev_samp", argumentCount: 1,
                    step: { DirectCall.step(SampleSD.self, $0, $1, $2, name: "stddev_samp") },
                    final: { DirectCall.final(SampleSD.self, $0, name: "stddev_samp") },
                    value: { DirectCall.value(SampleSD.self, $0, name: "stddev_samp") },
                    inverse: { DirectCall.inverse(SampleSD.self, $0, $1, $2, name: "stddev_samp") }),
        DirectEntry(window: "stddev_pop", argumentCount: 1,
                    step: { DirectCall.step(PopulationSD.self, $0, $1, $2, name: "stddev_pop") },
                    final: { DirectCall.final(PopulationSD.self, $0, name: "stddev_pop") },
                    value: { DirectCall.value(PopulationSD.self, $0, name: "stddev_pop") },
                    inverse: { DirectCall.inverse(PopulationSD.self, $0, $1, $2, name: "stddev_pop") }),
        DirectEntry(window: "variance", argumentCount: 1,
                    step: { DirectCall.step(SampleVar.self, $0, $1, $2, name: "variance") },
                    final: { DirectCall.final(SampleVar.self, $0, name: "variance") },
                    value: { DirectCall.value(SampleVar.self, $0, name: "variance") },
                    inverse: { DirectCall.inverse(SampleVar.self, $0, $1, $2, name: "variance") }),
        DirectEntry(window: "var_samp", argumentCount: 1,
                    step: { DirectCall.step(SampleVar.self, $0, $1, $2, name: "var_samp") },
                    final: { DirectCall.final(SampleVar.self, $0, name: "var_samp") },
                    value: { DirectCall.value(SampleVar.self, $0, name: "var_samp") },
                    inverse: { DirectCall.inverse(SampleVar.self, $0, $1, $2, name: "var_samp") }),
        DirectEntry(window: "var_pop", argumentCount: 1,
                    step: { DirectCall.step(PopulationVar.self, $0, $1, $2, name: "var_pop") },
                    final: { DirectCall.final(PopulationVar.self, $0, name: "var_pop") },
                    value: { DirectCall.value(PopulationVar.self, $0, name: "var_pop") },
                    inverse: { DirectCall.inverse(PopulationVar.self, $0, $1, $2, name: "var_pop") }),
        DirectEntry(window: "stats_stddev", argumentCount: 1,
                    step: { DirectCall.step(SampleSD.self, $0, $1, $2, name: "stats_stddev") },
                    final: { DirectCall.final(SampleSD.self, $0, name: "stats_stddev") },
                    value: { DirectCall.value(SampleSD.self, $0, name: "stats_stddev") },
                    inverse: { DirectCall.inverse(SampleSD.self, $0, $1, $2, name: "stats_stddev") }),
        DirectEntry(window: "stats_stddev_samp", argumentCount: 1,
                    step: { DirectCall.step(SampleSD.self, $0, $1, $2, name: "stats_stddev_samp") },
                    final: { DirectCall.final(SampleSD.self, $0, name: "stats_stddev_samp") },
                    value: { DirectCall.value(SampleSD.self, $0, name: "stats_stddev_samp") },
                    inverse: { DirectCall.inverse(SampleSD.self, $0, $1, $2, name: "stats_stddev_samp") }),
        DirectEntry(window: "stats_stddev_pop", argumentCount: 1,
                    step: { DirectCall.step(PopulationSD.self, $0, $1, $2, name: "stats_stddev_pop") },
                    final: { DirectCall.final(PopulationSD.self, $0, name: "stats_stddev_pop") },
                    value: { DirectCall.value(PopulationSD.self, $0, name: "stats_stddev_pop") },
                    inverse: { DirectCall.inverse(PopulationSD.self, $0, $1, $2, name: "stats_stddev_pop") }),
        DirectEntry(window: "stats_var", argumentCount: 1,
                    step: { DirectCall.step(SampleVar.self, $0, $1, $2, name: "stats_var") },
                    final: { DirectCall.final(SampleVar.self, $0, name: "stats_var") },
                    value: { DirectCall.value(SampleVar.self, $0, name: "stats_var") },
                    inverse: { DirectCall.inverse(SampleVar.self, $0, $1, $2, name: "stats_var") }),
        DirectEntry(window: "stats_var_samp", argumentCount: 1,
                    step: { DirectCall.step(SampleVar.self, $0, $1, $2, name: "stats_var_samp") },
                    final: { DirectCall.final(SampleVar.self, $0, name: "stats_var_samp") },
                    value: { DirectCall.value(SampleVar.self, $0, name: "stats_var_samp") },
                    inverse: { DirectCall.inverse(SampleVar.self, $0, $1, $2, name: "stats_var_samp") }),
        DirectEntry(window: "stats_var_pop", argumentCount: 1,
                    step: { DirectCall.step(PopulationVar.self, $0, $1, $2, name: "stats_var_pop") },
                    final: { DirectCall.final(PopulationVar.self, $0, name: "stats_var_pop") },
                    value: { DirectCall.value(PopulationVar.self, $0, name: "stats_var_pop") },
                    inverse: { DirectCall.inverse(PopulationVar.self, $0, $1, $2, name: "stats_var_pop") }),
    ]
}
