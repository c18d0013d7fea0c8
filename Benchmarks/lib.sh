# Shared by the benchmark scripts (sourced, not run): what each would otherwise write again.
# The sourcing script sets $work (a scratch folder) and $runs (how many runs to take).

# Best wall time (seconds) and max RSS (KiB) of a command over $runs runs: "SECONDS KIB".
# The command's output goes to $work/out, its errors to $work/err; a failing run stops the
# measurement with its errors shown.
measure() {
  local best="" rss=0 t m
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || { echo "failed: $*" >&2; cat "$work/err" >&2; return 1; }
    read -r t m <"$work/time"
    if [ -z "$best" ] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; fi
    [ "$m" -gt "$rss" ] && rss=$m
  done
  echo "$best $rss"
}
