#!/usr/bin/env bash
# Runs every file of Benchmarks/sqlite-ext-tests.list through Benchmarks/sqlite-ext-tests.tcl
# with one shell binary and prints one line per file ("FILE CASES PASSED") and a total,
# then the failing cases of all files.
#   Benchmarks/sqlite-ext-tests.sh SHELL TESTDIR
# TESTDIR holds the test files (kept outside the repository). Needs tclsh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shell=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$2
total=0; passed=0
failures=$(mktemp)
trap 'rm -f "$failures"' EXIT
while read -r name _; do
    case "$name" in ''|'#'*) continue ;; esac
    if [ ! -f "$dir/$name" ]; then
        echo "$name missing from $dir" >&2
        exit 1
    fi
    out=$(tclsh "$here/sqlite-ext-tests.tcl" "$shell" "$dir/$name")
    read -r _ pass fail <<<"$(printf '%s\n' "$out" | grep "^$name [0-9]* [0-9]*\$" | tail -1)"
    printf '%-16s %4d %4d\n' "$name" $((pass + fail)) "$pass"
    printf '%s\n' "$out" | grep '^  FAIL\|^TOP-LEVEL' | sed "s|^|$name|" >>"$failures" || true
    total=$((total + pass + fail)); passed=$((passed + pass))
done <"$here/sqlite-ext-tests.list"
printf '%-16s %4d %4d\n' all "$total" "$passed"
cat "$failures"
