"""Issue 38's keys at the prompt, read off the screen: Tab after `where ` (the statement's
columns first, the list cut to the screen), keys typed ahead while an input runs (drawn once),
Tab on a statement of several lines (no copy of it under the list), Ctrl-R then Escape and
Ctrl-C at once (the line is cancelled)."""
import re
import unittest

from screen import ScreenTestCase
from test_interactive import PROMPT, CONTINUATION
from test_line_editor import CTRL_C, CTRL_R, ESC, wait_for_bell


class PromptKeysScreenTests(ScreenTestCase):
    def test_tab_after_where_lists_columns_first_and_fits_the_screen(self):
        s = self.start_screen(rows=24, columns=100)
        s.run("create table items(price, name, quantity);")
        s.type("select * from items where ")
        s.wait_for(lambda s: s.cursor_line().endswith("where"))
        s.type("\t")
        wait_for_bell(s, 1)
        s.type("\t")
        s.wait_for(lambda s: re.search(r"… \d+ more: type a letter or two to narrow the list", s.text()))
        text = s.text()
        self.assertNotIn("possibilities", text)
        listed = [line.split()[0] for line in text.split("select * from items where")[1].strip().splitlines()[:3]]
        self.assertEqual(listed, ["name", "price", "quantity"], text)
        self.assertTrue(all(len(line) <= 100 for line in s.lines()))
        s.wait_for(lambda s: s.cursor_line() == PROMPT + "select * from items where")

    def test_keys_typed_while_an_input_runs_are_drawn_once(self):
        s = self.start_screen(rows=24, columns=100)
        # Sent at once: the second line arrives while the first runs.
        s.type("select count(*) as n from generate_series(1, 2000000);\r" + "select 'typed ahead' as t;\r")
        s.wait_for("│ typed ahead │")
        text = s.text()
        self.assertEqual(text.count("select 'typed ahead' as t;"), 1, text)
        self.assertIn(PROMPT + "select 'typed ahead' as t;", text)

    def test_tab_on_a_statement_of_several_lines_leaves_one_copy(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("create table t(alpha, beta);")
        s.type("select alpha,\r")
        s.wait_for(lambda s: s.cursor_line() == CONTINUATION.rstrip())
        s.type("beta\rfrom t where alp")
        s.wait_for(lambda s: s.cursor_line().endswith("where alp"))
        s.type("\t")
        s.wait_for(lambda s: s.cursor_line().endswith("where alpha"))
        s.type("and a")
        s.wait_for(lambda s: s.cursor_line().endswith("and a"))
        bells = s.transcript.getvalue().count("\x07")
        s.type("\t")
        wait_for_bell(s, bells + 1)
        s.type("\t")
        s.wait_for("abs")
        s.type("\t")
        s.wait_for(lambda s: s.cursor_line().endswith("and a") and "abs" in s.text())
        text = s.text()
        self.assertEqual(text.count(PROMPT + "select alpha,"), 1, text)
        self.assertEqual(text.count("from t where alpha and a"), 1, text)
        # Typing goes on in the statement, above the list.
        s.type("lpha = 1;\r")
        s.wait_for(lambda s: re.search(r"^0 rows · ", s.text(), re.M))

    def test_escape_and_ctrl_c_at_once_after_a_search_cancel_the_line(self):
        s = self.start_screen(rows=24, columns=100)
        s.run("select 'apple' as fruit;")
        s.type(CTRL_R)
        s.wait_for("(reverse-i-search)'':")
        s.type("app")
        s.wait_for(lambda s: s.cursor_line() == "(reverse-i-search)'app': select 'apple' as fruit;")
        s.type(ESC + CTRL_C)
        s.wait_for(lambda s: s.cursor_line() == PROMPT.rstrip())
        s.type("select 'fresh' as f;\r")
        s.wait_for("│ fresh │")
        self.assertNotIn("fruit;select", s.text())


if __name__ == "__main__":
    unittest.main()
