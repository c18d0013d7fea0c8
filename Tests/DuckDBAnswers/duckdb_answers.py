#!/usr/bin/env python3
"""Records DuckDB's answers for the duckdb pack's tests.

Runs each query through the duckdb Python package (`pip install duckdb`) and writes
Tests/SQLshCatalogTests/DuckDBAnswers.swift: the query sqlsh runs and the rows DuckDB gave,
rendered as SQLite's quote() would show sqlsh's (lists and maps as JSON text, booleans as 1/0).
A case is (DuckDB's SQL, sqlsh's SQL when it differs: JSON text for a list argument, no casts).

    python3 Tests/DuckDBAnswers/duckdb_answers.py
"""
import decimal
import json
import math
import os
import duckdb

T = "with t(i, x, y) as (values (1, 1, 10), (2, 2, 30), (3, 3, 20), (4, NULL, 40), (5, 4, NULL), (6, 10, 25)) "
S = "with t(i, s) as (values (1, 'b'), (2, 'a'), (3, NULL), (4, 'b'), (5, 'c')) "
W = " over (order by i rows between 2 preceding and current row)"

CASES = [
    # Aggregates.
    (T + "select arg_max(i, y), arg_min(i, y), max_by(x, y), min_by(x, y) from t",),
    (S + "select arg_max(i, s), arg_min(i, s), arg_max(s, i) from t",),
    (T + "select count_if(x > 2), count_if(y > 100) from t",),
    ("select count_if(x > 0) from (select 1 as x where false)",),
    (T + "select bool_and(x > 0), bool_and(x > 1), bool_or(x > 5), bool_or(x > 50) from t",),
    (T + "select bit_and(x::bigint), bit_or(x::bigint), bit_xor(x::bigint) from t",
     T + "select bit_and(x), bit_or(x), bit_xor(x) from t"),
    (T + "select product(x), product(y) from t",),
    (T + "select corr(y, x), covar_pop(y, x), covar_samp(y, x) from t",),
    (T + "select regr_slope(y, x), regr_intercept(y, x), regr_r2(y, x), regr_count(y, x) from t",),
    (T + "select regr_avgx(y, x), regr_avgy(y, x), regr_sxx(y, x), regr_syy(y, x), regr_sxy(y, x) from t",),
    ("with t(x, y) as (values (1, 5), (1, 7), (1, 9)) select corr(y, x), regr_slope(y, x), regr_r2(y, x), covar_pop(y, x) from t",),
    ("with t(x, y) as (values (1, 5), (2, 5), (3, 5)) select regr_r2(y, x), regr_slope(y, x), regr_intercept(y, x) from t",),
    (T + "select kurtosis(x), skewness(x), kurtosis(y), skewness(y) from t",),
    ("with t(x) as (values (1), (2), (3)) select kurtosis(x), skewness(x) from t",),
    ("with t(x) as (values (1), (1), (1), (1)) select kurtosis(x), skewness(x) from t",),
    (S + "select entropy(s), entropy(i) from t",),
    ("select entropy(x) from (select 1 as x where false)",),
    (S + "select approx_count_distinct(s), approx_count_distinct(i) from t",),
    (S + "select any_value(s), first(s), last(s) from t",),
    ("with t(i, s) as (values (1, NULL), (2, 'x'), (3, NULL)) select any_value(s), first(s), last(s) from t",),
    (S + "select histogram(s), histogram(i) from t",),
    (T + "select list(x), array_agg(y) from t",),
    (S + "select list(s), string_agg(s), string_agg(s, ' / ') from t",),
    (T + "select quantile_cont(x, 0.25), quantile_disc(x, 0.25), quantile_cont(y, 0.5), quantile_disc(y, 0.9) from t",),
    (T + "select quantile_cont(x, [0.1, 0.5, 0.9]), quantile_disc(x, [0.1, 0.5, 0.9]) from t",
     T + "select quantile_cont(x, '[0.1, 0.5, 0.9]'), quantile_disc(x, '[0.1, 0.5, 0.9]') from t"),
    ("with t(x) as (values (1.5), (2.25), (7.0), (3.5)) select quantile_cont(x::double, 0.3), quantile_disc(x::double, 0.3), quantile_disc(x::double, 1.0) from t",
     "with t(x) as (values (1.5), (2.25), (7.0), (3.5)) select quantile_cont(x, 0.3), quantile_disc(x, 0.3), quantile_disc(x, 1.0) from t"),
    # Aggregates as window functions (sliding frames).
    (T + "select i, arg_max(i, y)" + W + ", count_if(x > 2)" + W + ", bool_or(x > 3)" + W + " from t order by i",),
    (T + "select i, bit_or(x::bigint)" + W + ", bit_and(x::bigint)" + W + ", product(x)" + W + " from t order by i",
     T + "select i, bit_or(x)" + W + ", bit_and(x)" + W + ", product(x)" + W + " from t order by i"),
    (T + "select i, corr(y, x)" + W + ", regr_slope(y, x)" + W + ", regr_count(y, x)" + W + ", covar_samp(y, x)" + W + " from t order by i",),
    (T + "select i, regr_intercept(y, x)" + W + ", regr_sxy(y, x)" + W + ", regr_avgx(y, x)" + W + " from t order by i",),
    (T + "select i, skewness(y) over (order by i rows between 3 preceding and current row), kurtosis(y) over (order by i rows between 4 preceding and current row) from t order by i",),
    (S + "select i, first(s)" + W + ", last(s)" + W + ", any_value(s)" + W + ", list(s)" + W + " from t order by i",),
    (S + "select i, string_agg(s, '+')" + W + ", histogram(s)" + W + ", entropy(s)" + W + " from t order by i",),
    (T + "select i, quantile_cont(y, 0.5)" + W + ", quantile_disc(y, 0.5)" + W + " from t order by i",),
    # Text.
    ("select string_split('a,b,,c', ','), string_split('héllo', ''), string_split('', ','), string_split('a::b::c', '::')",),
    ("select regexp_extract('abc123def456', '\\d+'), regexp_extract('abc123', '([a-z]+)(\\d+)', 2), regexp_extract('abc', 'x'), regexp_extract('abc', '(x)?a', 1)",),
    ("select regexp_extract_all('a1b22c333', '\\d+'), regexp_extract_all('a1b22', '([a-z])(\\d+)', 2), regexp_extract_all('abc', 'x'), regexp_extract_all('abc', ''), regexp_extract_all('a1b', '\\d*')",),
    ("select regexp_extract_all('héllo wörld', '\\w+'), regexp_extract('naïve café', 'c(.)f', 1)",),
    ("select regexp_matches('abc', 'b'), regexp_matches('abc', '^b'), regexp_matches('ABC', 'b', 'i'), regexp_matches('a.b', '.', 'l'), regexp_matches(e'a\\nb', 'a.b')",
     "select regexp_matches('abc', 'b'), regexp_matches('abc', '^b'), regexp_matches('ABC', 'b', 'i'), regexp_matches('a.b', '.', 'l'), regexp_matches('a' || char(10) || 'b', 'a.b')"),
    ("select ends_with('duckdb', 'db'), ends_with('duckdb', 'duck'), ends_with('abc', ''), contains('duckdb', 'ckd'), contains('abc', ''), contains('', 'a')",),
    ("select ascii('A'), ascii('Ω'), ascii(''), ascii('abc'), chr(65), chr(937), chr(128512)",),
    ("select strip_accents('mühleñ Crème Brûlée ß'), strip_accents('ÅÉÎÕÜ ç'), strip_accents('plain')",),
    ("select damerau_levenshtein('ca', 'abc'), damerau_levenshtein('héllo', 'hello'), damerau_levenshtein('', 'abc'), damerau_levenshtein('duckdb', 'udckbd'), damerau_levenshtein('kitten', 'sitting')",),
    ("select jaro_winkler_similarity('martha', 'marhta'), jaro_winkler_similarity('', ''), jaro_winkler_similarity('a', ''), jaro_winkler_similarity('héllo', 'hello'), jaro_winkler_similarity('DIXON', 'DICKSONX'), jaro_winkler_similarity('abc', 'xyz')",),
    ("select jaccard('duck', 'luck'), jaccard('abc', 'abc'), jaccard('a', 'b'), jaccard('héllo', 'hello')",),
    # Numbers.
    ("select greatest(1, NULL, 3), least(NULL, NULL), greatest('a', 'b'), least(2, 1.5), greatest(NULL, 'x')",),
    ("select bit_count(7::bigint), bit_count((-1)::bigint), bit_count(0::bigint), bit_count(9223372036854775807)",
     "select bit_count(7), bit_count(-1), bit_count(0), bit_count(9223372036854775807)"),
    ("select gcd(12, 18), gcd(0, 0), gcd(-12, 18), gcd(17, 5), lcm(4, 6), lcm(0, 5), lcm(-4, 6)",),
    ("select factorial(0), factorial(1), factorial(5), factorial(20)",),
    ("select even(1.5), even(2.5), even(-1.5), even(2), even(0), even(-0.1), even(1), even(-1)",),
    # Table functions.
    ("select * from range(5) order by range",),
    ("select range from range(2, 5) order by range",),
    ("select range from range(10, 0, -3) order by range desc",),
    ("select count(*) from range(0)",),
    ("select count(*), sum(range) from range(-5, 5, 2)",),
    ("select isnan('nan'::double), isnan(1.5), isinf('inf'::double), isinf('-inf'::double), isinf(1.0)",
     "select isnan('nan'), isnan(1.5), isinf('inf'), isinf('-inf'), isinf(1.0)"),
]


