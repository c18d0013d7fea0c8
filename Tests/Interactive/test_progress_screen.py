"""Progress of a long scan: the percentage of the table read beside the elapsed time, where
SQLite can tell (a full scan of one table), and nowhere else."""
import re
import unittest

from screen import ScreenTestCase

INDICATOR = re.compile(r"⏱ \d+\.\d s( · ~(\d+)%)?")


class ScanProgressScreenTests(ScreenTestCase):
    def indicator(self, s):
        match = INDICATOR.search(s.text())
        return match

    def test_a_full_scan_shows_its_percentage(self):
        s = self.start_screen(rows=20, columns=100)
        s.run("create table big(id integer primary key, x text);")
        s.run("with recursive c(n) as (select 1 union all select n + 1 from c where n < 2000000) "
              "insert into big(x) select 'row ' || n from c;")
        # readfile() of a missing file per row: a scan slow enough to watch, stopped with Ctrl-C.
        s.type("select count(*) from big where readfile('no such file') is not null;\r")
        s.wait_for(lambda s: (m := self.indicator(s)) and m.group(1))
        percent = int(self.indicator(s).group(2))
        self.assertLess(percent, 100)
        # The percentage grows as the scan goes on.
        s.wait_for(lambda s: (m := self.indicator(s)) and m.group(2) and int(m.group(2)) > percent)
        s.type("\x03")
        s.wait_for(lambda s: re.search(r"cancelled after \d+(\.\d)? s", s.text()))

    def test_other_queries_show_only_the_time(self):
        s = self.start_screen(rows=20, columns=100)
        s.type("with recursive c(x) as (select 1 union all select x + 1 from c) select count(*) from c;\r")
        s.wait_for(lambda s: self.indicator(s))
        self.assertIsNone(self.indicator(s).group(1), s.text())
        s.type("\x03")
        s.wait_for(lambda s: re.search(r"cancelled after \d+(\.\d)? s", s.text()))


if __name__ == "__main__":
    unittest.main()
