"""Discovery of every function: SQLite's own functions in `.functions` and `.describe`, read
off the screen."""
import unittest

from screen import ScreenTestCase
from test_screen_layout import cells, last_table


class SQLiteFunctionTests(ScreenTestCase):
    def test_functions_json_lists_the_json_family(self):
        s = self.start_screen(rows=40, columns=100)
        s.run(".functions json")
        s.wait_for("json_extract")
        table = last_table(s.text())
        rows = [cells(line) for line in table[3:-1] if line.startswith("│")]
        self.assertEqual(rows[0][0], "sqlite/json")
        names = [row[1] for row in rows]
        for name in ("json", "json_extract", "json_group_array", "json_each", "->>"):
            self.assertIn(name, names)
        self.assertTrue(all(len(line) <= 100 for line in table))

    def test_describe_avg_and_a_window_function(self):
        s = self.start_screen(rows=40, columns=100)
        s.run(".describe avg")
        s.wait_for("avg(X)  [sqlite/aggregate pack, aggregate, args 1, SQLite's own]")
        s.wait_for("→ 2.5")
        s.run(".describe lag")
        s.wait_for("lag(X[, OFFSET[, DEFAULT]])  [sqlite/window pack, window, args 1-3, SQLite's own]")

    def test_functions_window_on_the_screen(self):
        s = self.start_screen(rows=40, columns=80)
        s.run(".functions window")
        s.wait_for("row_number")
        rows = [cells(line) for line in last_table(s.text())[3:-1] if line.startswith("│")]
        self.assertEqual(len(rows), 11)
        self.assertEqual({row[2] for row in rows}, {"window"})


if __name__ == "__main__":
    unittest.main()
