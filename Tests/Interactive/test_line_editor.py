#!/usr/bin/env python3
"""The line editor as a person sees it: history search (Ctrl-R), the external editor (Ctrl-X
Ctrl-E, .edit), Tab completion and the messages of the catalog commands, judged on the screen
rendered by a terminal emulator (see screen.py).

Every step waits for a condition on the screen, never for a fixed time. Keys go one at a time
where it matters: a Tab that arrives with more input waiting is taken as pasted text.

Run: cd Tests/Interactive && python3 -m unittest test_line_editor
"""
import os
import sqlite3
import stat
import subprocess
import unittest

from screen import ScreenTestCase
from test_interactive import BINARY, PROMPT

ESC = "\x1b"
CTRL_C, CTRL_G, CTRL_R, CTRL_X, CTRL_E = "\x03", "\x07", "\x12", "\x18", "\x05"
KEYS = {
    "right": ESC + "[C",
    "left": ESC + "[D",
    "home (xterm)": ESC + "[H",
    "home (vt)": ESC + "[1~",
    "home (application)": ESC + "OH",
    "end (xterm)": ESC + "[F",
    "end (vt)": ESC + "[4~",
}


def wait_for_bell(s, count):
    """Waits until the terminal has rung its bell `count` times (a bell is not drawn)."""
    s.wait_for(lambda s: s.transcript.getvalue().count("\x07") >= count)


class HistorySearchTests(ScreenTestCase):
    def start_with_history(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("select 'apple' as fruit;")
        s.run("select 'banana' as fruit;")
        s.run("select 'cherry' as fruit;")
        return s

    def search(self, s, needle, shown):
        s.type(CTRL_R)
        s.wait_for("(reverse-i-search)'':")
        s.type(needle)
        s.wait_for(lambda s: s.cursor_line() == f"(reverse-i-search)'{needle}': {shown}")

    def test_search_prompt_is_readable(self):
        s = self.start_with_history()
        self.search(s, "app", "select 'apple' as fruit;")
        self.assertNotIn("bck", s.text())

    def test_failed_search_says_so(self):
        s = self.start_with_history()
        self.search(s, "ban", "select 'banana' as fruit;")
        s.type("zzqq")
        s.wait_for(lambda s: s.cursor_line() == "(failed reverse-i-search)'banzzqq': select 'banana' as fruit;")
        self.assertNotIn("bck?", s.text())

    def test_arrow_keys_home_and_end_leave_the_search_keeping_the_line(self):
        s = self.start_with_history()
        line = "select 'apple' as fruit;"
        match = line.index("apple")
        expected = {
            "right": line[:match + 1] + "X" + line[match + 1:],
            "left": line[:match - 1] + "X" + line[match - 1:],
            "home (xterm)": "X" + line,
            "home (vt)": "X" + line,
            "home (application)": "X" + line,
            "end (xterm)": line + "X",
            "end (vt)": line + "X",
        }
        for name, key in KEYS.items():
            with self.subTest(key=name):
                self.search(s, "app", line)
                s.type(key)
                s.wait_for(lambda s: s.cursor_line() == PROMPT + line)
                s.type("X")
                s.wait_for(lambda s: s.cursor_line() == PROMPT + expected[name])
                for junk in ("[C", "[D", "[1~", "[4~", "[H", "[F", "OH"):
                    self.assertNotIn(junk, s.cursor_line())
                s.type(CTRL_C)
                s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())

    def test_ctrl_r_again_finds_older_and_enter_runs(self):
        s = self.start_with_history()
        self.search(s, "select", "select 'cherry' as fruit;")
        s.type(CTRL_R)
        s.wait_for(lambda s: s.cursor_line() == "(reverse-i-search)'select': select 'banana' as fruit;")
        s.type("\r")
        s.wait_for(lambda s: s.text().count("│ banana │") == 2 and s.cursor_line() == PROMPT.rstrip())

    def test_backspace_shortens_the_needle(self):
        s = self.start_with_history()
        self.search(s, "ap", "select 'apple' as fruit;")
        s.type("x")
        s.wait_for(lambda s: s.cursor_line() == "(failed reverse-i-search)'apx': select 'apple' as fruit;")
        s.type("\x7f")
        s.wait_for(lambda s: s.cursor_line() == "(reverse-i-search)'ap': select 'apple' as fruit;")
        # With no needle left, the line as it was (empty) is shown.
        s.type("\x7f\x7f")
        s.wait_for(lambda s: s.cursor_line() == "(reverse-i-search)'':")

    def test_long_entry_wraps_and_leaves_nothing_behind(self):
        s = self.start_screen(rows=20, columns=60)
        long = "select '" + "a" * 46 + "' as long_one, '" + "b" * 35 + "' as two;"
        s.run(long)
        s.run("select 1;")
        s.type("\x0c")  # Ctrl-L: a clear screen, to see what is drawn
        s.wait_for(lambda s: s.lines()[0] == PROMPT.rstrip())
        s.type(CTRL_R)
        s.wait_for("(reverse-i-search)'':")
        s.type("bbb")
        s.wait_for(lambda s: s.lines()[0].startswith("(reverse-i-search)'bbb': select 'aaa"))
        self.assertEqual("".join(s.lines()[:3]), "(reverse-i-search)'bbb': " + long)
        s.type(ESC + "[F")
        s.wait_for(lambda s: s.lines()[0].startswith(PROMPT + "select 'aaa"))
        self.assertEqual("".join(s.lines()[:3]), PROMPT + long)
        self.assertEqual([line for line in s.lines()[3:] if line], [])

    def test_ctrl_g_gives_back_the_line_as_it_was(self):
        s = self.start_with_history()
        s.type("select 42")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 42")
        self.search(s, "cher", "select 'cherry' as fruit;")
        s.type(CTRL_G)
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 42")

    def test_ctrl_a_leaves_and_moves_to_the_start(self):
        s = self.start_with_history()
        self.search(s, "ban", "select 'banana' as fruit;")
        s.type("\x01")  # Ctrl-A
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 'banana' as fruit;")
        s.type("-- ")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "-- select 'banana' as fruit;")

    def test_multi_line_entry_is_found_whole(self):
        s = self.start_screen(rows=30, columns=100)
        s.type("select 'first line',\r")
        s.wait_for("  ...>")
        s.run("  'second line';")
        s.type(CTRL_R)
        s.type("second")
        s.wait_for("(reverse-i-search)'second': select 'first line',")
        s.type("\r")
        s.wait_for(lambda s: s.text().count("'second line'") >= 2 and s.cursor_line() == PROMPT.rstrip())


