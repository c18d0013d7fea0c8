import SQLshCore

/// The catalog entries of the `duckdb` pack's numeric aggregates.
enum NumericAggregates {
    static let window = "Works as an aggregate and as a window function (sliding frames too)."

    static let countIf = duckEntry(
        arguments: "condition", summary: "how many rows the condition is true for",
        details: """
            count_if(condition): the number of rows where the condition is true (non-zero), \
            as DuckDB's count_if. NULL conditions are not counted; NULL when no row had a \
            non-NULL condition (DuckDB's answer for an empty group). Text that is not a number \
            and blobs are an error. \(window)
            """,
        example: "select count_if(value > 2) from generate_series(1, 5);  -- 3",
        functions: { [SQLFunction("count_if", argumentCount: 1, options: .pure, aggregate: CountIf.self)] })

    static func boolDetails(_ name: String, _ what: String) -> String {
        """
        \(name)(x): 1 when \(what) of the non-NULL values is true (non-zero), else 0, as \
        DuckDB's \(name) (SQLite has no boolean type: the result is an integer). NULL when \
        there are no non-NULL values. Text that is not a number and blobs are an error. \(window)
        """
    }
    static let boolAnd = duckEntry(
        arguments: "x", summary: "1 when every non-NULL value is true",
        details: boolDetails("bool_and", "every one"),
        example: "select bool_and(value > 0), bool_and(value > 1) from generate_series(1, 3);  -- 1|0",
        functions: { [SQLFunction("bool_and", argumentCount: 1, options: .pure, aggregate: BoolAggregate<AllTrue>.self)] })
    static let boolOr = duckEntry(
        arguments: "x", summary: "1 when any non-NULL value is true",
        details: boolDetails("bool_or", "at least one"),
        example: "select bool_or(value > 2), bool_or(value > 3) from generate_series(1, 3);  -- 1|0",
        functions: { [SQLFunction("bool_or", argumentCount: 1, options: .pure, aggregate: BoolAggregate<AnyTrue>.self)] })

    static func bitDetails(_ name: String, _ op: String) -> String {
        """
        \(name)(x): the bitwise \(op) of the non-NULL values, as 64-bit integers (DuckDB's \
        \(name) on BIGINT). NULL when there are no non-NULL values. Integral reals and \
        numeric text count as integers; other values are an error ("\(name)(): the argument \
        is not an integer"). \(window)
        """
    }
    static let bitAnd = duckEntry(
        arguments: "x", summary: "the bitwise AND of the values", details: bitDetails("bit_and", "AND"),
        example: "select bit_and(column1) from (values (12), (10));  -- 8",
        functions: { [SQLFunction("bit_and", argumentCount: 1, options: .pure, aggregate: BitAggregate<BitAnd>.self)] })
    static let bitOr = duckEntry(
        arguments: "x", summary: "the bitwise OR of the values", details: bitDetails("bit_or", "OR"),
        example: "select bit_or(column1) from (values (12), (10));  -- 14",
        functions: { [SQLFunction("bit_or", argumentCount: 1, options: .pure, aggregate: BitAggregate<BitOr>.self)] })
    static let bitXor = duckEntry(
        arguments: "x", summary: "the bitwise XOR of the values", details: bitDetails("bit_xor", "exclusive OR"),
        example: "select bit_xor(column1) from (values (12), (10));  -- 6",
        functions: { [SQLFunction("bit_xor", argumentCount: 1, options: .pure, aggregate: BitAggregate<BitXor>.self)] })

    static let product = duckEntry(
        arguments: "x", summary: "the product of the values, as a real",
        details: """
            product(x): the product of the non-NULL values, as a real (DuckDB's product \
            gives a DOUBLE). NULL when there are none. An overflow gives Inf (9e999). Text \
            that is not a number and blobs are an error. \(window)
            """,
        example: "select product(value) from generate_series(1, 5);  -- 120.0",
        functions: { [SQLFunction("product", argumentCount: 1, options: .pure, aggregate: Product.self)] })

