#!/usr/bin/env bash
# A scalar call through the WebAssembly sandbox against the same function as a native plugin
# and the nearest built-in, in nanoseconds per call on ROWS rows (default 1,000,000):
#   reverse:  wasm_reverse (plugins/wasm/textfun.wasm, C)  c_reverse (the same C, native)
#             reverse (built-in, by grapheme cluster)
#   add:      wat_add (plugins/wasm/upper.wasm, WAT)       c_add (the same, native in C)
#             x + 1 (SQLite's own operator: no function call at all)
# The WebAssembly column is the examples as ABI 2 modules (one invocation a call); the ABI 1
# column is the same functions built for ABI 1 (Tests/PluginTests/Wasm/textfun_v1.wasm and
# upper_v1.wasm: sqlsh_alloc, the function and sqlsh_free, three invocations a call). Then the
# whole query's CPU time through WebAssembly over the native plugin's, scan included.
# Each query is wrapped in sum(length(...)) or sum(...), so that only the call and SQLite's own
# scan are timed; the time of a plain scan is taken off. Each figure is the best of RUNS runs
# (default 3) of the whole query, in CPU time (user + system: on a shared machine wall time
# mostly measures the other processes). Environment: SQLSH (default .build/release/sqlsh, built by
# `make build` when missing, with libsqlsh_wasm.so beside it), ROWS, RUNS, CC (default cc).
set -euo pipefail
cd "$(dirname "$0")/.."

SQLSH=${SQLSH:-.build/release/sqlsh}
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-3}
CC=${CC:-cc}

if [ ! -x "$SQLSH" ] || [ ! -f "$(dirname "$SQLSH")/libsqlsh_wasm.so" ]; then
    echo "building $SQLSH ..." >&2
    make build >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/wasm.db"
native="$work/native_bench.so"
"$CC" -O2 -shared -fPIC -I Sources/CSQLshPlugin/include -I plugins/wasm -o "$native" Benchmarks/wasm/native_reverse.c -lsqlite3

# Short accented texts (11 to 30 characters) and integers.
"$SQLSH" "$db" "
create table t(s text, x integer);
with recursive c(i) as (select 1 union all select i + 1 from c where i < $ROWS)
insert into t select
  substr('Crème brûlée à la façon de Noël, garçon déjà vu ' || hex(randomblob(8)), 1 + abs(random()) % 20, 11 + abs(random()) % 20),
  abs(random()) % 1000000 from c;"

loads=".load plugins/wasm/textfun.wasm
.load plugins/wasm/upper.wasm
.load $native"
loads_v1=".load Tests/PluginTests/Wasm/textfun_v1.wasm
.load Tests/PluginTests/Wasm/upper_v1.wasm"

# Best CPU time (user + system) in seconds of a query (after LOADS), or nothing when it fails.
best() { # QUERY [LOADS]
    local query=$1 load=${2:-$loads} best="" t
    for _ in $(seq "$RUNS"); do
        t=$( { TIMEFORMAT='%U %S'; time printf '%s\n%s;\n' "$load" "$query" | "$SQLSH" -batch "$db" >/dev/null 2>"$work/err"; } 2>&1 ) \
            || { cat "$work/err" >&2; best=""; break; }
        t=$(echo "$t" | tail -1 | awk '{ printf "%.6f", $1 + $2 }')
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

ns() { # SECONDS BASELINE -> nanoseconds per row
    if [ -z "$1" ]; then echo "-"; else echo "$1 $2 $ROWS" | awk '{ v = ($1 - $2) * 1e9 / $3; printf "%.0f", (v < 0 ? 0 : v) }'; fi
}

ratio() { # SECONDS SECONDS -> the first over the second
    if [ -z "$1" ] || [ -z "$2" ]; then echo "-"; else echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; fi
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
scan_text=$(best "select sum(length(s)) from t")
scan_int=$(best "select sum(x) from t")
reverse_wasm=$(best "select sum(length(wasm_reverse(s))) from t")
reverse_v1=$(best "select sum(length(wasm_reverse(s))) from t" "$loads_v1")
reverse_native=$(best "select sum(length(c_reverse(s))) from t")
reverse_builtin=$(best "select sum(length(reverse(s))) from t")
add_wasm=$(best "select sum(wat_add(x, 1)) from t")
add_v1=$(best "select sum(wat_add(x, 1)) from t" "$loads_v1")
add_native=$(best "select sum(c_add(x, 1)) from t")
add_builtin=$(best "select sum(x + 1) from t")
printf "%d rows; ns per call above a plain scan (best of %d runs)\n" "$ROWS" "$RUNS"
printf "%-10s %14s %14s %14s %14s\n" "function" "WebAssembly" "ABI 1" "native plugin" "built-in"
printf "%-10s %14s %14s %14s %14s\n" "reverse" "$(ns "$reverse_wasm" "$scan_text")" "$(ns "$reverse_v1" "$scan_text")" \
    "$(ns "$reverse_native" "$scan_text")" "$(ns "$reverse_builtin" "$scan_text")"
printf "%-10s %14s %14s %14s %14s\n" "add" "$(ns "$add_wasm" "$scan_int")" "$(ns "$add_v1" "$scan_int")" \
    "$(ns "$add_native" "$scan_int")" "$(ns "$add_builtin" "$scan_int")"
printf "whole query, WebAssembly / native plugin (ABI 1 / native): reverse %s (%s), add %s (%s)\n" \
    "$(ratio "$reverse_wasm" "$reverse_native")" "$(ratio "$reverse_v1" "$reverse_native")" \
    "$(ratio "$add_wasm" "$add_native")" "$(ratio "$add_v1" "$add_native")"
