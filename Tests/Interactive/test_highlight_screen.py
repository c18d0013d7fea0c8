#!/usr/bin/env python3
"""The line being typed as a person sees it (issue 21): SQL coloured as you type, the
suggestion from history after the cursor, the matching bracket, on wrapped lines, after a
resize, with wide characters and in vi mode. Colours are read from the screen rendered by a
terminal emulator (pyte); every step waits for a condition on the screen.

Run: cd Tests/Interactive && python3 -m unittest test_highlight_screen
"""
import os
import unittest

from screen import ScreenTestCase

ESC = "\x1b"
RIGHT, LEFT, END, ALT_F = ESC + "[C", ESC + "[D", ESC + "[F", ESC + "f"


def find(s, fragment):
    """(row, column) of the last occurrence of `fragment` on the screen (columns counted in
    cells, a wide character taking two)."""
    for y in range(s.rows - 1, -1, -1):
        row = s.screen.buffer[y]
        cells = "".join(row[x].data for x in range(s.columns))
        # pyte keeps a wide character in its first cell and "" in the second.
        text, columns = "", []
        for x in range(s.columns):
            if row[x].data:
                text += row[x].data
                columns.append(x)
        i = text.rfind(fragment)
        if i >= 0:
            return y, columns[i]
        del cells
    raise AssertionError(f"{fragment!r} not on the screen:\n{s.text()}")


def style(s, fragment):
    """The (foreground, bold, underscore, reverse) of each character of `fragment`, as drawn
    where it last appears; one tuple when all characters agree."""
    y, x = find(s, fragment)
    row = s.screen.buffer[y]
    styles = set()
    column = x
    for _ in fragment:
        cell = row[column]
        styles.add((cell.fg, cell.bold, cell.underscore, cell.reverse))
        column += 2 if column + 1 < s.columns and row[column + 1].data == "" else 1
    return styles.pop() if len(styles) == 1 else styles


def drawn_in(s, fragment, colour):
    """Whether `fragment` is on the screen in foreground `colour` (for waits: False, not an
    error, while it is not there yet)."""
    try:
        return fg(s, fragment) == colour
    except AssertionError:
        return False


def fg(s, fragment):
    st = style(s, fragment)
    return st[0] if isinstance(st, tuple) else {x[0] for x in st}


class HighlightTests(ScreenTestCase):
    def start(self, **kwargs):
        kwargs.setdefault("columns", 80)
        return self.start_screen(colour=True, **kwargs)

    def test_sql_is_coloured_as_typed(self):
        s = self.start()
        s.run("create table orders(id, total);")
        s.type("select upper(total), uper(id), 42, 'done' from orders -- note")
        s.wait_for(lambda s: s.cursor_line().endswith("-- note"))
        self.assertEqual(style(s, "select"), ("blue", True, False, False))
        self.assertEqual(fg(s, "upper"), "cyan")
        self.assertEqual(style(s, "uper("), {("red", False, True, False), ("default", False, False, False)})
        self.assertEqual(fg(s, "total"), "brown")  # ANSI yellow: a name the schema knows
        self.assertEqual(fg(s, "42"), "magenta")
        self.assertEqual(fg(s, "'done'"), "green")
        self.assertEqual(fg(s, "-- note"), "brightblack")

    def test_unterminated_string_shows_as_such(self):
        s = self.start()
        s.type("select 'not closed")
        s.wait_for(lambda s: s.cursor_line().endswith("not closed"))
        self.assertEqual(style(s, "'not closed"), ("red", True, False, False))
        s.type("'")
        s.wait_for(lambda s: drawn_in(s, "'not closed'", "green"))

    def test_dot_commands_and_arguments(self):
        s = self.start()
        s.type(".mode box")
        s.wait_for(lambda s: s.cursor_line().endswith(".mode box"))
        self.assertEqual(style(s, ".mode"), ("cyan", True, False, False))
        self.assertEqual(fg(s, "box"), "green")
        s.type("\x15.nosuch")  # Ctrl-U: the line killed
        s.wait_for(lambda s: s.cursor_line().endswith(".nosuch"))
        self.assertEqual(style(s, ".nosuch"), ("red", False, True, False))

    def test_highlight_off_and_no_color(self):
        s = self.start()
        s.run(".highlight off")
        s.type("select 42")
        s.wait_for(lambda s: s.cursor_line().endswith("select 42"))
        self.assertEqual(fg(s, "select 42"), "default")
        plain = self.start_screen(columns=80)  # NO_COLOR
        plain.type("select 42")
        plain.wait_for(lambda s: s.cursor_line().endswith("select 42"))
        self.assertEqual(fg(plain, "select 42"), "default")

    def test_matching_bracket_is_shown(self):
        s = self.start()
        s.type("select (1 + (2 * 3))")
        s.wait_for(lambda s: s.cursor_line().endswith("3))"))
        # The cursor just after the last ')': its partner, the first '(', is reversed.
        y, x = find(s, "(1 + (")
        self.assertTrue(s.screen.buffer[y][x].reverse)
        self.assertFalse(s.screen.buffer[y][x + 5].reverse)
        s.type(LEFT + LEFT)  # on the inner ')'
        s.wait_for(lambda s: s.screen.buffer[y][x + 5].reverse)
        self.assertFalse(s.screen.buffer[y][x].reverse)