    static let pairNote = """
        Rows where either argument is NULL are ignored. Text that is not a number and blobs \
        are an error. Computed with Welford's updates (stable for large offsets); results \
        agree with DuckDB's to about 1e-12. SQLite has no NaN: where DuckDB answers NaN \
        (a variable with no spread), the result is NULL. \(window)
        """
    static func bivariate<K: BivariateKind>(_ kind: K.Type, _ name: String, arguments: String, summary: String,
                                             details: String, example: String) -> CatalogFunction {
        duckEntry(arguments: arguments, summary: summary, details: "\(name)(\(arguments)): " + details + " " + pairNote,
                  example: example,
                  functions: { [SQLFunction(name, argumentCount: 2, options: .pure, aggregate: Bivariate<K>.self)] })
    }
    static let sample = "with t(x, y) as (values (1, 10), (2, 30), (3, 20)) "
    static let corr = bivariate(
        Corr.self, "corr", arguments: "y, x", summary: "the Pearson correlation coefficient of two variables",
        details: "the correlation coefficient, covar_pop / (stddev_pop(y) * stddev_pop(x)); NULL for no rows.",
        example: sample + "select corr(y, x) from t;  -- 0.5")
    static let covarPop = bivariate(
        CovarPop.self, "covar_pop", arguments: "y, x", summary: "the population covariance of two variables",
        details: "the population covariance (divided by n); NULL for no rows.",
        example: sample + "select round(covar_pop(y, x), 6) from t;  -- 3.333333")
    static let covarSamp = bivariate(
        CovarSamp.self, "covar_samp", arguments: "y, x", summary: "the sample covariance of two variables",
        details: "the sample covariance (divided by n - 1); NULL for fewer than two rows.",
        example: sample + "select covar_samp(y, x) from t;  -- 5.0")
    static let regrSlope = bivariate(
        RegrSlope.self, "regr_slope", arguments: "y, x", summary: "the slope of the least-squares line of y on x",
        details: "the slope of the least-squares fit y = slope * x + intercept (covar_pop / var_pop(x)); NULL for no rows or when x does not vary.",
        example: sample + "select regr_slope(y, x) from t;  -- 5.0")
    static let regrIntercept = bivariate(
        RegrIntercept.self, "regr_intercept", arguments: "y, x", summary: "the intercept of the least-squares line of y on x",
        details: "the intercept of the least-squares fit, avg(y) - slope * avg(x); NULL for no rows or when x does not vary.",
        example: sample + "select regr_intercept(y, x) from t;  -- 10.0")
    static let regrR2 = bivariate(
        RegrR2.self, "regr_r2", arguments: "y, x", summary: "the coefficient of determination of the least-squares fit",
        details: "the square of the correlation coefficient; NULL for no rows or when x does not vary, 1 when y does not vary (and x does).",
        example: sample + "select regr_r2(y, x) from t;  -- 0.25")
    static let regrCount = bivariate(
        RegrCount.self, "regr_count", arguments: "y, x", summary: "the number of rows where neither variable is NULL",
        details: "the number of rows where both y and x are not NULL, an integer (0 for none).",
        example: sample + "select regr_count(y, x) from t;  -- 3")
    static let regrAvgX = bivariate(
        RegrAvgX.self, "regr_avgx", arguments: "y, x", summary: "the average of x over the rows where neither is NULL",
        details: "the average of x over the rows where both are not NULL; NULL for none.",
        example: sample + "select regr_avgx(y, x) from t;  -- 2.0")
    static let regrAvgY = bivariate(
        RegrAvgY.self, "regr_avgy", arguments: "y, x", summary: "the average of y over the rows where neither is NULL",
        details: "the average of y over the rows where both are not NULL; NULL for none.",
        example: sample + "select regr_avgy(y, x) from t;  -- 20.0")
    static let regrSXX = bivariate(
        RegrSXX.self, "regr_sxx", arguments: "y, x", summary: "the sum of squared deviations of x",
        details: "the sum of the squares of the deviations of x from its mean, var_pop(x) * regr_count(y, x); NULL for no rows.",
        example: sample + "select regr_sxx(y, x) from t;  -- 2.0")
    static let regrSYY = bivariate(
        RegrSYY.self, "regr_syy", arguments: "y, x", summary: "the sum of squared deviations of y",
        details: "the sum of the squares of the deviations of y from its mean, var_pop(y) * regr_count(y, x); NULL for no rows.",
        example: sample + "select regr_syy(y, x) from t;  -- 200.0")
    static let regrSXY = bivariate(
        RegrSXY.self, "regr_sxy", arguments: "y, x", summary: "the sum of products of the deviations of x and y",
        details: "the sum of the products of the deviations of y and x from their means, covar_pop(y, x) * regr_count(y, x); NULL for no rows.",
        example: sample + "select regr_sxy(y, x) from t;  -- 10.0")

