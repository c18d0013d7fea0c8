"""The prompt in colour: bold green on a colour terminal, plain with
NO_COLOR, and the line still where libedit's cursor is (the escapes are not counted)."""
import unittest

from screen import ScreenTestCase


class PromptColourTests(ScreenTestCase):
    def prompt_cells(self, s):
        row = s.screen.cursor.y
        return [s.screen.buffer[row][x] for x in range(len("sqlsh> "))]

    def test_prompt_is_bold_green_on_a_colour_terminal(self):
        s = self.start_screen(rows=24, columns=80, colour=True)
        s.wait_for(lambda s: s.cursor_line().startswith("sqlsh>"))
        cells = self.prompt_cells(s)
        self.assertEqual("".join(c.data for c in cells), "sqlsh> ")
        self.assertTrue(all(c.fg == "green" and c.bold for c in cells[:6]), [(c.fg, c.bold) for c in cells])

    def test_typed_text_is_highlighted_and_wraps_where_the_cursor_is(self):
        s = self.start_screen(rows=24, columns=40, colour=True)
        s.wait_for(lambda s: s.cursor_line().startswith("sqlsh>"))
        start = s.screen.cursor.y
        typed = "select '" + "x" * 50 + "'"
        s.type(typed)
        # 7 columns of prompt and 59 typed: the cursor ends on the next row, at column 26.
        s.wait_for(lambda s: s.screen.cursor.y == start + 1 and s.screen.cursor.x == (7 + len(typed)) % 40)
        # The line is coloured as SQL (it was plain before issue 21): the keyword in bold
        # blue, the string in green, wrapped on the next row.
        self.assertEqual((s.screen.buffer[start][7].fg, s.screen.buffer[start][7].bold), ("blue", True))
        self.assertEqual(s.screen.buffer[start + 1][0].fg, "green")
        s.type("\r")
        s.wait_for("xxxxx")

    def test_no_colour_with_no_color(self):
        s = self.start_screen(rows=24, columns=80)
        s.wait_for(lambda s: s.cursor_line().startswith("sqlsh>"))
        self.assertTrue(all(c.fg == "default" and not c.bold for c in self.prompt_cells(s)))


if __name__ == "__main__":
    unittest.main()