class SuggestionTests(ScreenTestCase):
    def start(self):
        s = self.start_screen(colour=True, columns=80)
        s.run("select 'apple' as fruit, 1 as n;")
        s.run("select 'banana' as fruit;")
        return s

    def wait_for_suggestion(self, s, typed, rest):
        # The text alone may already be on the screen (a word taken changes no character):
        # the cursor must be after the typed part too.
        s.wait_for(lambda s: s.cursor_line().endswith(typed + rest)
                   and s.screen.cursor.x == len(s.cursor_line()) - len(rest))
        y, x = find(s, typed + rest)
        cells = s.screen.buffer[y]
        suggested = [cells[x + len(typed) + k] for k in range(len(rest))]
        self.assertTrue(all(c.fg == "brightblack" for c in suggested), [(c.data, c.fg) for c in suggested])
        self.assertEqual((s.screen.cursor.y, s.screen.cursor.x), (y, x + len(typed)))

    def test_newest_matching_entry_is_suggested_and_right_takes_it(self):
        s = self.start()
        s.type("select 'ap")
        self.wait_for_suggestion(s, "select 'ap", "ple' as fruit, 1 as n;")
        s.type(RIGHT)
        line = "select 'apple' as fruit, 1 as n;"
        s.wait_for(lambda s: s.screen.cursor.x == len("sqlsh> " + line) and drawn_in(s, "'apple'", "green"))
        # Taken, not run: the prompt is still on the cursor's line.
        self.assertTrue(s.cursor_line().startswith("sqlsh> select 'apple'"))
        out = s.run("")
        self.assertIn("apple", out)

    def test_end_takes_it_and_alt_f_one_word(self):
        s = self.start()
        s.type("select 'b")
        self.wait_for_suggestion(s, "select 'b", "anana' as fruit;")
        s.type(ALT_F)
        self.wait_for_suggestion(s, "select 'banana", "' as fruit;")
        s.type(ESC + "[1;5C")  # Ctrl-Right: as Alt-F
        self.wait_for_suggestion(s, "select 'banana' as", " fruit;")
        s.type(END)
        s.wait_for(lambda s: s.screen.cursor.x == len("sqlsh> select 'banana' as fruit;"))
        self.assertEqual(fg(s, "fruit"), "default")

    def test_no_suggestion_when_nothing_starts_so(self):
        s = self.start()
        s.type("select 'c")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 'c")