def render(value):
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, decimal.Decimal):
        return repr(float(value))
    if isinstance(value, float):
        return "NULL" if math.isnan(value) else repr(value)
    if isinstance(value, str):
        return "'" + value + "'"
    if isinstance(value, (list, dict)):
        return "'" + json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False) + "'"
    raise TypeError(type(value))


def plain(value):
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def swift_string(text):
    return json.dumps(text, ensure_ascii=False)


def main():
    db = duckdb.connect()
    lines = [
        "// Generated by Tests/DuckDBAnswers/duckdb_answers.py from DuckDB " + duckdb.__version__ + "; do not edit.",
        "",
        "/// DuckDB's answers: the query sqlsh runs, and DuckDB's rows (columns as quote() shows",
        "/// them, separated by |; rows by a newline).",
        "enum DuckDBAnswers {",
        "    static let cases: [(sql: String, expected: String)] = [",
    ]
    for case in CASES:
        duck_sql = case[0]
        ours = case[1] if len(case) > 1 else duck_sql
        rows = db.execute(duck_sql).fetchall()
        expected = "\n".join("|".join(render(v) for v in row) for row in rows)
        lines.append("        (" + swift_string(ours) + ",")
        lines.append("         " + swift_string(expected) + "),")
    lines += ["    ]", "}", ""]
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "SQLshCatalogTests", "DuckDBAnswers.swift")
    with open(out, "w") as f:
        f.write("\n".join(lines))
    print(f"{len(CASES)} cases written to {os.path.normpath(out)}")


if __name__ == "__main__":
    main()
