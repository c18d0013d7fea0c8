"""The screen harness itself: a query's table is read off the rendered screen."""
import unittest

from screen import ScreenTestCase


class ScreenHarnessTests(ScreenTestCase):
    def test_table_is_on_the_screen(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 1 as one, 'two' as two;")
        s.wait_for("│   one   │ two  │")
        self.assertIn("│ integer │ text │", s.text())
        self.assertIn("│       1 │ two  │", s.text())


if __name__ == "__main__":
    unittest.main()
