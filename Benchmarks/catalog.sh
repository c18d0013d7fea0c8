#!/usr/bin/env bash
# The function catalog against the stock sqlite3 shell, in one run, on 1,000,000 rows of short
# ASCII strings and reals (issue 4's goals):
#   s REGEXP '[0-9]{3}'                                        sqlsh <= 1/3 of sqlite3's time
#   sum(length(reverse(s)))  vs sqlite3 sum(length(upper(s)))  sqlsh no slower
#   median(x)                vs sqlite3 sum(x)                 sqlsh <= 2x
#   percentile_cont(x, 0.5)  vs sqlite3 sum(x)                 sqlsh <= 2x, as median (issue 37)
#   text_substring(s, 3, 10) vs sqlite3 substr(s, 3, 10)       sqlsh <= 1.2x (issue 10)
#   each function issue 37 added vs the nearest catalog function of the same shape, both in
#   sqlsh (the "ref ms" column is then sqlsh's too)          <= 1.2x
# The stock sqlite3 3.40.1 shell has a REGEXP of its own (ext/misc/regexp.c, a small NFA
# matcher compiled into shell.c since 3.36), so both shells run the very same REGEXP query.
# A first "scan" row (no goal) times a plain pass over the table in both shells: the part of
# every figure that no function can make faster.
# Uses hyperfine when installed (the fastest of RUNS runs after a warm-up: on a shared,
# loaded machine the minimum is the figure other processes disturb least), else the best
# of 5 runs timed with date. Environment: SQLSH (default .build/release/sqlsh, built by
# `make build` when missing), SQLITE3 (default sqlite3), ROWS (default 1000000),
# RUNS (default 10), MEASURE (default "time"; "callgrind" counts each command's
# instructions once with valgrind's callgrind, in millions: the steady figure on a loaded,
# shared machine, where wall-clock ratios between consecutive runs can differ by 2x).
set -euo pipefail
cd "$(dirname "$0")/.."

SQLSH=${SQLSH:-.build/release/sqlsh}
SQLITE3=${SQLITE3:-sqlite3}
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-10}

if [ ! -x "$SQLSH" ]; then
    echo "building $SQLSH ..." >&2
    make build >&2   # the release build users get
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/catalog.db"

# 10-30 character lowercase hex strings (digits and a-f) and reals in -1000..1000.
"$SQLITE3" "$db" "
create table t(s text, x real);
with recursive c(i) as (select 1 union all select i + 1 from c where i < $ROWS)
insert into t select lower(hex(randomblob(5 + abs(random()) % 11))), (random() % 1000000) / 1000.0 from c;"

# name | goal (sqlsh time / sqlite3 time) | sqlite3 query | sqlsh query
cases=(
  "scan|-|select count(*) from t where length(s) > 100|select count(*) from t where length(s) > 100"
  "regexp|0.333|select count(*) from t where s regexp '[0-9]{3}'|select count(*) from t where s regexp '[0-9]{3}'"
  "reverse|1.0|select sum(length(upper(s))) from t|select sum(length(reverse(s))) from t"
  "median|2.0|select sum(x) from t|select median(x) from t"
  "percentile_cont|2.0|select sum(x) from t|select percentile_cont(x, 0.5) from t"
  "substr|1.2|select sum(length(substr(s, 3, 10))) from t|select sum(length(text_substring(s, 3, 10))) from t"
  # Issue 37: each new function against the nearest catalog function of the same shape, both
  # in sqlsh (a reference query starting with "sqlsh:" runs in sqlsh), goal 1.2.
  "unhex|1.2|sqlsh:select sum(length(decode(s, 'hex'))) from t|select sum(length(unhex(s))) from t"
  "base64|1.2|sqlsh:select sum(length(encode(cast(s as blob), 'base64'))) from t|select sum(length(base64(cast(s as blob)))) from t"
  "base85|1.2|sqlsh:select sum(length(encode(cast(s as blob), 'base85'))) from t|select sum(length(base85(cast(s as blob)))) from t"
  "is_base85|1.2|sqlsh:select sum(text_length(s)) from t|select sum(is_base85(s)) from t"
  "unistr|1.2|sqlsh:select sum(length(reverse(s))) from t|select sum(length(unistr(s))) from t"
  "timediff|1.2|sqlsh:select count(time_sub(time_unix(cast(x * 1000 as int)), time_unix(0))) from t|select count(timediff(2460000.5 + x, 2460000.5)) from t"
  # json_pretty parses and writes JSON: its reference is SQLite's json(), which does too, on
  # the same text (text_concat(s) alone only copied bytes, and wrote no real as text). Only
  # the last field may hold "||" (the fields are split on "|").
  "json_pretty|1.2|sqlsh:select sum(length(json(text_concat('[', x, ']')))) from t|select sum(length(json_pretty(text_concat('[', x, ']')))) from t"
  "percentile|1.2|sqlsh:select median(x) from t|select percentile(x, 50) from t"
  "percentile_disc|1.2|sqlsh:select median(x) from t|select percentile_disc(x, 0.5) from t"
  "jaro_winkler|1.2|sqlsh:select sum(jaro_winkler(s, 'abc123')) from t|select sum(jaro_winkler_similarity(s, 'abc123')) from t"
  "split_part|1.2|sqlsh:select sum(length(text_split(s, 'a', 1))) from t|select sum(length(split_part(s, 'a', 1))) from t"
  "arg_max|1.2|sqlsh:select stats_stddev(x) from t|select arg_max(s, x) from t"
  # The same comparison in both (the engine spends over 100 instructions a row on it).
  "bool_and|1.2|sqlsh:select stats_stddev(x > -2000) from t|select bool_and(x > -2000) from t"
  "date_trunc|1.2|sqlsh:select count(time_trunc(time_unix(1700000000 + cast(x * 1000 as int)), 'day')) from t|select count(date_trunc('day', 1700000000 + cast(x * 1000 as int))) from t"
)

