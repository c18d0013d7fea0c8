import SQLshCore

/// The `duckdb` pack's aggregates as C entries (``DirectEntry``): SQLite calls each function's
/// callbacks directly, with no deferred slot, closure or thunk in between (issue 34).
///
/// Each runs the same ``Aggregate`` type the catalog entry's `SQLFunction` registers
/// (`DirectEntriesTests` checks that both give the same answers, as aggregates and as window
/// functions, errors included).
enum DuckDBDirectEntries {
    /// The entries, in the order of the pack's signatures.
    static let all: [DirectEntry] = [
        DirectEntry("arg_max", argumentCount: 2, argMax),
        DirectEntry("arg_min", argumentCount: 2, argMin),
        DirectEntry("max_by", argumentCount: 2, argMax),
        DirectEntry("min_by", argumentCount: 2, argMin),
        DirectEntry("count_if", argumentCount: 1, countIf),
        DirectEntry("bool_and", argumentCount: 1, boolAnd),
        DirectEntry("bool_or", argumentCount: 1, boolOr),
        DirectEntry("bit_and", argumentCount: 1, bitAnd),
        DirectEntry("bit_or", argumentCount: 1, bitOr),
        DirectEntry("bit_xor", argumentCount: 1, bitXor),
        DirectEntry("product", argumentCount: 1, product),
        DirectEntry("corr", argumentCount: 2, corr),
        DirectEntry("covar_pop", argumentCount: 2, covarPop),
        DirectEntry("covar_samp", argumentCount: 2, covarSamp),
        DirectEntry("regr_slope", argumentCount: 2, regrSlope),
        DirectEntry("regr_intercept", argumentCount: 2, regrIntercept),
        DirectEntry("regr_r2", argumentCount: 2, regrR2),
        DirectEntry("regr_count", argumentCount: 2, regrCount),
        DirectEntry("regr_avgx", argumentCount: 2, regrAvgX),
        DirectEntry("regr_avgy", argumentCount: 2, regrAvgY),
        DirectEntry("regr_sxx", argumentCount: 2, regrSXX),
        DirectEntry("regr_syy", argumentCount: 2, regrSYY),
        DirectEntry("regr_sxy", argumentCount: 2, regrSXY),
        DirectEntry("kurtosis", argumentCount: 1, kurtosis),
        DirectEntry("skewness", argumentCount: 1, skewness),
        DirectEntry("entropy", argumentCount: 1, entropy),
        DirectEntry("approx_count_distinct", argumentCount: 1, approxCountDistinct),
        DirectEntry("any_value", argumentCount: 1, anyValue),
        DirectEntry("first", argumentCount: 1, first),
        DirectEntry("last", argumentCount: 1, last),
        DirectEntry("histogram", argumentCount: 1, histogram),
        DirectEntry("array_agg", argumentCount: 1, list),
        DirectEntry("list", argumentCount: 1, list),
        DirectEntry("string_agg", argumentCount: 1, stringAgg),
        DirectEntry("string_agg", argumentCount: 2, stringAgg),
        DirectEntry("quantile_cont", argumentCount: 2, quantileCont),
        DirectEntry("quantile_disc", argumentCount: 2, quantileDisc),
    ]

