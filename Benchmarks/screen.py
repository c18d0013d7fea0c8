#!/usr/bin/env python3
"""Time from Enter to the next prompt on the interactive screen, for `select * from t` over
100,000 and 1,000,000 rows against `select count(*) from t` (the goal: at most 1.2 times).

The shell runs in a pseudo-terminal (pexpect) of 120x40; the time is taken from sending the
line to the prompt coming back, the median of several runs. Not a test: it prints figures.

    python3 Benchmarks/screen.py            # .build/release/sqlsh, else .build/debug/sqlsh
    SQLSH_BIN=path/to/sqlsh RUNS=7 python3 Benchmarks/screen.py
"""
import os
import sqlite3
import statistics
import sys
import tempfile
import time

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = "sqlsh> "


def binary():
    if os.environ.get("SQLSH_BIN"):
        return os.environ["SQLSH_BIN"]
    for kind in ("release", "debug"):
        path = os.path.join(ROOT, ".build", kind, "sqlsh")
        if os.path.exists(path):
            return path
    sys.exit("build sqlsh first (swift build -c release)")


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


def time_query(child, sql, runs):
    times = []
    for _ in range(runs):
        child.sendline(sql)
        start = time.monotonic()
        child.expect_exact(PROMPT, timeout=600)
        times.append(time.monotonic() - start)
    return statistics.median(times)


def main():
    runs = int(os.environ.get("RUNS", "5"))
    sqlsh = binary()
    print(f"binary: {sqlsh}; median of {runs} runs; terminal 120x40")
    print(f"{'rows':>10}  {'select *':>10}  {'count(*)':>10}  {'ratio':>6}  {'.mode off':>10}")
    with tempfile.TemporaryDirectory() as home:
        for rows in (100_000, 1_000_000):
            path = os.path.join(home, f"t{rows}.db")
            make_database(path, rows)
            env = dict(os.environ, HOME=home, NO_COLOR="1", TERM="xterm")
            child = pexpect.spawn(sqlsh, [path], env=env, dimensions=(40, 120), encoding="utf-8")
            child.expect_exact(PROMPT)
            time_query(child, "select count(*) from t;", 1)  # warm the cache
            star = time_query(child, "select * from t;", runs)
            count = time_query(child, "select count(*) from t;", runs)
            # Stepping every row without showing anything: the floor for `select *`.
            child.sendline(".mode off")
            child.expect_exact(PROMPT)
            off = time_query(child, "select * from t;", runs)
            child.sendline(".quit")
            child.expect(pexpect.EOF)
            print(f"{rows:>10,}  {star:>9.3f}s  {count:>9.3f}s  {star / count:>6.2f}  {off:>9.3f}s")


if __name__ == "__main__":
    main()
