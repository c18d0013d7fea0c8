"""Column types under the headers of the pretty table (`.types`), read off the screen."""
import re
import unittest

from screen import ScreenTestCase
from test_screen_layout import cells, last_table


class TypeRowTests(ScreenTestCase):
    def test_declared_types_and_storage_classes_under_the_headers(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("create table t(id integer primary key, name varchar(20), score);")
        s.run("insert into t values (1, 'ann', 2.5), (2, 'bob', null);")
        s.run("select id, name, score, id * 2 as twice, null as empty, x'00' as b from t;")
        s.wait_for(lambda s: re.search(r"^2 rows · ", s.text(), re.M))
        table = last_table(s.text())
        self.assertEqual(cells(table[1]), ["id", "name", "score", "twice", "empty", "b"])
        self.assertEqual(cells(table[2]), ["integer", "varchar(20)", "real", "integer", "null", "blob"])
        self.assertTrue(table[3].startswith("├"), table)
        s.run("select 1 as v union all select 'one';")
        s.wait_for(lambda s: cells(last_table(s.text())[2]) == ["mixed"])

    def test_time_blobs_show_as_iso_timestamps_typed_time(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("select time_date(2024, 3, 21, 10, 11, 12) as t, now() as n, x'00' as b;")
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text(), re.M))
        table = last_table(s.text())
        self.assertEqual(cells(table[2]), ["time", "time", "blob"])
        row = cells(table[4])
        self.assertEqual(row[0], "2024-03-21T10:11:12Z")
        self.assertRegex(row[1], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")
        self.assertEqual(row[2], "X'00'")

    def test_types_off_hides_the_row_and_show_tells(self):
        s = self.start_screen(rows=30, columns=80)
        s.run(".types off")
        s.run("select 1 as n;")
        s.wait_for(lambda s: re.search(r"^1 row · ", s.text(), re.M))
        table = last_table(s.text())
        self.assertEqual(len(table), 5, table)
        self.assertIn("types: off", s.run(".types"))
        self.assertRegex(s.run(".show"), r"types: off")
        s.run(".types on")
        s.run("select 2 as m;")
        s.wait_for(lambda s: cells(last_table(s.text())[2]) == ["integer"])
        self.assertIn('Error: .types takes on or off, not "maybe"', s.run(".types maybe"))

    def test_head_and_tail_view_and_narrow_terminal(self):
        s = self.start_screen(rows=20, columns=40)
        s.run("select value as n, printf('%.*c', 80, 'x') as long from generate_series(1, 500);")
        s.wait_for(lambda s: re.search(r"^500 rows \(\d+ shown\)", s.text(), re.M))
        table = last_table(s.text())
        self.assertEqual(cells(table[2]), ["integer", "text"])
        self.assertTrue(all(len(line) <= 40 for line in table), table)
        self.assertTrue(any(set(line) <= set("│· ") and "·" in line for line in table), table)
        # Everything fits with the prompt under it.
        self.assertEqual(s.cursor_line(), "sqlsh>")
        self.assertIn("┌", "".join(s.lines()[:3]))


if __name__ == "__main__":
    unittest.main()
