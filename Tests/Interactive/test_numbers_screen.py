"""Numbers a person reads at the prompt: reals that read back exactly (sqlite3 shows 15 digits
and loses the rest), `.numformat` groups of digits, the size of one big number."""
import re
import subprocess
import unittest

from screen import ScreenTestCase
from test_interactive import BINARY
from test_screen_layout import cells, last_table


class NumberScreenTests(ScreenTestCase):
    def test_reals_read_back_exactly(self):
        s = self.start_screen(rows=24, columns=100)
        s.run("select 2634017266.9399724 as a, 23742.48 as b, 0.1 + 0.2 as c, 5.0 as d;")
        s.wait_for("│ 2634017266.9399724 │ 23742.48 │ 0.30000000000000004 │  5.0 │")

    def test_numformat_groups_digits_on_the_screen_only(self):
        s = self.start_screen(rows=30, columns=100)
        s.run(".numformat ,")
        s.run("select 1234567 as n, -9876543.25 as r, '1234567' as t;")
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text(), re.M))
        self.assertEqual(cells(last_table(s.text())[4]), ["1,234,567", "-9,876,543.25", "1234567"])
        self.assertIn("numformat: ,", s.run(".numformat"))
        self.assertIn('Error: .numformat takes one of', s.run(".numformat xx"))
        s.run(".numformat .")
        s.run("select 1234567.5 as r;")
        s.wait_for(lambda s: re.search(r"│ +1\.234\.567,5 │", s.text()))
        s.run(".numformat off")
        s.run("select 7654321 as plain;")
        s.wait_for(lambda s: re.search(r"│ +7654321 │", s.text()))
        # Scripts keep SQLite's digits.
        piped = subprocess.run([BINARY, ":memory:"], input=".numformat ,\nselect 1234567;\n", capture_output=True,
                               text=True, env={"HOME": self.home}).stdout
        self.assertEqual(piped, "1234567\n")

    def test_one_big_number_gets_its_size(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("select 2100000000000 as total;")
        s.wait_for("│ (2.10 trillion) │")
        self.assertIn("│   2100000000000 │", s.text())
        s.run("select 1500000 as a, 2 as b;")
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text().split("as b;")[-1], re.M))
        self.assertNotIn("million", s.text())


if __name__ == "__main__":
    unittest.main()
