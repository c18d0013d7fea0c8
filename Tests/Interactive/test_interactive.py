#!/usr/bin/env python3
"""End-to-end tests of sqlsh's interactive prompt, typed through a pseudo-terminal.

Each test starts the built binary under pexpect with an isolated HOME, TERM=xterm,
LANG=C.UTF-8 and a fixed window size, and types as a person would. Synchronisation is always
on output (the prompt, an echoed fragment, the elapsed-time indicator), never on sleeps.
libedit redraws with cursor moves, so assertions look for the inserted fragment, not the whole
line.

Run: python3 Tests/Interactive/test_interactive.py [-v]   (SQLSH_BIN overrides the binary)
"""
import io
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import termios
import threading
import time
import unittest

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SQLSH_BIN", os.path.join(ROOT, ".build", "debug", "sqlsh"))
PROMPT = "sqlsh> "
CONTINUATION = "  ...> "
# The prompt as it arrives: on a colour terminal the colour ends before its last character
# (libedit drops an escape sequence that ends the prompt).
PROMPT_PATTERN = re.compile(re.escape(PROMPT) + "|" + re.escape("sqlsh>\x1b[0m "))
TIMEOUT = 30  # generous for a loaded CI machine with a cold cache; tests wait for output, not for time


def contains_in_order(text, characters):
    """Whether `characters` occur in `text` in order, other output possibly between them."""
    position = 0
    for character in characters:
        position = text.find(character, position)
        if position < 0:
            return False
        position += 1
    return True


class Session:
    """One sqlsh process on a pseudo-terminal."""

    def __init__(self, home, args=(), colour=False, extra_env=None, columns=100):
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "TERM": "xterm",
            "LANG": "C.UTF-8",
        }
        if not colour:
            env["NO_COLOR"] = "1"
        env.update(extra_env or {})
        self.child = pexpect.spawn(BINARY, list(args), env=env, cwd=home, dimensions=(24, columns),
                                   encoding="utf-8", codec_errors="replace", timeout=TIMEOUT)
        self.record()

    def record(self):
        """Keeps everything the terminal showed, for the report of a failing test."""
        self.transcript = io.StringIO()
        self.child.logfile_read = self.transcript

    def prompt(self):
        """Waits for the main prompt; returns what was printed before it."""
        self.child.expect(PROMPT_PATTERN)
        return self.child.before

    def expect(self, text, timeout=TIMEOUT):
        self.child.expect_exact(text, timeout=timeout)
        return self.child.before

    def send(self, keys):
        self.child.send(keys)

    def run(self, line):
        """Types a line, presses Enter and waits for the next prompt; returns the output."""
        self.send(line + "\r")
        return self.prompt()

    def resize(self, rows, columns):
        """Resizes the terminal at the prompt and waits for the prompt and line redrawn."""
        self.child.setwinsize(rows, columns)
        self.expect("\x1b[J" + PROMPT)

    def exit(self):
        """Ctrl-D at an empty prompt; returns the exit status."""
        self.send("\x04")
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)


class InteractiveTestCase(unittest.TestCase):
    def setUp(self):
        self.home = tempfile.mkdtemp(prefix="sqlsh-home-")
        self.sessions = []

    def tearDown(self):
        result = getattr(getattr(self, "_outcome", None), "result", None)
        failed = result is not None and any(test is self for test, _ in result.errors + result.failures)
        for number, session in enumerate(self.sessions):
            if failed:
                # What the terminal showed, so that a failure in CI can be understood.
                shown = session.transcript.getvalue()
                sys.stderr.write(f"\n--- {self.id()}: session {number}, {len(shown)} characters shown\n"
                                 + (f"{shown!r}\n" if len(shown) <= 4000 else f"{shown[:1000]!r}\n...\n{shown[-3000:]!r}\n"))
            session.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def start(self, *args, **kwargs):
        session = Session(self.home, args, **kwargs)
        self.sessions.append(session)
        session.prompt()
        return session

    def history_path(self):
        return os.path.join(self.home, ".sqlsh_history")

    def history_entries(self, path=None):
        with open(path or self.history_path(), "rb") as f:
            lines = f.read().decode("utf-8").split("\n")
        self.assertEqual(lines[0], "_HiStOrY_V2_")
        return [line for line in lines[1:] if line]


