#!/usr/bin/env python3
"""Typing speed of the line editor (issue 21): 1,000 keys typed one at a time into a
2,000-character statement at the prompt, highlighting and suggestions on, each key waiting
for its redraw to come back before the next is sent.

Printed per key: the wall time from sending the key to the terminal receiving the redraw (the
median and the 95th percentile: what a person sees) and the CPU time sqlsh spent (user +
system from /proc, over all the keys: the cost of libedit's work, highlighting, laying out and
diffing the frame). Half of the keys go at the end of the statement (a few bytes drawn each),
half at its start (everything after the cursor rewritten, the worst case). A frame at 60 Hz
is 16.7 ms. Not a test: it prints figures.

    python3 Benchmarks/typing.py            # .build/release/sqlsh, else .build/debug/sqlsh
    SQLSH_BIN=path/to/sqlsh python3 Benchmarks/typing.py
"""
import os
import statistics
import tempfile
import time

import pexpect

from sqlsh_binary import binary

KEYS = 1000


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def statement(length):
    """A statement of about `length` characters: keywords, names, functions, strings, numbers."""
    parts, n = [], 0
    while len("select " + ", ".join(parts)) < length - 70:
        parts.append(f"upper(name) || '{n}' as c{n}, total * {n}.5")
        n += 1
    text = "select " + ", ".join(parts) + " from orders where id > 0"
    while len(text) < length:
        text += " or id = 0"
    return text[:length]


def type_keys(child, keys, redrawn, key="q"):
    """Types `keys` keys one at a time, each waiting for `redrawn` (a pattern that ends the
    redraw of one key); returns each key's round trip in seconds."""
    times = []
    for _ in range(keys):
        start = time.perf_counter()
        child.send(key)
        child.expect(redrawn)
        times.append(time.perf_counter() - start)
    return times


def drain(child):
    """Reads what the terminal got until nothing more comes for 0.3 s."""
    while True:
        try:
            child.read_nonblocking(size=1 << 20, timeout=0.3)
        except pexpect.TIMEOUT:
            return


def main():
    home = tempfile.mkdtemp(prefix="sqlsh-typing-")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm", "LANG": "C.UTF-8"}
    child = pexpect.spawn(binary(), [], env=env, cwd=home, dimensions=(40, 120), encoding="utf-8", timeout=30,
                          maxread=1 << 16)
    child.delaybeforesend = None
    child.expect("sqlsh>")
    child.send("create table orders(id, name, total);\r")
    child.expect("sqlsh>")
    text = statement(2000)
    # Pasted (bracketed), so the statement arrives in the buffer in one piece.
    child.send("\x1b[200~" + text + "\x1b[201~")
    child.expect_exact("where")
    drain(child)
    cpu = cpu_seconds(child.pid)
    # At the end a key's redraw is the key itself; at the start, everything after it and a
    # move back up to the cursor (the last thing written).
    at_end = type_keys(child, KEYS // 2, "q")
    child.send("\x01")  # Ctrl-A: to the start
    drain(child)
    at_start = type_keys(child, KEYS - KEYS // 2, r"\x1b\[\d+A\r(\x1b\[\d+C)?")
    cpu = cpu_seconds(child.pid) - cpu
    child.send("\x03")
    child.sendeof()
    child.close(force=True)

    def ms(seconds):
        return f"{seconds * 1000:.2f} ms"

    every = at_end + at_start
    print(f"typing: {KEYS} keys into a {len(text)}-character statement (120 columns, {len(text) // 120 + 1} rows), {binary()}")
    for name, times in (("at the end", at_end), ("at the start", at_start), ("all keys", every)):
        p95 = sorted(times)[int(len(times) * 0.95)]
        print(f"  {name:<13} median {ms(statistics.median(times))}, 95th percentile {ms(p95)}")
    print(f"  CPU per key   {ms(cpu / KEYS)} (sqlsh's user + system time over the {KEYS} keys)")


if __name__ == "__main__":
    main()
