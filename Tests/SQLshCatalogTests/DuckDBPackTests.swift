import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// The duckdb pack: DuckDB's recorded answers (DuckDBAnswers.swift, made by
/// Tests/DuckDBAnswers/duckdb_answers.py), NULL and bad input, and the aggregates as window
/// functions against the same aggregate over each frame.
@Suite struct DuckDBPackTests {
    let db: Connection

    init() throws {
        db = try catalogConnection()
    }

    /// A value as quote() shows it (text unquoted inside, as the recorded answers hold it).
    static func shown(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return String(i)
        case .real(let r): return String(r)
        case .text(let t): return "'\(t)'"
        case .blob(let b): return "X'" + b.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    /// Whether a column matches DuckDB's: numbers to 1e-9 (relative), JSON texts as JSON with
    /// numbers to 1e-9, other text exactly.
    static func matches(_ got: String, _ want: String) -> Bool {
        if got == want { return true }
        if let a = Double(got), let b = Double(want) { return close(a, b) }
        if got.hasPrefix("'"), want.hasPrefix("'"),
           let a = try? JSONSerialization.jsonObject(with: Data(got.dropFirst().dropLast().utf8), options: [.fragmentsAllowed]),
           let b = try? JSONSerialization.jsonObject(with: Data(want.dropFirst().dropLast().utf8), options: [.fragmentsAllowed]) {
            return sameJSON(a, b)
        }
        return false
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

    static func sameJSON(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? [Any], let y = b as? [Any] {
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        }
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameJSON(value, $0) } ?? false }
        }
        if let x = a as? String, let y = b as? String { return x == y }
        if a is NSNull || b is NSNull { return a is NSNull && b is NSNull }
        if let x = a as? NSNumber, let y = b as? NSNumber { return close(x.doubleValue, y.doubleValue) }
        return false
    }

    @Test(arguments: DuckDBAnswers.cases.indices)
    func answersAsDuckDB(index: Int) throws {
        let (sql, expected) = DuckDBAnswers.cases[index]
        let got = try rows(db, sql)
        let wantRows = expected.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(got.count == wantRows.count, "\(sql)")
        for (row, want) in zip(got, wantRows) {
            #expect(row.count == want.count, "\(sql)")
            for (value, column) in zip(row, want) {
                let shown = Self.shown(value)
                #expect(Self.matches(shown, column), "\(sql): \(shown) vs DuckDB's \(column)")
            }
        }
    }

    // MARK: NULL and bad input

    @Test func scalarsGiveNullForNull() throws {
        for call in ["ends_with(NULL, 'a')", "contains('a', NULL)", "ascii(NULL)", "chr(NULL)", "strip_accents(NULL)",
                     "string_split(NULL, ',')", "regexp_extract(NULL, 'a')", "regexp_extract('a', NULL)",
                     "regexp_extract('a', 'a', NULL)", "regexp_extract_all(NULL, 'a')", "regexp_matches('a', NULL)",
                     "regexp_matches('a', 'a', NULL)", "damerau_levenshtein(NULL, 'a')", "jaro_winkler_similarity('a', NULL)",
                     "jaccard(NULL, 'a')", "greatest(NULL)", "least(NULL, NULL)", "bit_count(NULL)", "gcd(NULL, 1)",
                     "lcm(1, NULL)", "factorial(NULL)", "even(NULL)", "isnan(NULL)", "isinf(NULL)"] {
            #expect(try value(db, "select \(call)") == .null, "\(call)")
        }
        #expect(try value(db, "select string_split('a,b', NULL)") == .text("[\"a,b\"]"))
    }

    @Test func aggregatesOverNoRowsAndOnlyNulls() throws {
        let none = "from (select 1 as x, 2 as y where 0)"
        let nulls = "from (select NULL as x, NULL as y union all select NULL, NULL)"
        for call in ["arg_max(x, y)", "min_by(x, y)", "count_if(x)", "bool_and(x)", "bool_or(x)", "bit_and(x)", "bit_xor(x)",
                     "product(x)", "corr(x, y)", "covar_samp(x, y)", "regr_slope(x, y)", "regr_sxx(x, y)", "kurtosis(x)",
                     "skewness(x)", "any_value(x)", "histogram(x)", "string_agg(x, ',')", "quantile_cont(x, 0.5)",
                     "quantile_disc(x, '[0.5]')"] {
            #expect(try value(db, "select \(call) \(none)") == .null, "\(call) over no rows")
            #expect(try value(db, "select \(call) \(nulls)") == .null, "\(call) over NULLs")
        }
        #expect(try value(db, "select regr_count(x, y) \(none)") == .integer(0))
        #expect(try value(db, "select approx_count_distinct(x) \(none)") == .integer(0))
        #expect(try value(db, "select entropy(x) \(none)") == .real(0))
        #expect(try value(db, "select first(x) \(nulls)") == .null)
        #expect(try value(db, "select list(x) \(nulls)") == .text("[null,null]"))
        #expect(try value(db, "select array_agg(x) \(none)") == .null)
    }

    @Test func badInputIsAClearError() throws {
        let cases: [(String, String)] = [
            ("select chr(-1)", "chr(): -1 is not a Unicode code point"),
            ("select chr(1114112)", "chr(): 1114112 is not a Unicode code point"),
            ("select chr(55296)", "chr(): 55296 is not a Unicode code point"),
            ("select chr('x')", "chr(): the argument is not an integer"),
            ("select ascii(cast(x'ff61' as text))", "ascii(): the text is not valid UTF-8 (byte 0)"),
            ("select strip_accents(cast(x'c3a9ff' as text))", "strip_accents(): the text is not valid UTF-8 (byte 2)"),
            ("select string_split(cast(x'61ff' as text), ',')", "string_split(): the text is not valid UTF-8 (byte 1)"),
            ("select regexp_extract(cast(x'61ff' as text), 'a')", "regexp_extract: the text is not valid UTF-8 (byte 1)"),
            ("select regexp_extract('abc', '(', 1)", "regexp_extract: missing closing parenthesis at offset 1 of the pattern"),
            ("select regexp_extract('abc', 'b', 2)", "regexp_extract(): the pattern has no group 2"),
            ("select regexp_extract('abc', '(?<x>b)', 'y')", "regexp_extract(): the pattern has no group named 'y'"),
            ("select regexp_extract('abc', 'b', x'00')", "regexp_extract(): the group must be an integer or a group name"),
            ("select regexp_matches('abc', 'b', 'q')", "regexp_matches(): unknown option 'q' (c, i, l, m, n, p, s, g)"),
            ("select jaccard('', 'a')", "jaccard(): an argument is empty"),
            ("select gcd(-9223372036854775808, 0)", "gcd(): the result is out of range"),
            ("select lcm(9223372036854775807, 2)", "lcm(): the result is out of range"),
            ("select factorial(21)", "factorial(): the result is out of range"),
            ("select factorial(-1)", "factorial(): the factorial of a negative number is undefined"),
            ("select bit_count(1.5)", "bit_count(): the argument is not an integer"),
            ("select gcd('a', 1)", "gcd(): the argument is not an integer"),
            ("select even('abc')", "even(): the argument is not a number"),
            ("select isnan('abc')", "isnan(): the argument is not a number"),
            ("select isinf(x'00')", "isinf(): the argument is not a number"),
            ("select greatest()", "expected at least 1 parameter"),
            ("select bool_and('yes')", "bool_and(): the argument is not a boolean (a number)"),
            ("select count_if(x'01')", "count_if(): the argument is not a boolean (a number)"),
            ("select bit_or(2.5)", "bit_or(): the argument is not an integer"),
            ("select product('abc')", "product(): the argument is not a number"),
            ("select corr('a', 1)", "corr(): the argument is not a number"),
            ("select kurtosis(x'01')", "kurtosis(): the argument is not a number"),
            ("select quantile_cont(1, 1.5)", "quantile_cont(): the fraction must be from 0 to 1"),
            ("select quantile_disc(1, '[0.5, 2]')", "quantile_disc(): the fraction must be from 0 to 1"),
            ("select quantile_cont(1, '[0.5,')", "quantile_cont(): the fraction must be a number from 0 to 1 or a JSON array of them"),
            ("select quantile_cont(1, '[]')", "quantile_cont(): the list of fractions is empty"),
            ("select quantile_cont(1, NULL)", "quantile_cont(): the fraction must not be NULL"),
            ("select quantile_cont('a', 0.5)", "quantile_cont(): the argument is not a number"),
            ("select list(x'00')", "array_agg(): a blob has no JSON form"),
            ("select list(cast(x'ff' as text))", "array_agg(): the text is not valid UTF-8 (byte 0)"),
            ("select histogram(x'00')", "histogram(): a blob has no JSON form"),
        ]
        for (sql, message) in cases {
            #expect(errorMessage(db, sql) == message, "\(sql)")
        }
    }

    @Test func specialValues() throws {
        #expect(try value(db, "select isinf(1e999), isinf(-1e999)") == .integer(1))
        #expect(try value(db, "select chr(0)") == .text("\u{0}"))
        #expect(try value(db, "select greatest(1, 'a', x'00', 2.5)") == .blob([0]))
        #expect(try value(db, "select least(3, 2.5, 'a')") == .real(2.5))
        #expect(try value(db, "select regexp_extract('2023-04', '(?<y>\\d+)-(?<m>\\d+)', 'm')") == .text("04"))
        #expect(try value(db, "select regexp_extract_all('k1=v1;k2=v2', '(?<key>\\w+)=\\w+', 'key')") == .text("[\"k1\",\"k2\"]"))
        #expect(try value(db, "select string_split('a\"b\\c' || char(10), ',')") == .text("[\"a\\\"b\\\\c\\n\"]"))
        #expect(try value(db, "select string_agg(x) from (select 1.5 as x union all select 2)") == .text("1.5,2"))
        #expect(try value(db, "with v(x, y) as (values ('a', '-'), ('b', '+'), ('c', '*')) select string_agg(x, y) from v")
                == .text("a+b*c"))
        #expect(try value(db, "with v(x) as (values (1), (1.0), (2.5)) select histogram(x) from v") == .text("{\"1\":2,\"2.5\":1}"))
        #expect(try value(db, "with v(x) as (values (5), (3), (9)) select quantile_disc(x, 0) from v") == .integer(3))
        #expect(try value(db, "with v(x) as (values (5), (3), (9)) select quantile_cont(x, 1) from v") == .real(9))
        #expect(try value(db, "with v(x) as (values (-1), (6)) select bit_and(x) from v") == .integer(6))
        #expect(try value(db, "select quantile_disc(9223372036854775807, 0.5)") == .real(9.223372036854775807e18))
        #expect(try value(db, "select quantile_disc(-9223372036854775808, '[0.5]')") == .text("[-9223372036854775808]"))
        #expect(try value(db, "with v(x) as (values (0), (5)) select product(x) from v") == .real(0))
    }

    @Test func approxCountDistinctIsExactForSmallInputsAndCloseForLarge() throws {
        #expect(try value(db, "select approx_count_distinct(value % 4000) from generate_series(1, 20000)") == .integer(4000))
        #expect(try value(db, "with v(x) as (values (1), (1.0), ('1'), (x'31')) select approx_count_distinct(x) from v") == .integer(3))
        guard case .integer(let estimate) = try value(db, "select approx_count_distinct(value) from generate_series(1, 200000)") else {
            Issue.record("not an integer")
            return
        }
        #expect(abs(Double(estimate) - 200_000) < 200_000 * 0.03, "\(estimate)")
    }

    @Test func resultsPastTheLengthLimitAreErrors() throws {
        _ = db.setLimit(.length, 1000)
        #expect(errorMessage(db, "select string_split(printf('%.*c', 900, 'a'), '')") == "string or blob too big")
        #expect(errorMessage(db, "select list(printf('%.*c', 100, 'a')) from generate_series(1, 20)") == "string or blob too big")
        #expect(errorMessage(db, "select string_agg(printf('%.*c', 100, 'a'), ',') from generate_series(1, 20)") == "string or blob too big")
        #expect(errorMessage(db, "select regexp_extract_all(printf('%.*c', 900, 'a'), '.')") == "string or blob too big")
    }

    // MARK: Window functions

    static let windowed = ["arg_max(x, y)", "arg_min(s, x)", "max_by(s, y)", "min_by(x, s)", "count_if(x > 3)",
                           "bool_and(x > 2)", "bool_or(x > 6)", "bit_and(x)", "bit_or(x)", "bit_xor(x)", "product(x)",
                           "corr(y, x)", "covar_pop(y, x)", "covar_samp(y, x)", "regr_slope(y, x)", "regr_intercept(y, x)",
                           "regr_r2(y, x)", "regr_count(y, x)", "regr_avgx(y, x)", "regr_avgy(y, x)", "regr_sxx(y, x)",
                           "regr_syy(y, x)", "regr_sxy(y, x)", "kurtosis(y)", "skewness(y)", "entropy(s)", "any_value(s)",
                           "first(s)", "last(s)", "histogram(s)", "array_agg(s)", "list(x)", "string_agg(s, '/')",
                           "quantile_cont(y, 0.3)", "quantile_disc(y, '[0.2, 0.8]')"]

    /// Every frame of a sliding, growing and shrinking window gives what the aggregate gives
    /// over the same rows alone.
    @Test(arguments: windowed)
    func windowFramesMatchTheAggregate(call: String) throws {
        try db.execute("""
            create temp table if not exists w(i integer primary key, x, y, s);
            delete from w;
            insert into w values (1, 3, 10.5, 'b'), (2, NULL, 7, 'a'), (3, 8, 7, NULL), (4, 5, -2, 'b'),
              (5, 1, 30, 'c'), (6, 9, NULL, 'a'), (7, 2, 12, 'b'), (8, 6, 4.25, 'd'), (9, 4, 16, 'a');
            """)
        let frames = ["rows between 2 preceding and current row", "rows between unbounded preceding and current row",
                      "rows between current row and unbounded following", "rows between 3 preceding and 1 preceding",
                      "rows between 1 following and 3 following"]
        for frame in frames {
            let windowed = try column(db, "select \(call) over (order by i \(frame)) from w order by i")
            for (index, got) in windowed.enumerated() {
                let i = index + 1
                let bounds: (Int, Int)
                switch frame {
                case frames[0]: bounds = (i - 2, i)
                case frames[1]: bounds = (1, i)
                case frames[2]: bounds = (i, 9)
                case frames[3]: bounds = (i - 3, i - 1)
                default: bounds = (i + 1, i + 3)
                }
                let alone = try value(db, "select \(call) from (select * from w where i between \(bounds.0) and \(bounds.1) order by i)")
                let same: Bool
                if case .real(let a) = got, case .real(let b) = alone { same = Self.close(a, b) } else { same = got == alone }
                #expect(same, "\(call) \(frame), row \(i): \(got) vs \(alone)")
            }
        }
    }

    @Test func rangeEdgesAndErrors() throws {
        #expect(try value(db, "select count(*) from range(NULL)") == .integer(0))
        #expect(try value(db, "select count(*) from range(1, NULL)") == .integer(0))
        #expect(errorMessage(db, "select * from range(1, 5, 0)") == "range(): the step must not be 0")
        #expect(errorMessage(db, "select * from range('a')") == "range(): the arguments must be integers")
        #expect(try column(db, "select range from range(9223372036854775805, 9223372036854775807)")
                == [.integer(9223372036854775805), .integer(9223372036854775806)])
        #expect(try column(db, "select range from range(-9223372036854775807, -9223372036854775808, -1)") == [.integer(-9223372036854775807)])
        #expect(try value(db, "select count(*) from range(9223372036854775800, 9223372036854775807, 5)") == .integer(2))
        #expect(try rows(db, "select start, stop, step from range(1, 4, 2) limit 1") == [[.integer(1), .integer(4), .integer(2)]])
        #expect(try value(db, "select group_concat(range) from range where start = 3") == .text("0,1,2"))
    }

    @Test func approxCountDistinctIsNotAWindowFunction() throws {
        #expect(errorMessage(db, "select approx_count_distinct(value) over () from generate_series(1, 3)") != nil)
    }

    @Test func groupByGivesEachGroupAlone() throws {
        let got = try rows(db, """
            with t(k, v) as (values ('a', 1), ('b', 5), ('a', 3), ('b', 2))
            select k, arg_max(v, v), list(v), quantile_disc(v, 0.5), string_agg(v, ';') from t group by k order by k
            """)
        #expect(got == [[.text("a"), .integer(3), .text("[1,3]"), .integer(1), .text("1;3")],
                        [.text("b"), .integer(5), .text("[5,2]"), .integer(2), .text("5;2")]])
    }
}