class PromptTests(InteractiveTestCase):
    def test_banner_prompt_and_query(self):
        session = Session(self.home)
        self.sessions.append(session)
        banner = session.prompt()
        self.assertIn("sqlsh ", banner)
        self.assertIn('Enter ".help" for usage hints.', banner)
        output = session.run("select 1 + 1 as two, 'text' as t;")
        self.assertIn("│   two   │  t   │", output)
        self.assertIn("│ integer │ text │", output)  # the types under the headers
        self.assertIn("│       2 │ text │", output)
        self.assertEqual(session.exit(), 0)

    def test_continuation_line(self):
        session = self.start()
        session.send("select 10,\r")
        session.expect(CONTINUATION)
        output = session.run("20;")
        self.assertIn("│      10 │      20 │", output)

    def test_prompt_command_changes_prompts(self):
        session = self.start()
        session.send(".prompt 'db> ' 'more> '\r")
        session.expect("db> ")
        session.send("select 1,\r")
        session.expect("more> ")
        session.send("2;\r")
        session.expect("│       1 │       2 │")
        session.expect("db> ")

    def test_utf8_input_and_wide_characters(self):
        session = self.start()
        output = session.run("select 'café' as w, length('日本語') as n, 'x日本語y' as cjk;")
        # 'café' arrives whole (without setlocale it would be 'caf') and CJK is measured as
        # two columns each, so the borders line up.
        self.assertIn("│ café │       3 │ x日本語y │", output)
        self.assertIn("├──────┼─────────┼──────────┤", output)

    def test_table_follows_terminal_resize(self):
        session = self.start()
        session.resize(24, 40)
        output = session.run("select printf('%.*c', 200, 'x') as wide, 'abc' as s;")
        lines = [line for line in output.splitlines() if line[:1] in "┌│├└"]
        self.assertTrue(lines)
        self.assertTrue(all(len(line) <= 40 for line in lines), lines)
        session.resize(24, 120)
        output = session.run("select printf('%.*c', 200, 'x') as wide, 'abc' as s;")
        self.assertTrue(any(len(line) > 100 for line in output.splitlines()))

    def test_line_redrawn_after_resize(self):
        session = Session(self.home, columns=40)
        self.sessions.append(session)
        session.prompt()
        # 7 + 80 characters: the line spans three rows of 40 columns, the cursor on the third.
        session.send("select '" + "a" * 70 + "' as wide")
        session.expect("as wide")
        session.child.setwinsize(24, 100)
        # Back up to the prompt's row (two rows up), clear below, draw prompt and line again.
        session.expect("\r\x1b[2A\x1b[J")
        session.expect(PROMPT + "select 'aaaa")
        session.expect("as wide")
        output = session.run(";")
        self.assertIn("│ " + "a" * 70 + " │", output)

    def test_timer(self):
        session = self.start()
        session.run(".timer on")
        output = session.run("select 1 as one;")
        # At the prompt one timing: the footer's, with the CPU times (sqlite3's line in batch).
        self.assertRegex(output, r"1 row · \d+\.\d\d s · user \d+\.\d{3} s, sys \d+\.\d{3} s")
        self.assertNotIn("Run Time", output)
        output = session.run("create table t(a);")
        self.assertRegex(output, r"Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}")

    def test_editrc_vi_mode(self):
        with open(os.path.join(self.home, ".editrc"), "w") as f:
            f.write("bind -v\n")
        session = self.start()
        output = session.run("select 'vi' || 'mode' as m;")
        self.assertIn("│ vimode │", output)
        session.send("\x1bk")  # command mode, previous history entry
        session.expect("'mode'")
        output = session.run("")
        self.assertIn("│ vimode │", output)

    def test_utf8_input_without_a_utf8_locale(self):
        session = self.start(extra_env={"LANG": "C"})
        output = session.run("select 'café' as c, '日本' as j;")
        self.assertIn("│ café │ 日本 │", output)

    def test_stdout_piped(self):
        # `sqlsh | cat`: editing is drawn on standard error, results go down the pipe.
        session = Session(self.home)
        session.child.close()
        session.child = pexpect.spawn("/bin/sh", ["-c", f"'{BINARY}' | cat"], env=session.child.env,
                                      cwd=self.home, dimensions=(24, 100), encoding="utf-8", timeout=TIMEOUT)
        session.record()
        self.sessions.append(session)
        session.prompt()
        session.send("select 'through' || ' the pipe' as p;\r")
        # The result travels through cat while the next prompt goes straight to the terminal, so
        # the two arrive in either order, even interleaved byte by byte ("s" ... box ... "qlsh> "):
        # read until the result is complete and the prompt's characters have all come, in order.
        output = ""
        while not ("through the pipe" in output and "┘" in output
                   and contains_in_order(output.split("the pipe' as p;", 1)[-1], PROMPT)):
            session.child.expect(r"(?s).+")
            output += session.child.after

    def start_feeding(self, name):
        """A named pipe `name` in HOME, fed with CSV rows by a thread until the returned
        function is called: the test, not a clock, decides how long an import runs."""
        fifo = os.path.join(self.home, name)
        os.mkfifo(fifo)
        stop = threading.Event()

        def feed():
            try:
                with open(fifo, "w") as f:
                    f.write("n,name\n")
                    i = 0
                    while not stop.is_set():
                        f.write("".join(f"{j},name {j}\n" for j in range(i, i + 5000)))
                        f.flush()
                        i += 5000
                        stop.wait(0.01)
            except BrokenPipeError:
                pass  # the shell stopped reading

        feeder = threading.Thread(target=feed, daemon=True)
        feeder.start()

        def finish():
            stop.set()
            feeder.join()
        self.addCleanup(finish)
        return finish

    def test_import_progress_bar(self):
        finish = self.start_feeding("rows.csv")
        session = self.start()
        session.send(".import --csv rows.csv imported\r")
        session.expect("iB read")  # KiB, or MiB when the machine is slow to show the first bar
        finish()
        output = session.prompt()
        self.assertTrue(output.endswith("\r\x1b[K"), repr(output[-80:]))  # the bar was erased
        output = session.run("select count(*) > 5000 as many, min(n) as first from imported;")
        self.assertIn("│       1 │ 0     │", output)  # imported as text: left-aligned

    def test_ctrl_c_stops_an_import(self):
        self.start_feeding("rows.csv")
        session = self.start()
        session.send(".import --csv rows.csv imported\r")
        session.expect("iB read")  # KiB, or MiB when the machine is slow to show the first bar
        # The terminal generates SIGINT only with ISIG on (libedit turns it off while editing).
        lflag = termios.tcgetattr(session.child.child_fd)[3]
        session.send("\x03")
        index = session.child.expect_exact(["import interrupted, nothing imported", pexpect.TIMEOUT])
        self.assertEqual(index, 0, f"Ctrl-C did not stop the import (ISIG was {'on' if lflag & termios.ISIG else 'off'},"
                                   f" ICANON {'on' if lflag & termios.ICANON else 'off'} when it was sent)")
        output = session.prompt()
        self.assertNotIn("INSERT failed: no such table", output)
        output = session.run("select count(*) from imported;")
        self.assertIn("no such table: imported", output)

    def test_null_numbers_and_long_values(self):
        session = self.start()
        output = session.run("select null as a, 3.5 as b, printf('%.*c', 400, 'x') as c;")
        self.assertIn("│ NULL │  3.5 │", output)
        self.assertIn("…", output)  # cut visibly, never silently
        for line in output.splitlines():
            if line.startswith("│") or line.startswith("┌"):
                self.assertLessEqual(len(line), 100)

    def test_colour_only_without_no_color(self):
        session = self.start(colour=True)
        output = session.run("select null as h;")
        self.assertIn("\x1b[1mh\x1b[0m", output)
        self.assertIn("\x1b[2mNULL\x1b[0m", output)
        self.assertIn("\x1b[31mParse error: no such column: nosuch", session.run("select nosuch;"))
        plain = self.start()
        output = plain.run("select null as h;")
        self.assertNotIn("\x1b[1m", output)
        self.assertNotIn("\x1b[2m", output)
        self.assertNotIn("\x1b[", plain.run("select nosuch;"))
        # Not on a terminal: no colour even without NO_COLOR.
        result = subprocess.run([BINARY, "-interactive"], input=b"select null as h;\nselect nosuch;\n",
                                capture_output=True, env={"HOME": self.home, "PATH": os.environ.get("PATH", ""),
                                                          "TERM": "xterm"}, cwd=self.home, timeout=TIMEOUT)
        self.assertNotIn(b"\x1b[", result.stdout + result.stderr)


