"""A footer under every result on the screen, as DuckDB shows one: rows and time, and the
rows a write changed."""
import re
import unittest

from screen import ScreenTestCase


class FooterScreenTests(ScreenTestCase):
    def test_every_result_and_every_write_has_a_footer(self):
        s = self.start_screen(rows=30, columns=80)
        s.run("create table t(a);")
        self.assertNotRegex(s.text(), r"changed")  # DDL changes no rows: no footer
        s.run("insert into t values (1), (2), (3);")
        s.wait_for("3 rows changed · ")
        s.run("select a from t where a > 1;")
        s.wait_for(lambda s: re.search(r"^2 rows · \d+\.\d\d s$", s.text(), re.M))
        s.run("select a from t where a > 5;")
        s.wait_for(lambda s: re.search(r"^0 rows · \d+\.\d\d s$", s.text(), re.M))
        s.run("update t set a = a + 1 where a = 1;")
        s.wait_for(lambda s: re.search(r"^1 row changed · \d+\.\d\d s$", s.text(), re.M))
        s.run("with x(v) as (select 2) delete from t where a in (select v from x);")
        s.wait_for(lambda s: re.search(r"^2 rows changed · ", s.text(), re.M))
        self.assertNotIn(".last shows it all", s.text())


if __name__ == "__main__":
    unittest.main()
