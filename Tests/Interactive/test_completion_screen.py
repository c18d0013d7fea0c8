"""Tab after WHERE, as a person sees the list: the statement's columns first."""
import unittest

from screen import ScreenTestCase


class ExpressionCompletionScreenTests(ScreenTestCase):
    def test_columns_come_first_after_where(self):
        s = self.start_screen(rows=100, columns=200)
        s.run("create table orders(id, customer, total);")
        s.type("select * from orders where ")
        s.type("\t")
        s.wait_for(lambda s: "orders where" in s.cursor_line())
        # Columns first: the list is not asked about (issue 38), it is cut to the screen.
        s.type("\t")
        # The listing is drawn, then the prompt and the line again under it.
        def listed(s):
            lines = s.lines()
            firsts = [line.split()[0] if line.split() else "" for line in lines]
            return "customer" in firsts and s.cursor_line().startswith("sqlsh> select * from orders where") \
                and s.screen.cursor.y > firsts.index("customer")
        s.wait_for(listed)
        firsts = [line.split()[0] if line.split() else "" for line in s.lines()]
        start = firsts.index("customer")
        # Listed down the columns, as `ls` does: the first column starts with the three
        # columns of orders, then the functions.
        self.assertEqual(firsts[start:start + 4], ["customer", "id", "total", "abs"], s.text()[-2000:])
        s.type("\x03")


if __name__ == "__main__":
    unittest.main()