class CompletionTests(InteractiveTestCase):
    def test_tab_completes_table_created_in_session(self):
        session = self.start()
        session.run("create table inventory(item text, quantity integer);")
        session.run("insert into inventory values ('bolt', 12);")
        session.send("select * from inv\t")
        session.expect("entory ")
        output = session.run(";")
        self.assertIn("│ bolt │       12 │", output)

    def test_tab_completes_column_and_function(self):
        session = self.start()
        session.run("create table people(full_name text);")
        session.run("insert into people values ('Crème Brûlée');")
        session.send("select slugi\t")
        session.expect("fy(")
        session.send("full_n\t")
        session.expect("ame ")
        output = session.run(") from people;")
        self.assertIn("creme-brulee", output)

    def test_pasted_tab_is_text(self):
        session = self.start()
        # Pasted text arrives at once: the tab is inserted, not taken as a completion request.
        output = session.run("select 'a\tb' as t;")
        self.assertIn("│ a^Ib │", output)

    def test_second_tab_lists_candidates(self):
        session = self.start()
        session.run("create table alpha_one(x);")
        session.run("create table alpha_two(x);")
        session.send("select * from alp\t")
        session.expect("ha_")
        # One Tab at a time: a Tab arriving with more input waiting is taken as pasted text.
        session.send("\t")
        session.expect("\x07")  # nothing more to insert: a beep
        session.send("\t")
        listing = session.expect("alpha_two")
        self.assertIn("alpha_one", listing)
        session.send("\x03")
        session.prompt()

    def test_tab_completes_a_file_name_with_a_space(self):
        with open(os.path.join(self.home, "my notes.sql"), "w") as f:
            f.write("select 'from the file' as f;\n")
        session = self.start()
        session.send(".read my\t")
        session.expect("'my notes.sql'")  # quoted: unquoted, the space would split the argument
        output = session.run("")
        self.assertIn("│ from the file │", output)

    def test_dot_command_completion(self):
        session = self.start()
        session.send(".mode js\t")
        session.expect("on ")
        session.send("\r")
        session.prompt()
        output = session.run("select 1 as a;")
        self.assertIn('[{"a":1}]', output)