def write_editor(home, name, body):
    """A stand-in for $VISUAL: a shell script that edits the file given as $1."""
    path = os.path.join(home, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, stat.S_IRWXU)
    return path


class ExternalEditorTests(ScreenTestCase):
    def start_with_editor(self, body):
        editor = write_editor(self.home, "editor.sh", body)
        return self.start_screen(rows=30, columns=100, extra_env={"VISUAL": editor})

    def test_ctrl_x_ctrl_e_edits_and_runs_the_statement(self):
        s = self.start_with_editor("sed -i 's/apple/pear/' \"$1\"")
        s.type("select 'apple' as fruit")
        s.wait_for("select 'apple' as fruit")
        s.type(CTRL_X + CTRL_E)
        s.wait_for("│ pear  │")
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        # Shown as typed, the missing semicolon added; and in history.
        self.assertIn(PROMPT + "select 'pear' as fruit;", s.text())
        s.type(ESC + "[A")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 'pear' as fruit;")

    def test_earlier_lines_of_the_statement_are_edited_too(self):
        s = self.start_with_editor("sed -i 's/apple/pear/' \"$1\"")
        s.type("select\r")
        s.wait_for("  ...>")
        s.type("'apple' as fruit")
        s.wait_for("'apple' as fruit")
        s.type(CTRL_X + CTRL_E)
        s.wait_for("│ pear  │")
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        self.assertNotIn("│ apple", s.text())

    def test_unchanged_file_puts_the_line_back(self):
        s = self.start_with_editor("true")
        s.type("select 7")
        s.wait_for("select 7")
        s.type(CTRL_X + CTRL_E)
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 7" and s.text().count("select 7") == 2)
        s.type(" * 6;\r")
        s.wait_for("│      42 │")

    def test_emptied_file_runs_nothing(self):
        s = self.start_with_editor(": > \"$1\"")
        s.type("select 'kept?'")
        s.wait_for("select 'kept?'")
        s.type(CTRL_X + CTRL_E)
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip() and "kept?" in s.text())
        self.assertNotIn("│ kept?", s.text())

    def test_failing_editor_runs_nothing(self):
        s = self.start_with_editor("exit 3")
        s.type("select 1")
        s.wait_for("select 1")
        s.type(CTRL_X + CTRL_E)
        s.wait_for("exited with status 3; nothing run")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select 1")

    def test_edit_command_edits_the_previous_statement(self):
        s = self.start_with_editor("sed -i 's/40/41/' \"$1\"")
        s.run("select 40 + 1 as answer;")
        s.wait_for("│      41 │")
        s.run(".edit")
        s.wait_for("│      42 │")
        self.assertIn(PROMPT + "select 41 + 1 as answer;", s.text())


