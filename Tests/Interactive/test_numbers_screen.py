"""Reals at the prompt read back exactly (sqlite3 shows 15 digits and loses the rest)."""
import unittest

from screen import ScreenTestCase


class NumberScreenTests(ScreenTestCase):
    def test_reals_read_back_exactly(self):
        s = self.start_screen(rows=24, columns=100)
        s.run("select 2634017266.9399724 as a, 23742.48 as b, 0.1 + 0.2 as c, 5.0 as d;")
        s.wait_for("│ 2634017266.9399724 │ 23742.48 │ 0.30000000000000004 │ 5.0 │")


if __name__ == "__main__":
    unittest.main()
