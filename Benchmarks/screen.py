#!/usr/bin/env python3
"""Time from Enter to the next prompt on the interactive screen, for `select * from t` over
100,000 and 1,000,000 rows against `select count(*) from t` (the goal: at most 1.2 times).

The shell runs in a pseudo-terminal (pexpect) of 120x40; the time is taken from sending the
line to the prompt coming back, over several runs of each query taken in turns: the median,
and the fastest run (on a shared, loaded machine the fastest is the least disturbed). Not a
test: it prints figures.

    python3 Benchmarks/screen.py            # .build/release/sqlsh, else .build/debug/sqlsh
    SQLSH_BIN=path/to/sqlsh RUNS=7 python3 Benchmarks/screen.py
"""
import os
import sqlite3
import statistics
import tempfile
import time

import pexpect

from sqlsh_binary import binary

PROMPT = "sqlsh> "



def make_database(path, rows):
    db = sqlite3.connect(path)
    db.execute("create table t(id integer primary key, name text, score real, created text)")
    db.execute("""insert into t select value, 'name ' || value, value * 0.5,
                  '2024-01-15 10:22:33' from generate_series(1, ?)""", (rows,)) if has_series(db) else fill(db, rows)
    db.commit()
    db.close()


def has_series(db):
    try:
        db.execute("select * from generate_series(1, 1)").fetchall()
        return True
    except sqlite3.OperationalError:
        return False


def fill(db, rows):
    db.executemany("insert into t values (?, ?, ?, ?)",
                   ((i, f"name {i}", i * 0.5, "2024-01-15 10:22:33") for i in range(1, rows + 1)))


def time_queries(child, queries, runs):
    """Runs each query `runs` times, in turns; returns {query: (median, fastest)}."""
    times = {sql: [] for sql in queries}
    for _ in range(runs):
        for sql in queries:
            child.sendline(sql)
            start = time.monotonic()
            child.expect_exact(PROMPT, timeout=600)
            times[sql].append(time.monotonic() - start)
    return {sql: (statistics.median(t), min(t)) for sql, t in times.items()}


def main():
    runs = int(os.environ.get("RUNS", "15"))
    sqlsh = binary()
    print(f"binary: {sqlsh}; {runs} runs of each query in turns; terminal 120x40")
    print(f"{'rows':>10}  {'select * (median, fastest)':>27}  {'count(*) (median, fastest)':>27}"
          f"  {'ratio':>12}  {'.mode off':>9}")
    with tempfile.TemporaryDirectory() as home:
        for rows in (100_000, 1_000_000):
            path = os.path.join(home, f"t{rows}.db")
            make_database(path, rows)
            env = dict(os.environ, HOME=home, NO_COLOR="1", TERM="xterm")
            child = pexpect.spawn(sqlsh, [path], env=env, dimensions=(40, 120), encoding="utf-8")
            child.expect_exact(PROMPT)
            star, count = "select * from t;", "select count(*) from t;"
            time_queries(child, [count], 1)  # warm the cache
            timed = time_queries(child, [star, count], runs)
            # Stepping every row without showing anything: what `select *` cost before the shortcut.
            child.sendline(".mode off")
            child.expect_exact(PROMPT)
            off = time_queries(child, [star], max(3, runs // 3))[star][0]
            child.sendline(".quit")
            child.expect(pexpect.EOF)
            (s_med, s_min), (c_med, c_min) = timed[star], timed[count]
            print(f"{rows:>10,}  {s_med:>12.4f}s {s_min:>12.4f}s  {c_med:>12.4f}s {c_min:>12.4f}s"
                  f"  {s_med / c_med:>5.2f} {s_min / c_min:>5.2f}  {off:>8.3f}s")


if __name__ == "__main__":
    main()