class HistoryTests(InteractiveTestCase):
    def test_up_arrow_recalls_multi_line_statement_whole(self):
        session = self.start()
        session.send("select 111,\r")
        session.expect(CONTINUATION)
        first = session.run("222;")
        self.assertIn("│     111 │     222 │", first)
        session.send("\x1b[A")
        session.expect("222;")
        output = session.run("")
        self.assertIn("│     111 │     222 │", output)
        self.assertEqual(session.exit(), 0)
        entries = self.history_entries()
        self.assertEqual(entries, ["select\\040111,\\012222;"])

    def test_history_file_contents_and_mode(self):
        session = self.start()
        session.run("select 'one';")
        session.run(".complete xyz")
        session.send("select 'not finished'")
        session.send("\x03")
        session.prompt()
        self.assertEqual(session.exit(), 0)
        path = self.history_path()
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o600)
        self.assertEqual(self.history_entries(), ["select\\040'one';", ".complete\\040xyz"])

    def test_history_is_capped_and_keeps_older_sessions(self):
        with open(self.history_path(), "w") as f:
            f.write("_HiStOrY_V2_\n")
            for i in range(1005):
                f.write(f"select\\040{i};\n")
        session = self.start()
        session.send("\x1b[A")  # the previous session's last statement
        session.expect("1004;")
        session.send("\x03")
        session.prompt()
        session.run("select 'newest';")
        self.assertEqual(session.exit(), 0)
        entries = self.history_entries()
        self.assertEqual(len(entries), 1000)
        self.assertEqual(entries[-1], "select\\040'newest';")
        self.assertEqual(entries[-2], "select\\0401004;")

    def test_history_locations(self):
        state = os.path.join(self.home, ".local", "state")  # parents created as needed
        session = self.start(extra_env={"XDG_STATE_HOME": state})
        session.run("select 'xdg';")
        session.exit()
        self.assertEqual(self.history_entries(os.path.join(state, "sqlsh", "history")), ["select\\040'xdg';"])
        explicit = os.path.join(self.home, "explicit_history")
        session = self.start(extra_env={"XDG_STATE_HOME": state, "SQLSH_HISTORY": explicit})
        session.run("select 'explicit';")
        session.exit()
        self.assertEqual(self.history_entries(explicit), ["select\\040'explicit';"])

    def test_two_sessions_keep_each_others_entries(self):
        first = self.start()
        second = self.start()
        first.run("select 'from first';")
        second.run("select 'from second';")
        first.run("select 'first again';")
        self.assertEqual(second.exit(), 0)
        self.assertEqual(first.exit(), 0)
        self.assertEqual(sorted(self.history_entries()),
                         sorted(["select\\040'from\\040first';", "select\\040'from\\040second';",
                                 "select\\040'first\\040again';"]))

    def test_previous_session_history_and_ctrl_r(self):
        session = self.start()
        session.run("select 'needle' as found;")
        session.exit()
        session = self.start()
        session.send("\x12")
        session.send("needl")
        session.expect("found")
        # Enter shows the line found under the usual prompt, then its result.
        session.send("\r")
        session.expect("│ needle │")
        session.prompt()