class CompletionScreenTests(ScreenTestCase):
    def tab(self, s, typed, expected_line):
        """Types `typed`, waits for it, presses Tab and waits for the prompt line."""
        s.type(typed)
        s.wait_for(lambda s: s.cursor_line().endswith(typed.rstrip()))
        s.type("\t")
        s.wait_for(lambda s: s.cursor_line() == (PROMPT + expected_line).rstrip())

    def test_no_parenthesis_after_names_given_to_dot_commands(self):
        s = self.start_screen()
        for command in (".describe med", ".enable medi", ".disable medi", ".functions medi"):
            with self.subTest(command=command):
                name = command.split()[0]
                self.tab(s, command, f"{name} median ")
                s.type(CTRL_C)
                s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        # In SQL a function still gets its parenthesis.
        self.tab(s, "select medi", "select median(")

    def test_dot_and_space_does_not_kill_the_shell(self):
        s = self.start_screen()
        self.tab(s, ". ", ". ")
        s.type(CTRL_C)
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        s.run(".complete '. '")
        s.run("select 'still here' as alive;")
        s.wait_for("│ still here │")

    def test_long_lists_ask_first(self):
        path = os.path.join(self.home, "many.db")
        with sqlite3.connect(path) as db:
            for i in range(312):
                db.execute(f"create table t{i:03}(x)")
        s = self.start_screen(path, rows=24, columns=100)
        s.type("select * from t")
        s.wait_for(lambda s: s.cursor_line().endswith("from t"))
        s.type("\t")
        wait_for_bell(s, 1)  # nothing to add: a beep
        s.type("\t")
        s.wait_for("Display all 312 possibilities? (y or n)")
        self.assertNotIn("t005", s.text())
        s.type("n")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select * from t")
        self.assertNotIn("t005", s.text())
        s.type("\t")
        s.wait_for(lambda s: s.text().count("Display all 312 possibilities? (y or n)") == 2)
        s.type("y")
        s.wait_for(lambda s: "t311" in s.text() and s.cursor_line() == PROMPT + "select * from t")

    def test_what_follows_a_table(self):
        s = self.start_screen()
        s.run("create table customers(id, name);")
        self.tab(s, "select * from customers gr", "select * from customers group by ")
        s.type(CTRL_C)
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        s.type("select * from customers ")
        s.wait_for(lambda s: s.cursor_line().endswith("customers"))
        s.type("\t")
        wait_for_bell(s, 1)
        s.type("\t")
        s.wait_for("order by")
        screen = s.text()
        for follower in ("where", "join", "left join", "group by", "limit", "as"):
            self.assertIn(follower, screen)
        self.assertNotIn("autoincrement", screen.lower())

    def test_text_after_the_cursor_is_kept_and_used(self):
        s = self.start_screen()
        s.run("create table customers(id, surname);")
        s.run("insert into customers values (1, 'Smith');")
        s.type("select  from customers;")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select  from customers;")
        s.type(ESC + "[H" + (ESC + "[C") * 7)
        s.type("surn")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select surn from customers;")
        s.type("\t")
        # The column of the table named after the cursor; no second space.
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select surname from customers;")
        s.type("\r")
        s.wait_for("│ Smith   │")

    def test_closing_parenthesis_after_the_cursor(self):
        s = self.start_screen()
        s.run("create table customers(id, surname);")
        s.type("select count() from customers;")
        s.wait_for(lambda s: s.cursor_line().endswith("customers;"))
        s.type(ESC + "[H" + (ESC + "[C") * 13)
        s.type("surn")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select count(surn) from customers;")
        s.type("\t")
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select count(surname) from customers;")

    def test_no_file_names_in_safe_mode(self):
        s = self.start_screen("-safe")
        s.type(".open /et")
        s.wait_for(lambda s: s.cursor_line().endswith("/et"))
        s.type("\t")
        s.type("\t")
        s.type(CTRL_C)
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        self.assertNotIn("/etc/", s.text())
        s.run(".complete '.open /etc/'")
        self.assertNotIn("/etc/passwd", s.text())


