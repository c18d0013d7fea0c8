#!/usr/bin/env bash
# Friendly SQL: `summarize t` on a 1,000,000-row table of four columns (an integer, a real, a
# short text and an ISO date) against the one aggregate pass it must stay near,
#   select count(*), min(c), max(c), avg(c) ... over the same columns,
# in the same shell and the same run, as a ratio (goal: <= 3.0, the friendly-SQL issue's).
# DuckDB's own `summarize` of the same rows is shown beside it when the Python `duckdb`
# package is installed (a note otherwise); it reads the same table from a CSV copy.
#
# Usage: Benchmarks/friendly.sh [SQLSH_BINARY]   (RUNS=N runs per command, 3 by default; the
# fastest is kept). Without an argument it runs `make build` and uses .build/release/sqlsh.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
rows=${ROWS:-1000000}
if [ $# -ge 1 ]; then
  sqlsh=$(readlink -f "$1")
else
  make build >/dev/null
  sqlsh=$(readlink -f .build/release/sqlsh)
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

"$sqlsh" "$work/t.db" >/dev/null <<EOF
create table t(id integer, v real, name text, day text);
insert into t select value, (value * 7919 % 100003) / 7.0,
       'name ' || (value % 5000), date('2024-01-01', '+' || (value % 366) || ' days')
from generate_series(1, $rows);
EOF

# measure: best wall time and max RSS over $runs runs (Benchmarks/lib.sh); best: the time alone.
. Benchmarks/lib.sh
best() { local t _; read -r t _ <<<"$(measure "$@")" && echo "$t"; }

columns="count(*), min(id), max(id), avg(id), min(v), max(v), avg(v), min(name), max(name), min(day), max(day)"
summarize=$(best "$sqlsh" "$work/t.db" "summarize t")
aggregate=$(best "$sqlsh" "$work/t.db" "select $columns from t")
ratio=$(python3 -c "print('%.2f' % ($summarize / max($aggregate, 0.001)))")

if python3 -c 'import duckdb' 2>/dev/null; then
  "$sqlsh" -csv -header "$work/t.db" "select * from t" >"$work/t.csv"
  duck=$(python3 - "$work/t.csv" "$runs" <<'EOF'
import sys, time, duckdb
path, runs = sys.argv[1], int(sys.argv[2])
con = duckdb.connect()
con.execute(f"create table t as select * from read_csv('{path}')")
best = None
for _ in range(runs):
    start = time.perf_counter()
    con.sql("summarize t").fetchall()
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print("%.3f" % best)
EOF
)
else
  duck="- (pip install duckdb)"
fi

printf '%-44s %10s %10s %7s %6s %14s\n' "friendly SQL, $rows rows" "summarize" "aggregate" "ratio" "goal" "duckdb summ."
printf '%-44s %10s %10s %7s %6s %14s\n' "summarize t vs count/min/max/avg" "$summarize" "$aggregate" "$ratio" "<=3.0" "$duck"