class InterruptTests(InteractiveTestCase):
    def test_ctrl_c_interrupts_running_query(self):
        session = self.start()
        session.send("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;\r")
        session.expect("⏱")  # the elapsed-time indicator: the query is running
        started = time.monotonic()
        session.send("\x03")
        output = session.prompt()
        # At the prompt the person is told what happened, not given sqlite3's error text.
        self.assertRegex(output, r"cancelled after \d+(\.\d)? s")
        self.assertNotIn("interrupted", output)
        self.assertLess(time.monotonic() - started, 5)  # well within a second when not loaded
        output = session.run("select 'still alive';")
        self.assertIn("still alive", output)
        self.assertEqual(session.exit(), 0)

    def count_until_stopped(self, session, select):
        """Runs `WITH RECURSIVE c(x) ... select` until the elapsed-time indicator shows, then
        creates the file `stop` that ends the counting: the test decides when, not a clock."""
        session.send("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE readfile('stop') IS NULL) "
                     + select + "\r")
        session.expect("⏱")
        with open(os.path.join(self.home, "stop"), "w") as f:
            f.write("stop")

    def test_elapsed_indicator_disappears_when_rows_arrive(self):
        session = self.start()
        self.count_until_stopped(session, "SELECT max(x) > 0 AS counted FROM c;")
        before = session.expect("┌")
        line = before.split("\n")[-1].split("\r")[-1]
        self.assertEqual(line.replace("\x1b[K", ""), "", repr(before[-60:]))
        output = session.prompt()
        self.assertIn("│       1 │", output)
        self.assertNotIn("⏱", output)

    def test_error_after_elapsed_indicator_starts_a_clean_line(self):
        session = self.start()
        self.count_until_stopped(session, "SELECT json(max(x) || ' is not JSON') FROM c;")  # then fails
        before = session.expect("Runtime error: malformed JSON")
        # The indicator was erased first: nothing of it left on the error's line.
        line = before.split("\n")[-1].split("\r")[-1]
        self.assertEqual(line.replace("\x1b[K", ""), "", repr(before[-60:]))
        session.prompt()
        self.assertIn("ok", session.run("select 'ok';"))

    def test_ctrl_c_discards_half_typed_line(self):
        session = self.start()
        session.send("select 'half")
        session.send("\x03")
        session.expect("^C")
        session.prompt()
        output = session.run("select 'fresh';")
        self.assertIn("fresh", output)
        self.assertNotIn("half", output)
        self.assertNotIn("error", output.lower())

    def test_ctrl_c_discards_pending_statement(self):
        session = self.start()
        session.send("select 1,\r")
        session.expect(CONTINUATION)
        session.send("\x03")
        session.prompt()
        output = session.run("select 2 as two;")
        self.assertIn("│       2 │", output)
        self.assertNotIn("error", output.lower())

    def test_ctrl_c_stops_a_read_file(self):
        script = os.path.join(self.home, "slow.sql")
        with open(script, "w") as f:
            f.write("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;\n")
            f.write("SELECT 'after the interrupt' AS never;\n")
        session = self.start()
        session.send(".read slow.sql\r")
        session.expect("⏱")
        session.send("\x03")
        output = session.prompt()
        self.assertIn("interrupted", output)
        self.assertNotIn("after the interrupt", output)

    def test_burst_of_ctrl_c_at_the_prompt(self):
        session = self.start()
        session.send("select 'typed'")
        session.send("\x03" * 60)
        session.send("select 'alive' as a;\r")
        session.expect("│ alive │")
        session.prompt()
        self.assertEqual(session.exit(), 0)

    def test_ctrl_d_exits_zero_even_after_errors(self):
        session = self.start()
        session.run("select * from no_such_table;")
        self.assertEqual(session.exit(), 0)


class PipedInputTests(InteractiveTestCase):
    def test_piped_input_has_no_prompt_history_or_box(self):
        result = subprocess.run([BINARY], input=b"select 1, 2;\n.complete 'select * from '\n",
                                capture_output=True, env={"HOME": self.home, "PATH": os.environ.get("PATH", "")},
                                cwd=self.home, timeout=TIMEOUT)
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout, b"1|2\n")
        self.assertFalse(os.path.exists(self.history_path()))


