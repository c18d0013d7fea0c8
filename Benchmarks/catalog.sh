#!/usr/bin/env bash
# The function catalog against the stock sqlite3 shell, in one run, on 1,000,000 rows of short
# ASCII strings and reals (issue 4's goals):
#   s REGEXP '[0-9]{3}'                                        sqlsh <= 1/3 of sqlite3's time
#   sum(length(reverse(s)))  vs sqlite3 sum(length(upper(s)))  sqlsh no slower
#   median(x)                vs sqlite3 sum(x)                 sqlsh <= 2x
#   percentile_cont(x, 0.5)  vs sqlite3 sum(x)                 sqlsh <= 2x, as median (issue 37)
#   text_substring(s, 3, 10) vs sqlite3 substr(s, 3, 10)       sqlsh <= 1.2x (issue 10)
# The stock sqlite3 3.40.1 shell has a REGEXP of its own (ext/misc/regexp.c, a small NFA
# matcher compiled into shell.c since 3.36), so both shells run the very same REGEXP query.
# A first "scan" row (no goal) times a plain pass over the table in both shells: the part of
# every figure that no function can make faster.
# Uses hyperfine when installed (mean of RUNS runs after a warm-up), else the best of 5 runs
# timed with date. Environment: SQLSH (default .build/release/sqlsh, built by
# `make build` when missing), SQLITE3 (default sqlite3), ROWS (default 1000000),
# RUNS (default 10).
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
)

# The two shells must agree where they compute the same thing.
a=$("$SQLITE3" "$db" "select count(*) from t where s regexp '[0-9]{3}'")
b=$("$SQLSH" "$db" "select count(*) from t where s regexp '[0-9]{3}'")
[ "$a" = "$b" ] || { echo "REGEXP results differ: sqlite3 $a, sqlsh $b" >&2; exit 1; }
a=$("$SQLITE3" "$db" "select sum(length(upper(s))) from t")
b=$("$SQLSH" "$db" "select sum(length(reverse(s))) from t")
[ "$a" = "$b" ] || { echo "length sums differ: sqlite3 $a, sqlsh $b" >&2; exit 1; }

# Prints the time of one command line in milliseconds.
measure() {
    if command -v hyperfine >/dev/null; then
        hyperfine -N --warmup 1 --runs "$RUNS" --export-csv "$work/h.csv" "$1" >/dev/null 2>&1
        awk -F, 'NR == 2 { printf "%.1f", $2 * 1000 }' "$work/h.csv"
    else
        local best="" start end ms
        for _ in 1 2 3 4 5; do
            start=$(date +%s%N); eval "$1" >/dev/null; end=$(date +%s%N)
            ms=$(( (end - start) / 1000000 ))
            if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
        done
        printf "%s" "$best"
    fi
}

echo "rows: $ROWS   sqlite3 $("$SQLITE3" -version | cut -d' ' -f1)   sqlsh: $SQLSH"
printf "%-8s  %-42s  %10s  %10s  %6s  %6s  %s\n" case "sqlsh query" "sqlite3 ms" "sqlsh ms" ratio goal met
for c in "${cases[@]}"; do
    IFS='|' read -r name goal stock ours <<<"$c"
    t_stock=$(measure "$(printf '%q %q %q' "$SQLITE3" "$db" "$stock")")
    t_ours=$(measure "$(printf '%q %q %q' "$SQLSH" "$db" "$ours")")
    ratio=$(awk -v a="$t_ours" -v b="$t_stock" 'BEGIN { printf "%.2f", a / b }')
    met=$(awk -v r="$ratio" -v g="$goal" 'BEGIN { print (g == "-") ? "-" : (r <= g + 0.005) ? "yes" : "no" }')
    printf "%-8s  %-42s  %10s  %10s  %6s  %6s  %s\n" "$name" "$ours" "$t_stock" "$t_ours" "$ratio" "$goal" "$met"
done