    static let kurtosis = duckEntry(
        arguments: "x", summary: "the sample excess kurtosis of the values",
        details: """
            kurtosis(x): the sample excess kurtosis with DuckDB's bias correction, \
            (n-1)((n+1)m4/m2² - 3(n-1)) / ((n-2)(n-3)). NULL for fewer than four non-NULL \
            values or when all are equal. Computed from power sums as DuckDB does, so results \
            agree with its to about 1e-12 (and share its loss of precision for values far \
            from zero). Text that is not a number and blobs are an error. \(window)
            """,
        example: "select round(kurtosis(column1), 6) from (values (1), (2), (3), (5));  -- 0.342857",
        functions: { [SQLFunction("kurtosis", argumentCount: 1, options: .pure, aggregate: Shape<KurtosisKind>.self)] })
    static let skewness = duckEntry(
        arguments: "x", summary: "the sample skewness of the values",
        details: """
            skewness(x): the sample skewness with DuckDB's correction, sqrt(n(n-1))/(n-2) · \
            m3/m2^1.5. NULL for fewer than three non-NULL values or when all are equal. \
            Computed from power sums as DuckDB does. Text that is not a number and blobs are an \
            error. \(window)
            """,
        example: "select round(skewness(column1), 6) from (values (1), (2), (3), (5));  -- 0.752837",
        functions: { [SQLFunction("skewness", argumentCount: 1, options: .pure, aggregate: Shape<SkewnessKind>.self)] })

    static let entropy = duckEntry(
        arguments: "x", summary: "the Shannon entropy (bits) of the distribution of the values",
        details: """
            entropy(x): the Shannon entropy in bits, -Σ p·log2(p) over the distinct non-NULL \
            values, p being each value's share of the rows; 0.0 when there are none (as \
            DuckDB). Values of any type count; an integer and a real with the same value are \
            one value. \(window)
            """,
        example: "select entropy(column1) from (values ('a'), ('b'), ('a'), ('b'));  -- 1.0",
        functions: { [SQLFunction("entropy", argumentCount: 1, options: .pure, aggregate: Entropy.self)] })

    static let histogram = duckEntry(
        arguments: "x", summary: "how often each value occurs, as a JSON object",
        details: """
            histogram(x): a JSON object text from each distinct non-NULL value (as text) to \
            its number of rows, ordered by value in SQLite's ORDER BY order (numbers \
            numerically), as DuckDB's histogram MAP. NULL when there are no non-NULL values. \
            An integer and a real with the same value are one key. A blob, or text that is \
            not valid UTF-8, is an error. \(window)
            """,
        example: "select histogram(column1) from (values ('b'), ('a'), ('b'));  -- '{\"a\":1,\"b\":2}'",
        functions: { [SQLFunction("histogram", argumentCount: 1, options: .pure, aggregate: Histogram.self)] })

    static let approxCountDistinct = duckEntry(
        arguments: "x", summary: "the approximate number of distinct values (HyperLogLog)",
        details: """
            approx_count_distinct(x): the number of distinct non-NULL values, exact up to \
            4,096 distinct values, then estimated with a HyperLogLog of 16,384 registers \
            (about 0.8% standard error; 16 KB per group), as DuckDB's approx_count_distinct \
            (whose estimates for large inputs differ in the last digits). Values are hashed \
            with XXH3; an integer and a real with the same value are one value. 0 when there \
            are none. An aggregate only: a HyperLogLog cannot take a row out of a window frame.
            """,
        example: "select approx_count_distinct(value % 7) from generate_series(1, 1000);  -- 7",
        functions: { [SQLFunction("approx_count_distinct", argumentCount: 1, options: .pure, aggregate: ApproxCountDistinct.self)] })

    static func quantileDetails(_ name: String, _ how: String) -> String {
        """
        \(name)(x, q): \(how) q is a fraction from 0 to 1, or a JSON array text of them \
        ('[0.25, 0.5, 0.75]', DuckDB's list), which gives a JSON array of the quantiles. \
        NULL values are ignored; NULL when there are none. A q outside 0 to 1, NULL or not a \
        number is an error, as are values that are not numbers. q is read from the first row \
        (it should be constant). \(window)
        """
    }
    static let quantileCont = duckEntry(
        arguments: "x, q", summary: "the interpolated quantile q of the values (one fraction or a JSON array)",
        details: quantileDetails("quantile_cont", "the quantile with linear interpolation between the two nearest values (at position (n - 1)·q of the sorted values), as DuckDB's quantile_cont; a real."),
        example: "select quantile_cont(value, 0.25), quantile_cont(value, '[0.1, 0.5]') from generate_series(1, 4);  -- 1.75|'[1.3,2.5]'",
        functions: { [SQLFunction("quantile_cont", argumentCount: 2, options: .pure, aggregate: Quantile<ContinuousQuantile>.self)] })
    static let quantileDisc = duckEntry(
        arguments: "x, q", summary: "the quantile q of the values, one of the values (one fraction or a JSON array)",
        details: quantileDetails("quantile_disc", "the value at position ceil(n·q) (counting from 1, at least 1) of the sorted values, as DuckDB's quantile_disc: one of the values, an integer when all are integers."),
        example: "select quantile_disc(value, 0.6), quantile_disc(value, '[0.1, 0.5]') from generate_series(1, 4);  -- 3|'[1,2]'",
        functions: { [SQLFunction("quantile_disc", argumentCount: 2, options: .pure, aggregate: Quantile<DiscreteQuantile>.self)] })
}
