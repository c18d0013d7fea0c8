#!/usr/bin/env bash
# Benchmarks of the batch shell against the stock sqlite3, in one run, printed as ratios
# (sqlsh time / sqlite3 time; below 1 is faster):
#   - piping a 200,000-row INSERT script into the shell;
#   - printing 1,000,000 rows in every output mode to /dev/null (MODES=... for some);
#   - start-up: `sqlsh :memory: 'select 1'`;
#   - data in and out: `.dump` of a 1,000,000-row table, `.mode insert` of 1,000,000 rows of
#     REAL columns, `.import --csv` of a 1,000,000-row (about 50 MB) file;
#   - peak memory (max RSS) of every batch mode at 100,000 and 1,000,000 rows, which must not
#     grow with the row count (the columnar modes spool their rows to a temporary file).
# Wall-clock and CPU (user + system) ratios are both shown: on a busy machine the CPU ratio is
# the steadier one.
# Goals (issue 23): <= 1.1 for the script, <= 1.0 for every output mode, .dump, insert mode and
# .import, <= 1.5 for start-up.
#
# Usage: Benchmarks/shell.sh [SQLSH_BINARY]
#   Without an argument it runs `make build` (the release build users get) and uses
#   .build/release/sqlsh. SQLSH_STATIC=1 also builds a fully static executable
#   (-static-executable, into .build-static/) and reports its start-up too.
# Needs hyperfine (Debian package `hyperfine`); runs each command a few times only.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${REF_SQLITE:-$(command -v sqlite3)}
runs=${RUNS:-5}

if [ $# -ge 1 ]; then
  sqlsh=$(readlink -f "$1")
else
  make build >/dev/null   # the release build users get
  sqlsh=$(readlink -f .build/release/sqlsh)
fi
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

# The INSERT script: 200,000 rows in one transaction.
awk 'BEGIN {
  print "create table t(id integer primary key, name text, value real, n integer);";
  print "begin;";
  srand(1);
  for (i = 0; i < 200000; i++)
    printf "insert into t values(%d, %c%s %d%c, %.6f, %d);\n", i, 39, "name", i, 39, rand() * 1000, int(rand() * 1000000000);
  print "commit;";
}' >"$work/inserts.sql"

rows() { # N -> a query producing N rows of four columns
  echo "with recursive c(x) as (select 1 union all select x+1 from c where x<$1) select x, x*0.5, 'row ' || x, null from c;"
}

# mean time in seconds of a command, from hyperfine's JSON export
mean() { # NAME COMMAND
  hyperfine -N -w 1 -r "$runs" --export-json "$work/$1.json" "$2" >/dev/null 2>&1 ||
    hyperfine -w 1 -r "$runs" --export-json "$work/$1.json" "$2" >/dev/null 2>&1
  python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(r['mean'], r['user'] + r['system'])" "$work/$1.json"
}

ratio() { # LABEL GOAL REF_COMMAND SQLSH_COMMAND
  local label=$1 goal=$2 a b
  a=$(mean ref "$3")
  b=$(mean sqlsh "$4")
  python3 -c "
import sys
(a, ac), (b, bc), goal = map(float, sys.argv[1].split()), map(float, sys.argv[2].split()), float(sys.argv[3])
r, rc = b / a, bc / ac
print(f'{sys.argv[4]:<28} sqlite3 {a*1000:8.1f} ms  sqlsh {b*1000:8.1f} ms  ratio {r:5.2f} (cpu {rc:5.2f})  goal <= {goal:.1f}  {\"ok\" if min(r, rc) <= goal else \"MISSED\"}')
" "$a" "$b" "$goal" "$label"
}

echo "sqlite3: $ref ($("$ref" -version | cut -d' ' -f1))"
echo "sqlsh:   $sqlsh"
ratio "insert script (200k rows)" 1.1 \
  "sh -c '$ref -batch :memory: < $work/inserts.sql'" \
  "sh -c '$sqlsh -batch :memory: < $work/inserts.sql'"
rows 1000000 >"$work/rows.sql"
# Every output mode (issue 23: at most sqlite3's time). MODES narrows the list.
for mode in ${MODES:-list csv json box line html insert quote tabs tcl ascii column table markdown}; do
  args="-$mode"
  case $mode in insert|tcl|ascii|table|markdown) args="-cmd '.mode $mode'" ;; esac
  ratio "$mode (1M rows)" 1.0 \
    "sh -c \"$ref -batch $args :memory: < $work/rows.sql > /dev/null\"" \
    "sh -c \"$sqlsh -batch $args :memory: < $work/rows.sql > /dev/null\""
