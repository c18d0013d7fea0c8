""".maxrows and .maxwidth (DuckDB's names): the screen's head and tail view and table width
set by hand, under the terminal's own limits."""
import re
import unittest

from screen import ScreenTestCase


class ScreenLimitTests(ScreenTestCase):
    def test_maxrows_cuts_a_result_to_its_first_and_last_rows(self):
        s = self.start_screen(rows=40, columns=80)
        s.run(".maxrows 6")
        s.run("select value as n from generate_series(1, 20);")
        s.wait_for(lambda s: re.search(r"^20 rows \(6 shown\) · ", s.text(), re.M))
        table = [line for line in s.lines() if line.startswith("│")]
        self.assertEqual([line.split()[1] for line in table], ["n", "integer", "1", "2", "3", "·", "18", "19", "20"])
        s.run("select value as n from generate_series(1, 6);")
        s.wait_for(lambda s: re.search(r"^6 rows · ", s.text(), re.M))
        self.assertIn("maxrows: 6", s.run(".maxrows"))
        s.run(".maxrows off")
        self.assertIn("maxrows: off", s.run(".maxrows"))

    def test_maxwidth_narrows_the_table(self):
        s = self.start_screen(rows=40, columns=100)
        s.run(".maxwidth 30")
        s.run("select 'a fairly long piece of text that will not fit' as t, 42 as n;")
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text(), re.M))
        widths = {len(line) for line in s.lines() if line.startswith(("┌", "│", "└"))}
        self.assertEqual(widths, {30}, s.text())
        self.assertIn("Error: .maxwidth takes a number", s.run(".maxwidth 5"))


if __name__ == "__main__":
    unittest.main()