if __name__ == "__main__":
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"sqlsh binary not found at {BINARY}; run `swift build` first")
    unittest.main()


class PersonAtThePromptTests(InteractiveTestCase):
    """What a person tries at the prompt gets an answer a person can use; scripts keep
    sqlite3's behaviour (checked by the end-to-end tests)."""

    def test_exit_quit_and_backslash_q_leave(self):
        for word in ["exit", "quit", "\\q", "EXIT;", " quit ; "]:
            session = self.start()
            session.send(word + "\r")
            session.child.expect(pexpect.EOF)
            session.child.close()
            self.assertEqual(session.child.exitstatus, 0, word)

    def test_exit_inside_a_statement_is_still_sql(self):
        session = self.start()
        session.send("select 'a' as\r")
        session.expect(CONTINUATION)
        output = session.run("exit;")
        self.assertIn("│ exit │", output)  # the column's name: the shell did not leave
        self.assertEqual(session.exit(), 0)

    def test_unknown_mode_lists_every_mode_and_suggests_one(self):
        session = self.start()
        output = session.run(".mode jsn")
        for mode in ["pretty", "count", "off", "json", "box"]:
            self.assertIn(mode, output)
        self.assertIn("Did you mean json?", output)
        self.assertEqual(session.exit(), 0)


class RedirectedOutputTests(InteractiveTestCase):
    """Colour and the screen's layout are for the terminal: `.output` and `.once` files get
    the bytes sqlite3's default mode writes."""

    def read(self, name):
        with open(os.path.join(self.home, name), "rb") as f:
            return f.read()

    def test_output_and_once_files_are_plain(self):
        session = self.start(colour=True)
        session.run(".output out.txt")
        session.run("select null as n, 1.5 as x;")
        session.run(".output")
        session.run(".once once.txt")
        session.run("select 'a' as t, null as n;")
        session.run(".once vertical.txt")
        session.run("select 1 as a, null as b\\G")
        self.assertEqual(self.read("out.txt"), b"n|x\n|1.5\n")  # headers are on at the prompt
        self.assertEqual(self.read("once.txt"), b"t|n\na|\n")
        vertical = self.read("vertical.txt")
        self.assertNotIn(b"\x1b[", vertical)
        self.assertIn(b"a", vertical)
        # The screen still gets its coloured table.
        self.assertIn("\x1b[1m", session.run("select 1 as h;"))
        self.assertEqual(session.exit(), 0)


class DidYouMeanTests(InteractiveTestCase):
    """A misspelt name at the prompt gets the closest one; scripts keep sqlite3's text."""

    def test_tables_columns_functions_and_dot_commands(self):
        session = self.start()
        session.run("create table orders(id, customer);")
        self.assertIn("Did you mean orders?", session.run("select * from ordres;"))
        self.assertIn("Did you mean customer?", session.run("select custmer from orders;"))
        self.assertIn("Did you mean o.customer?", session.run("select o.custmer from orders o;"))
        self.assertIn("Did you mean reverse?", session.run("select revrese('a');"))
        self.assertIn("Did you mean .tables?", session.run(".tabels"))
        self.assertNotIn("Did you mean", session.run("select * from zzzzzz;"))
        self.assertEqual(session.exit(), 0)

    def test_a_missing_file_is_named(self):
        # A file named in FROM is read as a table; when there is no such file either, the
        # prompt says where it looked (scripts keep sqlite3's error).
        session = self.start()
        output = session.run("select * from 'missing.csv';")
        self.assertIn("no such table: missing.csv", output)
        self.assertIn("No file " + os.path.join(os.path.realpath(self.home), "missing.csv") + " either", output.replace("\r\n", ""))
        with open(os.path.join(self.home, "here.csv"), "w") as f:
            f.write("a,b\n1,2\n")
        self.assertIn("3", session.run("select a + b as total from 'here.csv';"))
        self.assertEqual(session.exit(), 0)

    def test_scripts_get_no_suggestion(self):
        result = subprocess.run([BINARY, ":memory:"], input=b"create table orders(id);\nselect * from ordres;\n.tabels\n",
                                capture_output=True, env={"HOME": self.home, "PATH": os.environ.get("PATH", "")},
                                cwd=self.home, timeout=TIMEOUT)
        self.assertNotIn(b"Did you mean", result.stderr)
