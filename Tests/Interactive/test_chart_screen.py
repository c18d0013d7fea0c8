"""Pictures: bar() in a result and `.chart` drawing the last result, read off the screen."""
import re
import unittest

from screen import ScreenTestCase


class ChartScreenTests(ScreenTestCase):
    def test_bar_function_in_a_table(self):
        s = self.start_screen(rows=30, columns=80)
        s.run("select value as n, bar(value, 0, 4, 8) as b from generate_series(1, 4);")
        s.wait_for(lambda s: re.search(r"^4 rows · ", s.text(), re.M))
        self.assertIn("│       1 │ ██       │", s.text())
        self.assertIn("│       4 │ ████████ │", s.text())
        self.assertIn("bar(): min must be less than max", s.run("select bar(1, 2, 2);"))

    def test_bar_chart_of_the_last_result_fits_the_terminal(self):
        s = self.start_screen(rows=40, columns=80)
        s.run("create table sales(region text, amount real);")
        s.run("insert into sales values ('north', 1234.5), ('south', 600), ('east', 12);")
        s.run("select region, amount from sales;")
        s.run(".chart")
        s.wait_for("amount by region")
        lines = s.lines()
        start = lines.index("amount by region")
        north = lines[start + 1]
        self.assertTrue(north.startswith("north │████"), north)
        self.assertTrue(north.endswith(" 1234.5"), north)
        self.assertTrue(lines[start + 3].startswith("east  │▋ 12"), lines[start + 3])
        self.assertTrue(lines[start + 4].startswith("      └───"), lines[start + 4])
        self.assertRegex(lines[start + 5], r"^ +0 +1234\.5$")
        self.assertTrue(all(len(line) <= 80 for line in lines))
        s.resize(40, 60)
        s.run(".chart")
        s.wait_for(lambda s: s.text().count("amount by region") == 2)
        self.assertTrue(all(len(line) <= 60 for line in s.lines()[-12:]), s.text())

    def test_histogram_and_errors(self):
        s = self.start_screen(rows=40, columns=80)
        self.assertIn("No result to chart yet", s.run(".chart"))
        s.run("select value % 10 as digit from generate_series(1, 1000);")
        s.run(".chart --bins 5")
        s.wait_for("digit: 1,000 values in 5 bins")
        labels = [line.split("│")[0].strip() for line in s.lines() if "│█" in line]
        self.assertEqual(labels, ["0–1", "2–3", "4–5", "6–7", "8–9"])
        s.run("select 'text' as t;")
        self.assertIn("The last result has no column of numbers to chart", s.run(".chart"))


if __name__ == "__main__":
    unittest.main()