class MessageTests(ScreenTestCase):
    def test_disable_and_enable_say_what_they_switched(self):
        s = self.start_screen()
        s.run(".disable regexp_like")
        s.wait_for("disabled 1 function: regexp_like")
        s.run(".disable regexp_like")
        s.wait_for("regexp_like is already disabled")
        s.run(".enable regexp_like")
        s.wait_for("enabled 1 function: regexp_like")

    def test_disabled_function_error_names_the_way_back(self):
        s = self.start_screen()
        s.run(".disable regexp")
        s.run("select regexp('a', 'a');")
        s.wait_for("Parse error: no such function: regexp (disabled: .enable regexp)")

    def test_plugins_without_any(self):
        s = self.start_screen()
        s.run(".plugins")
        s.wait_for("No plugins or SQLite extensions loaded")

    def test_load_names_the_plugin_and_its_functions(self):
        plugin = os.path.join(os.path.dirname(BINARY), "libsqlsh_geo.so")
        if not os.path.exists(plugin):
            self.skipTest("the geo example plugin is not built")
        s = self.start_screen()
        s.run(f".load {plugin}")
        s.wait_for("loaded plugin geo")
        self.assertRegex(s.text(), r"loaded plugin geo \S+: 4 functions \(haversine, ")

    def test_banner_names_the_catalog(self):
        s = self.start_screen()
        self.assertRegex(s.text(), r"\n\d+ built-in functions: \.functions\n")

    def test_multi_line_syntax_error_shows_line_and_caret(self):
        s = self.start_screen(columns=100)
        s.type("select 1\r")
        s.wait_for("  ...>")
        s.type("from (select 1)\r")
        s.wait_for(lambda s: s.text().count("  ...>") == 2)
        s.run("where 1 = = 2;")
        s.wait_for("  line 3: where 1 = = 2;")
        lines = s.lines()
        at = lines.index("  line 3: where 1 = = 2;")
        self.assertEqual(lines[at + 1], " " * len("  line 3: where 1 = ") + "^")
        self.assertIn('Parse error: near "=": syntax error', lines[at - 1])


class BatchTextTests(unittest.TestCase):
    """Scripts keep sqlite3's text: the messages above are for the prompt only."""

    def run_script(self, script, *args):
        return subprocess.run([BINARY, *args], input=script, capture_output=True, text=True, timeout=60)

    def test_enable_disable_and_load_are_quiet_in_scripts(self):
        result = self.run_script(".disable regexp_like\n.enable regexp_like\nselect 1;\n")
        self.assertEqual(result.stdout, "1\n")
        self.assertEqual(result.stderr, "")

    def test_multi_line_syntax_error_keeps_sqlite3_text(self):
        script = "select 1\nfrom (select 1)\nwhere 1 = = 2;\n"
        ours = self.run_script(script)
        theirs = subprocess.run(["sqlite3"], input=script, capture_output=True, text=True, timeout=60)
        self.assertEqual(ours.stderr, theirs.stderr)
        self.assertEqual(ours.returncode, theirs.returncode)

    def test_complete_dot_space_and_safe_mode(self):
        self.assertEqual(self.run_script(".complete '. '\nselect 'alive';\n").stdout, "alive\n")
        safe = self.run_script(".complete '.open /etc/'\n", "-safe")
        self.assertEqual(safe.stdout, "")


if __name__ == "__main__":
    unittest.main()
