#!/usr/bin/env bash
# Files as tables: sqlsh reading a 1,000,000-row CSV file in place against the stock sqlite3
# loading it with .import first (the way to query a CSV file there), and against DuckDB's
# read_csv when `duckdb` is on PATH (`pip install duckdb-cli`; skipped with a note otherwise),
# side by side, with each one's peak memory (max RSS).
#   - select count(*), sum(x) from 'big.csv'         (sqlite3: .import --csv, then the query)
#   - the same from big.csv.gz                       (sqlite3: .import from `|gzip -dc`)
#   - select count(*), sum(x) from 'big.ndjson'      (sqlite3: no JSON reader; DuckDB only)
#   - a join of two 200,000-row files on their id    (sqlite3: two .imports, then the join)
# Goals (the issue's): ratio <= 1.0 against sqlite3's .import plus the query, in one run;
# sqlsh's peak memory under 100 MB for the scans (a join keeps the inner file in memory).
#
# Usage: Benchmarks/files.sh [SQLSH_BINARY]   (RUNS=N runs per command, 3 by default; the
# fastest is kept). Without an argument it runs `make build` and uses .build/release/sqlsh.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${REF_SQLITE:-$(command -v sqlite3)}
runs=${RUNS:-3}
if [ $# -ge 1 ]; then
  sqlsh=$(readlink -f "$1")
else
  make build >/dev/null
  sqlsh=$(readlink -f .build/release/sqlsh)
fi
duck=$(command -v duckdb || true)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'EOF'
import json, random, sys
work = sys.argv[1]
random.seed(1)
with open(f"{work}/big.csv", "w") as f:
    f.write("id,name,x,y\n")
    for i in range(1_000_000):
        f.write("%d,name %d,%d,%.6f\n" % (i, i, random.randint(0, 1_000_000), random.random() * 1000))
with open(f"{work}/big.ndjson", "w") as f:
    for i in range(1_000_000):
        f.write(json.dumps({"id": i, "name": "name %d" % i, "x": random.randint(0, 1_000_000), "tags": [1, 2]}) + "\n")
for name, step in (("a", 1), ("b", 2)):
    with open(f"{work}/{name}.csv", "w") as f:
        f.write("id,v\n")
        for i in range(200_000):
            f.write("%d,%d\n" % (i * step, random.randint(0, 100)))
EOF
gzip -kf "$work/big.csv"

# measure: best wall time and max RSS over $runs runs (Benchmarks/lib.sh).
. Benchmarks/lib.sh

row() { # LABEL GOAL SQLSH_CMD SQLITE3_CMD|- DUCKDB_CMD|-
  local label=$1 goal=$2 s q d
  s=$(measure sh -c "$3")
  q=-; [ "$4" != - ] && q=$(measure sh -c "$4")
  d=-; [ "$5" != - ] && [ -n "$duck" ] && d=$(measure sh -c "$5")
  python3 - "$label" "$goal" "$s" "$q" "$d" <<'EOF'
import sys
label, goal, s, q, d = sys.argv[1:]
def cell(v):
    if v == "-": return f"{'-':>22}"
    t, m = v.split()
    return f"{float(t):7.2f} s {int(m) / 1024:7.1f} MB"
st, sm = map(float, s.split())
line = f"{label:<34}{cell(s)}  {cell(q)}  {cell(d)}"
if q != "-":
    ratio = st / float(q.split()[0])
    ok = ratio <= float(goal) and (goal == "9" or sm / 1024 < 100)
    line += f"   ratio {ratio:5.2f}" + (f" (goal <= {goal}, < 100 MB: {'ok' if ok else 'MISSED'})" if goal != "9" else "")
if d != "-":
    line += f"   vs DuckDB {st / float(d.split()[0]):5.2f}"
print(line)
EOF
}

echo "sqlsh:   $sqlsh"
echo "sqlite3: $ref ($("$ref" -version | cut -d' ' -f1))"
if [ -n "$duck" ]; then echo "duckdb:  $duck ($("$duck" -version 2>/dev/null | head -1))"; else
  echo "duckdb:  not on PATH (pip install duckdb-cli): its column is left empty"; fi
printf '%-34s%22s  %22s  %22s\n' "" "sqlsh (time, RSS)" "sqlite3 .import + query" "duckdb read_csv"
q="select count(*), sum(x) from"
row "count, sum (1M-row CSV, 36 MB)" 1.0 \
  "$sqlsh :memory: \"$q '$work/big.csv'\"" \
  "$ref :memory: '.import --csv $work/big.csv t' '$q t'" \
  "$duck -c \"$q read_csv('$work/big.csv')\""
row "count, sum (the same, .csv.gz)" 1.0 \
  "$sqlsh :memory: \"$q '$work/big.csv.gz'\"" \
  "$ref :memory: '.import --csv \"|gzip -dc $work/big.csv.gz\" t' '$q t'" \
  "$duck -c \"$q read_csv('$work/big.csv.gz')\""
row "count, sum (1M-row NDJSON)" 9 \
  "$sqlsh :memory: \"$q '$work/big.ndjson'\"" - \
  "$duck -c \"$q read_json('$work/big.ndjson')\""
row "join on id (2 x 200k-row CSV)" 1.0 \
  "$sqlsh :memory: \"select count(*), sum(a.v + b.v) from '$work/a.csv' a join '$work/b.csv' b on a.id = b.id\"" \
  "$ref :memory: '.import --csv $work/a.csv a' '.import --csv $work/b.csv b' 'select count(*), sum(a.v + b.v) from a join b on a.id = b.id'" \
  "$duck -c \"select count(*), sum(a.v + b.v) from '$work/a.csv' a join '$work/b.csv' b on a.id = b.id\""