class LayoutTests(ScreenTestCase):
    def test_wrapped_line_at_80_columns(self):
        s = self.start_screen(colour=True, columns=80)
        words = " ".join(f"{n} as c{n}," for n in range(30)) + " 'end' as last"
        line = "select " + words
        s.type(line)
        s.wait_for(lambda s: s.cursor_line().endswith("as last"))
        top = s.screen.cursor.y - (len("sqlsh> " + line) // 80)
        shown = "".join(s.lines()[top + k].ljust(80) for k in range(s.screen.cursor.y - top + 1)).rstrip()
        self.assertEqual(shown, "sqlsh> " + line)
        self.assertEqual(s.screen.cursor.x, len("sqlsh> " + line) % 80)
        # A number on the third row is coloured too.
        self.assertEqual(s.screen.buffer[top + 2][s.lines()[top + 2].index("as") - 2].fg, "magenta")
        # Editing in the middle moves the text after it across the rows.
        s.type("\x01" + ESC + "f" + " 99 as first,")
        line = "select 99 as first, " + words
        rows = (len("sqlsh> " + line) + 79) // 80
        s.wait_for(lambda s: "".join(s.lines()[top + k].ljust(80) for k in range(rows)).rstrip() == "sqlsh> " + line)
        self.assertEqual((s.screen.cursor.y, s.screen.cursor.x), (top, len("sqlsh> select 99 as first,")))
        out = s.run(END + ";")
        self.assertIn("last", out)

    def test_resize_while_typing(self):
        s = self.start_screen(colour=True, columns=80)
        first = "select '" + "a" * 100 + "'"
        s.type(first)
        s.wait_for(lambda s: s.cursor_line().endswith("a'"))
        s.screen.resize(24, 50)
        s.rows, s.columns = 24, 50
        s.child.setwinsize(24, 50)
        s.type(" as wide")
        line = "sqlsh> " + first + " as wide"
        def relaid(s):
            y = s.screen.cursor.y
            rows = (len(line) + 49) // 50
            top = y - (len(line) // 50)
            return "".join(s.lines()[top + k].ljust(50) for k in range(rows)).rstrip() == line \
                and s.screen.cursor.x == len(line) % 50 and s.lines()[top - 1] != s.lines()[top]
        s.wait_for(relaid)
        # Nothing of the 80-column drawing is left below the line.
        self.assertTrue(all(not l for l in s.lines()[s.screen.cursor.y + 1:]), s.text())
        out = s.run(";")
        self.assertIn("aaaa", out)

    def test_cjk_line_wraps_by_width(self):
        s = self.start_screen(colour=True, columns=80)
        # 7 columns of prompt, 8 of "select '", then 40 wide characters: 80 columns of text
        # would end at column 95; the character that would cross column 80 goes to the next row.
        text = "select '" + "日本語" * 13 + "日'"
        s.type(text)
        s.wait_for(lambda s: s.cursor_line().endswith("日'"))
        y = s.screen.cursor.y
        first = s.screen.buffer[y - 1]
        # Row one: the prompt (7), "select '" (8), 32 wide characters (64): 79 columns, the
        # last one left blank as the terminal leaves it.
        self.assertEqual(first[15].data, "日")
        self.assertEqual(first[15].fg, "green")
        self.assertIn(first[79].data, ("", " "))
        self.assertEqual(s.screen.cursor.x, 2 * 8 + 1)
        s.type("\x02\x02X")  # Ctrl-B twice: before the last wide character
        s.wait_for(lambda s: s.cursor_line().endswith("語X日'"))
        self.assertEqual(s.screen.cursor.x, 2 * 7 + 1)
        out = s.run(END + ";")
        self.assertIn("1 row", out)
        self.assertIn("語X日'", s.text())  # the line as entered

    def test_emoji_width(self):
        s = self.start_screen(colour=True, columns=80)
        s.type("select '😀x' as e")
        s.wait_for(lambda s: s.cursor_line().endswith("as e"))
        self.assertEqual(s.screen.cursor.x, len("sqlsh> select '") + 2 + len("x' as e"))


class MultiLineTests(ScreenTestCase):
    def test_enter_in_an_unfinished_statement_adds_a_line(self):
        s = self.start_screen(colour=True, columns=80)
        s.type("select 1 as one,\r")
        s.wait_for(lambda s: s.cursor_line() == "  ...>")
        s.type("2 as two;")
        s.wait_for(lambda s: s.cursor_line() == "  ...> 2 as two;")
        # Up: to the first line (same column), End: its end; the statement is one buffer.
        s.type(ESC + "[A" + END + " 10 as ten,")
        s.wait_for(lambda s: "sqlsh> select 1 as one, 10 as ten," in s.text())
        out = s.run("")
        self.assertIn("ten", out)
        self.assertIn("two", out)

    def test_recalled_statement_is_edited_as_one_buffer(self):
        s = self.start_screen(colour=True, columns=80)
        s.run("select 'older' as o;")
        s.run("select 1 as one,\r2 as two;")
        s.type(ESC + "[A")
        s.wait_for(lambda s: s.lines()[s.screen.cursor.y - 1].endswith("sqlsh> select 1 as one,")
                   and s.cursor_line() == "  ...> 2 as two;")
        s.type(ESC + "[A")  # within the statement
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 1 as one," and s.screen.cursor.x == len("sqlsh> 2 as two;"))
        s.type(ESC + "[A")  # then the older entry
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 'older' as o;")
        self.assertNotIn("...>", s.lines()[s.screen.cursor.y + 1] if s.screen.cursor.y + 1 < s.rows else "")
        s.type(ESC + "[B")
        s.wait_for(lambda s: s.cursor_line() == "  ...> 2 as two;")

    def test_bracketed_paste_fills_the_buffer_without_running(self):
        s = self.start_screen(colour=True, columns=80)
        s.type(ESC + "[200~select 'p1' as a;\rselect 'p2' as b;\r" + ESC + "[201~")
        s.wait_for(lambda s: s.cursor_line() == "  ...> select 'p2' as b;")
        self.assertNotIn("│", s.text())  # nothing ran
        out = s.run("")
        self.assertIn("p1", out)
        self.assertIn("p2", out)


class TallBufferTests(ScreenTestCase):
    def test_buffer_taller_than_the_screen_scrolls_with_the_cursor(self):
        s = self.start_screen(colour=True, rows=10, columns=80)
        lines = ["select 0 as c0,"] + [f"{n} as c{n}," for n in range(1, 19)] + ["19 as c19;"]
        s.type(ESC + "[200~" + "\r".join(lines) + ESC + "[201~")
        s.wait_for(lambda s: s.cursor_line() == "  ...> 19 as c19;")
        shown = [l for l in s.lines() if l]
        self.assertEqual(shown, ["  ...> " + l for l in lines[-10:]])
        s.type((ESC + "[A") * 12)
        s.wait_for(lambda s: s.cursor_line() == "  ...> 7 as c7,")
        self.assertEqual(s.screen.cursor.y, 0)
        self.assertEqual([l for l in s.lines() if l], ["  ...> " + l for l in lines[7:17]])
        s.type((ESC + "[A") * 7)
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 0 as c0," and s.screen.cursor.y == 0)
        self.assertEqual(s.lines()[1], "  ...> 1 as c1,")
        out = s.run("")
        self.assertIn("1 row", out)


class ViModeTests(ScreenTestCase):
    def test_vi_mode_is_drawn_where_libedit_has_the_cursor(self):
        with open(os.path.join(self.home, ".editrc"), "w") as f:
            f.write("bind -v\n")
        s = self.start_screen(colour=True, columns=80)
        s.type("select 42 as answer")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 42 as answer")
        self.assertEqual(style(s, "select"), ("blue", True, False, False))
        s.type(ESC)  # command mode: the cursor on the last character
        s.wait_for(lambda s: s.screen.cursor.x == len("sqlsh> select 42 as answe"))
        s.type("0")
        s.wait_for(lambda s: s.screen.cursor.x == len("sqlsh> "))
        s.type("dw")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> 42 as answer")
        self.assertEqual(fg(s, "42"), "magenta")
        s.type("iselect \x1b")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 42 as answer")
        out = s.run("A;")
        self.assertIn("answer", out)

    def test_vi_ctrl_f_takes_the_suggestion_and_k_moves_up_a_line(self):
        with open(os.path.join(self.home, ".editrc"), "w") as f:
            f.write("bind -v\n")
        s = self.start_screen(colour=True, columns=80)
        s.run("select 'vi' as mode,\r1 as n;")
        s.type("select 'v")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 'vi' as mode,")
        s.type("\x06")  # Ctrl-F
        s.wait_for(lambda s: s.cursor_line() == "  ...> 1 as n;" and s.screen.cursor.x == len("  ...> 1 as n;"))
        s.type(ESC + "k")  # command mode, up a line in the buffer (not history)
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 'vi' as mode,")
        self.assertEqual(s.lines()[s.screen.cursor.y + 1], "  ...> 1 as n;")
        out = s.run("")
        self.assertIn("vi", out)


def wait_for_bell(s, count):
    """Waits until the terminal has rung its bell `count` times (a bell is not drawn)."""
    s.wait_for(lambda s: s.transcript.getvalue().count("\x07") >= count)


class OtherKeysInColourTests(ScreenTestCase):
    """Ctrl-R, completion lists and Ctrl-X Ctrl-E with the line drawn in colour."""

    def test_ctrl_r_shows_the_entry_found_coloured(self):
        s = self.start_screen(colour=True, columns=80)
        s.run("select 'apple' as fruit;")
        s.run("select 'banana' as fruit;")
        s.type("\x12")
        s.wait_for(lambda s: "(reverse-i-search)''" in s.cursor_line())
        s.type("app")
        s.wait_for(lambda s: s.cursor_line() == "(reverse-i-search)'app': select 'apple' as fruit;")
        self.assertEqual(fg(s, "'apple'"), "green")
        self.assertEqual(style(s, "select 'apple'"[:6]), ("blue", True, False, False))
        self.assertEqual(s.screen.cursor.x, len("(reverse-i-search)'app': select '"))
        s.type("\r")
        s.wait_for("│ apple │")

    def test_completion_list_then_the_line_again_in_colour(self):
        s = self.start_screen(colour=True, columns=80)
        s.run("create table orders(id, customer, total);")
        s.type("select * from orders where to")
        s.wait_for(lambda s: s.cursor_line().endswith("where to"))
        s.type("\t")
        wait_for_bell(s, 1)
        s.type("\t")
        s.wait_for(lambda s: "total" in s.text() and "total_changes" in s.text()
                   and s.cursor_line() == "sqlsh> select * from orders where to")
        self.assertEqual(style(s, "where"), ("blue", True, False, False))
        s.type("tal > 1;")
        s.wait_for(lambda s: s.cursor_line().endswith("where total > 1;"))
        self.assertEqual(fg(s, "total > 1;"[:5]), "brown")
        s.run("")

    def test_ctrl_x_ctrl_e_shows_the_edited_statement_coloured(self):
        editor = os.path.join(self.home, "editor.sh")
        with open(editor, "w") as f:
            f.write("#!/bin/sh\nsed -i 's/apple/pear/' \"$1\"\n")
        os.chmod(editor, 0o700)
        s = self.start_screen(colour=True, columns=80, extra_env={"VISUAL": editor})
        s.type("select 'apple' as fruit")
        s.wait_for(lambda s: s.cursor_line().endswith("as fruit"))
        s.type("\x18\x05")
        s.wait_for("│ pear  │")
        self.assertEqual(fg(s, "'pear'"), "green")


if __name__ == "__main__":
    unittest.main()
