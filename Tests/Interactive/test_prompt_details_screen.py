"""Issue 38's details of the prompt, read off the screen: decimal points lined up, error
contexts fitted to the screen, a line exactly as wide as the screen, carets under misused
aliases, file errors named as such, what `.once` wrote, `.schema` of a file, the pager for
`.help`."""
import os
import re
import subprocess
import unittest

from screen import ScreenTestCase
from test_interactive import BINARY, PROMPT


def write(home, name, text):
    with open(os.path.join(home, name), "w") as f:
        f.write(text)


class PromptDetailsScreenTests(ScreenTestCase):
    def test_reals_line_up_on_the_decimal_point(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 15309.17 as amount union all select 10957.7 union all select 12.125;")
        s.wait_for(lambda s: re.search(r"^3 rows · ", s.text(), re.M))
        rows = [line for line in s.lines() if line.startswith("│") and "amount" not in line]
        self.assertEqual(rows[-3:], ["│ 15309.17  │", "│ 10957.7   │", "│    12.125 │"])

    def test_the_context_of_a_long_line_fits_the_screen(self):
        s = self.start_screen(rows=24, columns=60)
        columns = ", ".join(f"c{i}" for i in range(1, 30))
        s.run(f"select {columns} form t where x = 1 and y = 2;")
        s.wait_for("syntax error")
        lines = s.lines()
        self.assertFalse([line for line in lines if line.strip() == "..."], s.text())
        caret = max(i for i, line in enumerate(lines) if line.endswith("^"))
        self.assertTrue(lines[caret - 1][len(lines[caret]) - 1:].startswith("t where"), s.text())
        self.assertTrue(all(len(line) < 60 for line in lines[caret - 1:caret + 1]))

    def test_a_line_as_wide_as_the_screen_leaves_no_blank_line(self):
        s = self.start_screen(rows=24, columns=40)
        text = "select 'x' as " + "a" * (40 - len(PROMPT) - len("select 'x' as ;")) + ";"
        self.assertEqual(len(PROMPT + text), 40)
        s.run(text)
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text(), re.M))
        lines = s.lines()
        at = lines.index(PROMPT + text)
        self.assertTrue(lines[at + 1].startswith("┌"), s.text())

    def test_a_misused_window_alias_gets_a_caret(self):
        s = self.start_screen(rows=24, columns=100)
        s.run("select x, rank() over (order by x) as rnk from (select 1 as x) where rnk < 2;")
        s.wait_for("misuse of aliased window function rnk")
        lines = s.lines()
        caret = max(i for i, line in enumerate(lines) if line.endswith("^"))
        self.assertTrue(lines[caret - 1][len(lines[caret]) - 1:].startswith("rnk < 2"), s.text())

    def test_an_error_in_a_csv_file_is_named_so(self):
        write(self.home, "bad.csv", 'id,name\n1,a\n2,"b\n')
        s = self.start_screen(rows=24, columns=100)
        s.run("select * from 'bad.csv';")
        s.wait_for("Error in bad.csv:3:3: ")
        self.assertNotIn("Parse error", s.text())
        self.assertIn("ignore_errors=true", s.text())

    def test_once_to_a_csv_name_in_list_mode_says_what_was_written(self):
        s = self.start_screen(rows=24, columns=100)
        s.run(".mode list")
        s.run(".once o.csv")
        s.run("select 1 as a, 2 as b union all select 3, 4 union all select 5, 6;")
        s.wait_for("wrote 3 rows to o.csv as list; use .mode csv or copy (select ...) to 'o.csv'")
        with open(os.path.join(self.home, "o.csv")) as f:
            self.assertEqual(f.read(), "a|b\n1|2\n3|4\n5|6\n")
        # Scripts: nothing said, as sqlite3.
        result = subprocess.run([BINARY, ":memory:"], input=".once p.csv\nselect 1;\n", capture_output=True, text=True,
                                cwd=self.home, env={"HOME": self.home})
        self.assertEqual((result.stdout, result.stderr), ("", ""))

    def test_schema_of_a_csv_file_shows_its_columns(self):
        write(self.home, "sales.csv", "id,when,amount\n1,2024-01-02,10.5\n2,2024-01-03,11\n")
        s = self.start_screen(rows=24, columns=100)
        s.run(".schema 'sales.csv'")
        s.wait_for("'sales.csv'(")
        self.assertRegex(s.text(), r"CREATE TABLE IF NOT EXISTS 'sales.csv'\(id \w+, \"when\" DATE, amount \w+\);")

    def test_help_longer_than_the_screen_goes_through_the_pager(self):
        paged = os.path.join(self.home, "paged.txt")
        s = self.start_screen(rows=24, columns=100, extra_env={"PAGER": f"cat > {paged}"})
        s.run(".help")
        with open(paged) as f:
            text = f.read()
        self.assertIn(".schema ?PATTERN?", text)
        self.assertNotIn(".schema ?PATTERN?", s.text())
        # Short output is printed.
        s.run(".help schema")
        s.wait_for(".schema ?PATTERN?")


if __name__ == "__main__":
    unittest.main()
