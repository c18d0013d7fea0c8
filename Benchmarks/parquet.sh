#!/usr/bin/env bash
# Parquet read in place: a 1,000,000-row, two-column file written by DuckDB (snappy, its
# default), `select count(*), sum(v)`, by sqlsh on the file, by the stock sqlite3 on the same
# rows in a table of its own database (loaded beforehand, not timed), and by DuckDB on the
# same file (its CLI when `duckdb` is on PATH, `pip install duckdb-cli`, as files.sh; else the
# Python package, whose own start-up is then in its figure); sqlsh's peak memory (max RSS).
# Goals (issue 33): sqlsh at most 2x sqlite3's time, under 100 MB.
#
# Usage: Benchmarks/parquet.sh [SQLSH_BINARY]   (RUNS=N runs per command, 5 by default; the
# fastest is kept). Without an argument it runs `make build` and uses .build/release/sqlsh.
# Needs python3 with duckdb (`make deps` installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${REF_SQLITE:-$(command -v sqlite3)}
runs=${RUNS:-5}
if [ $# -ge 1 ]; then
  sqlsh=$(readlink -f "$1")
else
  make build >/dev/null
  sqlsh=$(readlink -f .build/release/sqlsh)
fi
if ! python3 -c 'import duckdb' 2>/dev/null; then
  echo "parquet: python3 has no duckdb module (pip install duckdb): skipped"
  exit 0
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import sys, duckdb
work = sys.argv[1]
con = duckdb.connect()
con.sql(f"copy (select range as id, (range * 7919) % 100003 as v from range(1000000)) to '{work}/big.parquet' (format parquet, compression snappy)")
con.sql(f"copy (select * from '{work}/big.parquet') to '{work}/big.csv' (header false)")
PY
"$ref" "$work/ref.db" "create table t(id integer, v integer)" ".import --csv $work/big.csv t"

# measure: best wall time and max RSS over $runs runs (Benchmarks/lib.sh).
. Benchmarks/lib.sh

query="select count(*), sum(v)"
s=$(measure "$sqlsh" :memory: "$query from '$work/big.parquet'")
expected=$("$ref" "$work/ref.db" "$query from t")
got=$("$sqlsh" :memory: "$query from '$work/big.parquet'")
[ "$got" = "$expected" ] || { echo "parquet: sqlsh answered $got, sqlite3 $expected" >&2; exit 1; }
q=$(measure "$ref" "$work/ref.db" "$query from t")
if duck=$(command -v duckdb); then
  d=$(measure "$duck" -c "$query from '$work/big.parquet'")
  duckname="DuckDB CLI"
else
  d=$(measure python3 -c "import duckdb; duckdb.sql(\"$query from '$work/big.parquet'\").fetchall()")
  duckname="DuckDB (python)"
fi
python3 - "$s" "$q" "$d" "$duckname" <<'PY'
import sys
s, q, d, duckname = sys.argv[1:]
(st, sm), (qt, qm), (dt, dm) = [(float(v.split()[0]), int(v.split()[1]) / 1024) for v in (s, q, d)]
ratio = st / qt
ok = ratio <= 2 and sm < 100
print(f"parquet 1M rows, count(*) + sum(v)   sqlsh {st:6.3f} s {sm:6.1f} MB   sqlite3 (own table) {qt:6.3f} s {qm:6.1f} MB"
      f"   {duckname} (same file) {dt:6.3f} s {dm:6.1f} MB   ratio {ratio:5.2f} (goal <= 2, < 100 MB: {'ok' if ok else 'MISSED'})")
PY