    // Each aggregate type's callbacks, written once (a C function pointer cannot be made in
    // generic code).
    static let argMax = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ArgExtreme<LargestKey>.self, $0, $1, $2) }, final: { DirectCall.final(ArgExtreme<LargestKey>.self, $0) },
        value: { DirectCall.value(ArgExtreme<LargestKey>.self, $0) }, inverse: { DirectCall.inverse(ArgExtreme<LargestKey>.self, $0, $1, $2) })
    static let argMin = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ArgExtreme<SmallestKey>.self, $0, $1, $2) }, final: { DirectCall.final(ArgExtreme<SmallestKey>.self, $0) },
        value: { DirectCall.value(ArgExtreme<SmallestKey>.self, $0) }, inverse: { DirectCall.inverse(ArgExtreme<SmallestKey>.self, $0, $1, $2) })
    static let countIf = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(CountIf.self, $0, $1, $2) }, final: { DirectCall.final(CountIf.self, $0) },
        value: { DirectCall.value(CountIf.self, $0) }, inverse: { DirectCall.inverse(CountIf.self, $0, $1, $2) })
    static let boolAnd = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(BoolAggregate<AllTrue>.self, $0, $1, $2) }, final: { DirectCall.final(BoolAggregate<AllTrue>.self, $0) },
        value: { DirectCall.value(BoolAggregate<AllTrue>.self, $0) }, inverse: { DirectCall.inverse(BoolAggregate<AllTrue>.self, $0, $1, $2) })
    static let boolOr = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(BoolAggregate<AnyTrue>.self, $0, $1, $2) }, final: { DirectCall.final(BoolAggregate<AnyTrue>.self, $0) },
        value: { DirectCall.value(BoolAggregate<AnyTrue>.self, $0) }, inverse: { DirectCall.inverse(BoolAggregate<AnyTrue>.self, $0, $1, $2) })
    static let bitAnd = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(BitAggregate<BitAnd>.self, $0, $1, $2) }, final: { DirectCall.final(BitAggregate<BitAnd>.self, $0) },
        value: { DirectCall.value(BitAggregate<BitAnd>.self, $0) }, inverse: { DirectCall.inverse(BitAggregate<BitAnd>.self, $0, $1, $2) })
    static let bitOr = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(BitAggregate<BitOr>.self, $0, $1, $2) }, final: { DirectCall.final(BitAggregate<BitOr>.self, $0) },
        value: { DirectCall.value(BitAggregate<BitOr>.self, $0) }, inverse: { DirectCall.inverse(BitAggregate<BitOr>.self, $0, $1, $2) })
    static let bitXor = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(BitAggregate<BitXor>.self, $0, $1, $2) }, final: { DirectCall.final(BitAggregate<BitXor>.self, $0) },
        value: { DirectCall.value(BitAggregate<BitXor>.self, $0) }, inverse: { DirectCall.inverse(BitAggregate<BitXor>.self, $0, $1, $2) })
    static let product = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Product.self, $0, $1, $2) }, final: { DirectCall.final(Product.self, $0) },
        value: { DirectCall.value(Product.self, $0) }, inverse: { DirectCall.inverse(Product.self, $0, $1, $2) })
    static let corr = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<Corr>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<Corr>.self, $0) },
        value: { DirectCall.value(Bivariate<Corr>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<Corr>.self, $0, $1, $2) })
    static let covarPop = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<CovarPop>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<CovarPop>.self, $0) },
        value: { DirectCall.value(Bivariate<CovarPop>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<CovarPop>.self, $0, $1, $2) })
    static let covarSamp = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<CovarSamp>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<CovarSamp>.self, $0) },
        value: { DirectCall.value(Bivariate<CovarSamp>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<CovarSamp>.self, $0, $1, $2) })
    static let regrSlope = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrSlope>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrSlope>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrSlope>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrSlope>.self, $0, $1, $2) })
    static let regrIntercept = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrIntercept>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrIntercept>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrIntercept>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrIntercept>.self, $0, $1, $2) })
    static let regrR2 = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrR2>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrR2>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrR2>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrR2>.self, $0, $1, $2) })
    static let regrCount = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrCount>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrCount>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrCount>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrCount>.self, $0, $1, $2) })
    static let regrAvgX = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrAvgX>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrAvgX>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrAvgX>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrAvgX>.self, $0, $1, $2) })
    static let regrAvgY = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrAvgY>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrAvgY>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrAvgY>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrAvgY>.self, $0, $1, $2) })
    static let regrSXX = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrSXX>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrSXX>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrSXX>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrSXX>.self, $0, $1, $2) })
    static let regrSYY = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrSYY>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrSYY>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrSYY>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrSYY>.self, $0, $1, $2) })
    static let regrSXY = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Bivariate<RegrSXY>.self, $0, $1, $2) }, final: { DirectCall.final(Bivariate<RegrSXY>.self, $0) },
        value: { DirectCall.value(Bivariate<RegrSXY>.self, $0) }, inverse: { DirectCall.inverse(Bivariate<RegrSXY>.self, $0, $1, $2) })
    static let kurtosis = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Shape<KurtosisKind>.self, $0, $1, $2) }, final: { DirectCall.final(Shape<KurtosisKind>.self, $0) },
        value: { DirectCall.value(Shape<KurtosisKind>.self, $0) }, inverse: { DirectCall.inverse(Shape<KurtosisKind>.self, $0, $1, $2) })
    static let skewness = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Shape<SkewnessKind>.self, $0, $1, $2) }, final: { DirectCall.final(Shape<SkewnessKind>.self, $0) },
        value: { DirectCall.value(Shape<SkewnessKind>.self, $0) }, inverse: { DirectCall.inverse(Shape<SkewnessKind>.self, $0, $1, $2) })
    static let entropy = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Entropy.self, $0, $1, $2) }, final: { DirectCall.final(Entropy.self, $0) },
        value: { DirectCall.value(Entropy.self, $0) }, inverse: { DirectCall.inverse(Entropy.self, $0, $1, $2) })
    static let approxCountDistinct = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ApproxCountDistinct.self, $0, $1, $2) }, final: { DirectCall.final(ApproxCountDistinct.self, $0) })
    static let anyValue = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(AnyValue.self, $0, $1, $2) }, final: { DirectCall.final(AnyValue.self, $0) },
        value: { DirectCall.value(AnyValue.self, $0) }, inverse: { DirectCall.inverse(AnyValue.self, $0, $1, $2) })
    static let first = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(FirstValue.self, $0, $1, $2) }, final: { DirectCall.final(FirstValue.self, $0) },
        value: { DirectCall.value(FirstValue.self, $0) }, inverse: { DirectCall.inverse(FirstValue.self, $0, $1, $2) })
    static let last = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(LastValue.self, $0, $1, $2) }, final: { DirectCall.final(LastValue.self, $0) },
        value: { DirectCall.value(LastValue.self, $0) }, inverse: { DirectCall.inverse(LastValue.self, $0, $1, $2) })
    static let histogram = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Histogram.self, $0, $1, $2) }, final: { DirectCall.final(Histogram.self, $0) },
        value: { DirectCall.value(Histogram.self, $0) }, inverse: { DirectCall.inverse(Histogram.self, $0, $1, $2) })
    static let list = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(ListAggregate.self, $0, $1, $2) }, final: { DirectCall.final(ListAggregate.self, $0) },
        value: { DirectCall.value(ListAggregate.self, $0) }, inverse: { DirectCall.inverse(ListAggregate.self, $0, $1, $2) })
    static let stringAgg = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(StringAggregate.self, $0, $1, $2) }, final: { DirectCall.final(StringAggregate.self, $0) },
        value: { DirectCall.value(StringAggregate.self, $0) }, inverse: { DirectCall.inverse(StringAggregate.self, $0, $1, $2) })
    static let quantileCont = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Quantile<ContinuousQuantile>.self, $0, $1, $2) }, final: { DirectCall.final(Quantile<ContinuousQuantile>.self, $0) },
        value: { DirectCall.value(Quantile<ContinuousQuantile>.self, $0) }, inverse: { DirectCall.inverse(Quantile<ContinuousQuantile>.self, $0, $1, $2) })
    static let quantileDisc = DirectEntry.AggregateCallbacks(
        step: { DirectCall.step(Quantile<DiscreteQuantile>.self, $0, $1, $2) }, final: { DirectCall.final(Quantile<DiscreteQuantile>.self, $0) },
        value: { DirectCall.value(Quantile<DiscreteQuantile>.self, $0) }, inverse: { DirectCall.inverse(Quantile<DiscreteQuantile>.self, $0, $1, $2) })
}
