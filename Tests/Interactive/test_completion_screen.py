"""Tab after WHERE, as a person sees the list: the statement's columns first."""
import unittest

from screen import ScreenTestCase


class ExpressionCompletionScreenTests(ScreenTestCase):
    def test_columns_come_first_after_where(self):
        s = self.start_screen(rows=100, columns=100)
        s.run("create table orders(id, customer, total);")
        s.type("select * from orders where ")
        s.type("\t")
        s.wait_for(lambda s: "orders where" in s.cursor_line())
        s.type("\t")
        s.wait_for("Display all")
        s.type("y")
        s.wait_for(lambda s: s.cursor_line().startswith("sqlsh> select * from orders where"))
        text = s.text()
        listing = [line.split() for line in text[text.index("possibilities"):].split("\n")[1:] if line.strip()]
        # Listed down the columns, as `ls` does: the first column starts with the three
        # columns of orders, then the functions.
        self.assertEqual([row[0] for row in listing[:4]], ["customer", "id", "total", "abs"], text[-2000:])
        s.type("\x03")


if __name__ == "__main__":
    unittest.main()