# The two shells must agree where they compute the same thing.
a=$("$SQLITE3" "$db" "select count(*) from t where s regexp '[0-9]{3}'")
b=$("$SQLSH" "$db" "select count(*) from t where s regexp '[0-9]{3}'")
[ "$a" = "$b" ] || { echo "REGEXP results differ: sqlite3 $a, sqlsh $b" >&2; exit 1; }
a=$("$SQLITE3" "$db" "select sum(length(upper(s))) from t")
b=$("$SQLSH" "$db" "select sum(length(reverse(s))) from t")
[ "$a" = "$b" ] || { echo "length sums differ: sqlite3 $a, sqlsh $b" >&2; exit 1; }

# Prints the time of one command line in milliseconds; a command that fails (an SQL error,
# a missing function) stops the script, naming it. The minimum is read from the end of the
# CSV line (command,mean,stddev,median,user,system,min,max): its first field is the
# command, whose commas (in "substr(s, 3, 10)") would otherwise shift the columns.
measure() {
    if [ "${MEASURE:-time}" = callgrind ]; then
        local out
        out=$(eval "valgrind --tool=callgrind --callgrind-out-file=/dev/null $1" 2>&1 >/dev/null) \
            || { echo "failed: $1" >&2; printf '%s\n' "$out" | grep -v '^==' >&2; exit 1; }
        printf '%s\n' "$out" | awk '/Collected :/ { printf "%.1f", $4 / 1000000 }'
    elif command -v hyperfine >/dev/null; then
        rm -f "$work/h.csv"
        if ! hyperfine -N --warmup 1 --runs "$RUNS" --export-csv "$work/h.csv" "$1" >/dev/null 2>"$work/h.err"; then
            echo "failed: $1" >&2; cat "$work/h.err" >&2; exit 1
        fi
        awk -F, 'NR == 2 { printf "%.1f", $(NF - 1) * 1000 }' "$work/h.csv"
    else
        local best="" start end ms
        for _ in 1 2 3 4 5; do
            start=$(date +%s%N); eval "$1" >/dev/null || { echo "failed: $1" >&2; exit 1; }; end=$(date +%s%N)
            ms=$(( (end - start) / 1000000 ))
            if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        done
        printf "%s" "$best"
    fi
}

echo "rows: $ROWS   sqlite3 $("$SQLITE3" -version | cut -d' ' -f1)   sqlsh: $SQLSH"
unit=ms; [ "${MEASURE:-time}" = callgrind ] && unit=Minstr
printf "%-15s  %-42s  %10s  %10s  %6s  %6s  %s\n" case "sqlsh query" "ref $unit" "sqlsh $unit" ratio goal met
for c in "${cases[@]}"; do
    IFS='|' read -r name goal stock ours <<<"$c"
    reference=$SQLITE3
    if [ "${stock#sqlsh:}" != "$stock" ]; then reference=$SQLSH; stock=${stock#sqlsh:}; fi
    t_stock=$(measure "$(printf '%q %q %q' "$reference" "$db" "$stock")")
    t_ours=$(measure "$(printf '%q %q %q' "$SQLSH" "$db" "$ours")")
    ratio=$(awk -v a="$t_ours" -v b="$t_stock" 'BEGIN { printf "%.2f", a / b }')
    met=$(awk -v r="$ratio" -v g="$goal" 'BEGIN { print (g == "-") ? "-" : (r <= g + 0.005) ? "yes" : "no" }')
    printf "%-15s  %-42s  %10s  %10s  %6s  %6s  %s\n" "$name" "$ours" "$t_stock" "$t_ours" "$ratio" "$goal" "$met"
done