done
# Start-up: a few milliseconds, so many runs of both in one hyperfine call (interleaved by
# the load alike), the median wall time and the mean CPU time; and instructions (callgrind),
# which the load leaves alone.
startup() { # LABEL GOAL SQLSH
  hyperfine -N -w 20 -r "${STARTUP_RUNS:-300}" --export-json "$work/startup.json" \
    "$ref :memory: 'select 1'" "$3 :memory: 'select 1'" >/dev/null 2>&1
  local instructions=""
  if command -v valgrind >/dev/null; then
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/refs:/ { gsub(",", "", $NF); print $NF }'; }
    instructions="$(count "$ref" :memory: 'select 1') $(count "$3" :memory: 'select 1')"
  fi
  python3 -c "
import json, sys
a, b = json.load(open(sys.argv[1]))['results']
goal, label, ins = float(sys.argv[2]), sys.argv[3], sys.argv[4].split()
r, rc = b['median'] / a['median'], (b['user'] + b['system']) / (a['user'] + a['system'])
line = f'{label:<28} sqlite3 {a[\"median\"]*1000:8.2f} ms  sqlsh {b[\"median\"]*1000:8.2f} ms  ratio {r:5.2f} (cpu {rc:5.2f})'
if len(ins) == 2:
    line += f' (instructions {int(ins[1]) / int(ins[0]):4.2f}: {int(ins[1]):,} vs {int(ins[0]):,})'
print(line + f'  goal <= {goal:.1f}  ' + ('ok' if min(r, rc) <= goal else 'MISSED'))
" "$work/startup.json" "$2" "$1" "$instructions"
}
startup "start-up (select 1)" 1.5 "$sqlsh"

# Data in and out. The table to dump: integers, text (some with quotes), reals, NULLs.
"$ref" "$work/dump.db" "create table t(id integer primary key, name text, value real, n integer, note text);
  with recursive c(x) as (select 1 union all select x+1 from c where x<1000000)
  insert into t select x, 'name ' || x, x / 7.0, x * 7919 % 1000003, iif(x % 10 = 0, null, 'it''s ' || (x % 97)) from c;"
ratio ".dump (1M rows)" 1.0 \
  "sh -c '$ref $work/dump.db .dump > /dev/null'" \
  "sh -c '$sqlsh $work/dump.db .dump > /dev/null'"
echo "with recursive c(x) as (select 1 union all select x+1 from c where x<1000000) select x / 7.0, x * 0.001, 1.0 / x, x * 1e300, -x * 2.5e-310 from c;" >"$work/reals.sql"
ratio "insert mode, reals (1M rows)" 1.0 \
  "sh -c '$ref -batch -cmd \".mode insert\" :memory: < $work/reals.sql > /dev/null'" \
  "sh -c '$sqlsh -batch -cmd \".mode insert\" :memory: < $work/reals.sql > /dev/null'"
awk 'BEGIN {
  print "id,name,value,n,note";
  srand(2);
  for (i = 0; i < 1000000; i++)
    printf "%d,name %d,%.6f,%d,\"a, \"\"b\"\"\"\n", i, i, rand() * 1000, int(rand() * 1000000000);
}' >"$work/import.csv"
ratio ".import --csv (1M rows)" 1.0 \
  "$ref :memory: '.import --csv $work/import.csv t'" \
  "$sqlsh :memory: '.import --csv $work/import.csv t'"

if [ "${SQLSH_STATIC:-0}" = 1 ]; then
  swift build -c release --scratch-path .build-static -Xswiftc -static-executable \
    -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd --product sqlsh >/dev/null
  startup "start-up, static executable" 1.5 "$(readlink -f .build-static/release/sqlsh)"
fi

# Peak memory of every batch mode: the same at 100k and 1M rows when nothing is held.
rss() { /usr/bin/time -f '%M' "$@" >/dev/null 2>"$work/rss" || true; tail -1 "$work/rss"; }
if [ -x /usr/bin/time ]; then
  for mode in list csv json line html insert quote tabs tcl ascii column table markdown box; do
    small=$(rss "$sqlsh" "-$mode" :memory: "$(rows 100000)")
    large=$(rss "$sqlsh" "-$mode" :memory: "$(rows 1000000)")
    echo "max RSS $mode: ${small} KiB at 100k rows, ${large} KiB at 1M rows (sqlite3: $(rss "$ref" "-$mode" :memory: "$(rows 1000000)") KiB at 1M)"
  done
fi
