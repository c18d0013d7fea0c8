#!/usr/bin/env bash
# The sqlean-compatible packs, in nanoseconds per row on ROWS rows (default 1,000,000), each
# beside the nearest built-in of the stock shell run in the same sqlsh process on the same rows,
# and that built-in in the stock sqlite3 too:
#   sha256(s)            beside sha3(s)
#   levenshtein(s, t)    beside lower(s) || lower(t)
#   unaccent(s)          beside lower(s)
#   text_substring(s,2,5) beside substr(s,2,5)
#   uuid4()              beside randomblob(16)
#   time_fmt_iso(time_unix(x)) beside strftime('%Y-%m-%dT%H:%M:%SZ', x, 'unixepoch')
#   stats_median(x)      beside sum(x)
# and a vsv scan of a CSV file of the same rows against .import of that file (sqlsh and sqlite3).
# Every query is wrapped in sum(length(...)) or count(...) so that only the function's cost
# and SQLite's own scan are timed, not printing. Each figure is the best of RUNS runs (default
# 3) of the whole query, divided by the row count: a shared, noisy machine gives wide ranges,
# the best run is the steadiest figure. Functions that the sqlsh under test lacks show "-".
# Environment: SQLSH (default .build/release/sqlsh, built by `make build` when missing),
# SQLITE3 (default sqlite3), ROWS, RUNS.
set -euo pipefail
cd "$(dirname "$0")/.."

SQLSH=${SQLSH:-.build/release/sqlsh}
SQLITE3=${SQLITE3:-sqlite3}
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-3}

if [ ! -x "$SQLSH" ]; then
    echo "building $SQLSH ..." >&2
    make build >&2   # the release build users get
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/sqlean.db"

# Latin text with accents (10-30 characters), a second string for distances, Unix times.
"$SQLITE3" "$db" "
create table t(s text, t text, x integer);
with recursive c(i) as (select 1 union all select i + 1 from c where i < $ROWS)
insert into t select
  substr('Crème brûlée à la façon de Noël, garçon déjà vu ' || hex(randomblob(8)), 1 + abs(random()) % 20, 10 + abs(random()) % 21),
  substr('creme brulee a la facon de noel, garcon deja vu ' || hex(randomblob(8)), 1 + abs(random()) % 20, 10 + abs(random()) % 21),
  abs(random()) % 4102444800 from c;"

# Best wall time in seconds of a query over the table, or nothing when it fails.
best() { # SHELL QUERY
    local shell=$1 query=$2 best="" t
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s.%N)
        "$shell" "$db" "$query" >/dev/null 2>"$work/err" || { best=""; break; }
        end=$(date +%s.%N)
        t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

# Best wall time in seconds of a shell reading $work/import.sql on a new in-memory database.
best_script() { # SHELL
    local shell=$1 best="" t
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s.%N)
        "$shell" :memory: <"$work/import.sql" >/dev/null 2>&1 || { best=""; break; }
        end=$(date +%s.%N)
        t=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

# The time of an empty pass, taken off every figure: start-up and the scan itself.
ns() { # SECONDS BASELINE -> nanoseconds per row
    if [ -z "$1" ]; then echo "-"; else echo "$1 $2 $ROWS" | awk '{ v = ($1 - $2) * 1e9 / $3; printf "%.0f", (v < 0 ? 0 : v) }'; fi
}

scan_sqlsh=$(best "$SQLSH" "select count(s) from t")
scan_ref=$(best "$SQLITE3" "select count(s) from t")

# name | sqlsh query with the function | the stock built-in's query
cases=(
  "sha256|select sum(length(sha256(s))) from t|select sum(length(sha3(s))) from t"
  "levenshtein|select sum(levenshtein(s, t)) from t|select sum(length(lower(s) || lower(t))) from t"
  "unaccent|select sum(length(unaccent(s))) from t|select sum(length(lower(s))) from t"
  "text_substring|select sum(length(text_substring(s, 2, 5))) from t|select sum(length(substr(s, 2, 5))) from t"
  "uuid4|select sum(length(uuid4())) from t|select sum(length(randomblob(16))) from t"
  "time_fmt_iso|select sum(length(time_fmt_iso(time_unix(x)))) from t|select sum(length(strftime('%Y-%m-%dT%H:%M:%SZ', x, 'unixepoch'))) from t"
  "stats_median|select stats_median(x) from t|select sum(x) from t"
)

# A vsv scan of a delimited file against .import of the same file (into :memory:), ns per row
# of the whole command.
csv="$work/data.csv"
"$SQLITE3" -csv "$db" "select s, t, x from t" >"$csv"
vsv=$(best "$SQLSH" "create virtual table temp.v using vsv(filename='$csv', columns=3); select count(c2) from v")
import_sqlsh=$(printf '.import --csv %s v\nselect count(*) from v;\n' "$csv" >"$work/import.sql"; best_script "$SQLSH")
import_ref=$(best_script "$SQLITE3")

printf "%d rows; ns per row above a plain scan (best of %d runs)\n" "$ROWS" "$RUNS"
printf "%-16s %12s %28s %16s\n" "function" "sqlsh" "built-in, in sqlsh" "built-in, sqlite3"
for c in "${cases[@]}"; do
    IFS='|' read -r name ours builtin <<<"$c"
    a=$(ns "$(best "$SQLSH" "$ours")" "$scan_sqlsh")
    b=$(ns "$(best "$SQLSH" "$builtin")" "$scan_sqlsh")
    r=$(ns "$(best "$SQLITE3" "$builtin")" "$scan_ref")
    printf "%-16s %12s %28s %16s\n" "$name" "$a" "$b" "$r"
done
printf "\n%-34s %12s %16s %16s\n" "delimited file, ns per row" "vsv scan" ".import, sqlsh" ".import, sqlite3"
printf "%-34s %12s %16s %16s\n" "$ROWS rows, 3 columns" "$(ns "$vsv" 0)" "$(ns "$import_sqlsh" 0)" "$(ns "$import_ref" 0)"
