"""The interactive screen's results, judged on the rendered screen: the table's layout, big
results (first and last rows and a footer), `\\G`, `.last`, the pager, `.functions`, and what
`.show`, `.headers` and `.help mode` say about the pretty mode."""
import re
import subprocess
import unittest

from screen import ScreenTestCase
from test_interactive import BINARY

WIDE_TABLE = """create table w(id integer, name text, description text, created_at text, updated_at text,
 status text, owner text, category text, priority integer, amount real, currency text, country text,
 city text, notes text, tags text);"""
WIDE_ROWS = """insert into w select value, 'name ' || value, 'a fairly long description of item number ' || value,
 '2024-01-15 10:22:33', '2024-02-01 08:00:00', 'active', 'alice', 'hardware', value % 5, value * 12.5,
 'EUR', 'Germany', 'Berlin', 'some notes here', 'a,b,c' from generate_series(1, 5);"""


def table_lines(text):
    """The lines of the screen that belong to a table (they start with a box character)."""
    return [line for line in text.split("\n") if line[:1] in ("┌", "│", "├", "└")]


def last_table(text):
    """The lines of the last table on the screen."""
    lines = text.split("\n")
    end = max(i for i, line in enumerate(lines) if line.startswith("└"))
    start = max(i for i, line in enumerate(lines[:end]) if line.startswith("┌"))
    return lines[start:end + 1]


def cells(line):
    """The cells of a table line, stripped."""
    return [cell.strip() for cell in line.strip("│").split("│")]


class LayoutTests(ScreenTestCase):
    def test_numbers_are_not_cut_after_the_first_rows(self):
        s = self.start_screen(rows=40, columns=120)
        s.run("select value as n, value * 1.5 as half from generate_series(1, 1001);")
        table = last_table(s.text())
        self.assertIn("│    1001 │ 1501.5 │", table)
        self.assertIn("│       1 │    1.5 │", table)
        self.assertFalse([line for line in table if "…" in line], table)

    def test_a_long_number_is_never_cut_and_the_width_is_used(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 4611686018427387904 as big, 1234567.125 as r, printf('%.*c', 300, 'x') as long;")
        table = last_table(s.text())
        self.assertTrue(any("│ 4611686018427387904 │ 1234567.125 │ xxx" in line for line in table), table)
        # The long text is cut with … and the table takes the whole width of the terminal.
        self.assertTrue(all(len(line) == 80 for line in table), table)
        self.assertTrue(table[4].endswith("x… │"), table)

    def test_many_columns_keep_headers_and_dates_whole_and_name_the_hidden_ones(self):
        s = self.start_screen(rows=30, columns=120)
        s.run(WIDE_TABLE)
        s.run(WIDE_ROWS)
        s.run("select * from w;")
        text = s.text()
        table = last_table(text)
        header = cells(table[1])
        # First and last columns are kept, the middle ones hidden behind a … column.
        self.assertEqual(header[:3], ["id", "name", "description"])
        self.assertEqual(header[-1], "tags")
        self.assertIn("…", header)
        for name in header:
            self.assertIn(name, {"id", "name", "description", "created_at", "updated_at", "status", "owner",
                                 "category", "priority", "amount", "currency", "country", "city", "notes",
                                 "tags", "…"})
        # One line per row (nothing wrapped), dates whole, long text cut with …
        self.assertEqual(len(table), 3 + 2 + 5)  # borders, header and types, rows
        self.assertTrue(all("2024-01-15 10:22:33" in line for line in table[4:9]), table)
        self.assertTrue(all("a fairly" in line and "…" in line for line in table[4:9]), table)
        self.assertTrue(all(len(line) <= 120 for line in table))
        hidden = [name for name in ["updated_at", "status", "owner", "category", "priority"] if name not in header]
        self.assertIn("5 rows · 15 columns (", text)
        self.assertRegex(text, r"not shown: " + ", ".join(hidden))

    def test_the_hidden_names_break_between_names_at_80_columns(self):
        s = self.start_screen(rows=30, columns=80)
        s.run(WIDE_TABLE)
        s.run(WIDE_ROWS)
        s.run("select * from w;")
        lines = s.text().split("\n")
        start = max(i for i, line in enumerate(lines) if line.startswith("not shown: "))
        footer = []
        for line in lines[start:]:
            if line.startswith("sqlsh>"):
                break
            footer.append(line.rstrip())
        header = cells(last_table(s.text())[1])
        hidden = [name for name in ["created_at", "updated_at", "status", "owner", "category", "priority",
                                    "amount", "currency", "country", "city"] if name not in header]
        # Each name whole on one line: the lines, joined again, give the list.
        self.assertGreater(len(footer), 1, footer)
        self.assertEqual(" ".join(footer), "not shown: " + ", ".join(hidden) + " · .last shows it all")
        for line in footer[:-1]:
            self.assertTrue(line.endswith(","), footer)

    def test_a_table_that_fits_has_no_footer(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 1 as a, 'x' as b;")
        self.assertNotIn("rows", s.text())
        self.assertIn("│       1 │ x    │", s.text())

    def test_multi_line_values_and_no_stray_space(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 'first' || char(10) || 'second' as t, 2 as n;")
        table = last_table(s.text())
        self.assertIn("│ first  │       2 │", table)
        self.assertIn("│ second │         │", table)


class BigResultTests(ScreenTestCase):
    def test_first_and_last_rows_and_a_footer_with_the_count(self):
        s = self.start_screen(rows=30, columns=100)
        s.run("create table big as select value as id, 'row ' || value as label from generate_series(1, 100000);")
        s.run("select * from big;")
        text = s.text()
        self.assertRegex(text, r"100,000 rows \(\d+ shown\) · \d+\.\d\d s · \.last shows it all")
        table = last_table(text)
        self.assertEqual(cells(table[4]), ["1", "row 1"])
        self.assertEqual(cells(table[-2]), ["100000", "row 100000"])
        self.assertTrue(any(set(line) <= set("│· ") and "·" in line for line in table), table)
        # Everything fits on the screen with the prompt under it.
        self.assertEqual(s.cursor_line(), "sqlsh>")
        self.assertIn("┌", s.lines()[0] + s.lines()[1] + s.lines()[2])
        # A filtered scan of the table: its last rows are found from the table's end.
        s.run("select b.id, b.label from big as b where b.id % 3 = 1;")
        text = s.text()
        self.assertRegex(text, r"33,334 rows \(\d+ shown\)")
        table = last_table(text)
        self.assertEqual(cells(table[4]), ["1", "row 1"])
        self.assertEqual(cells(table[-3]), ["99997", "row 99997"])
        self.assertEqual(cells(table[-2]), ["100000", "row 100000"])

    def test_rows_shown_follow_the_terminal_height(self):
        s = self.start_screen(rows=20, columns=80)
        s.run("select value from generate_series(1, 100);")
        shown = int(re.search(r"100 rows \((\d+) shown\)", s.text()).group(1))
        self.assertLessEqual(shown + 8, 20)
        s = self.start_screen(rows=40, columns=80)
        s.run("select value from generate_series(1, 100);")
        shown_taller = int(re.search(r"100 rows \((\d+) shown\)", s.text()).group(1))
        self.assertGreater(shown_taller, shown)

    def test_last_shows_the_whole_result_through_the_pager(self):
        s = self.start_screen(rows=24, columns=80, extra_env={"PAGER": "cat"})
        s.run("select value as v from generate_series(1, 60);")
        self.assertNotIn("│      40 │", s.text())
        s.run(".last")
        text = s.text()
        self.assertIn("running again: select value as v from generate_series(1, 60);", s.transcript.getvalue())
        self.assertIn("│      40 │", text)
        self.assertIn("│      60 │", text)
        self.assertNotIn("shown", text.split("running again")[-1])

    def test_last_without_a_result_and_after_a_change(self):
        s = self.start_screen(rows=24, columns=80, extra_env={"PAGER": "cat"})
        s.run(".last")
        s.wait_for("No result to show yet")
        s.run("create table t(a);")
        s.run("insert into t values (1), (2) returning a;")
        s.run(".last")
        s.wait_for("The last statement changes the database")

    def test_pager_on_sends_a_tall_result_whole_through_the_pager(self):
        s = self.start_screen(rows=24, columns=80, extra_env={"PAGER": "cat"})
        s.run(".pager")
        s.wait_for("pager: off (command: cat)")
        s.run(".pager on")
        s.run("select value as v from generate_series(1, 60);")
        text = s.text()
        self.assertIn("│      45 │", text)
        self.assertRegex(text, r"\n60 rows · \d+\.\d\d s\n")
        s.run(".pager off")
        s.run("select value as v from generate_series(1, 60);")
        self.assertIn("60 rows (", s.text())

    def test_pager_command_is_remembered(self):
        s = self.start_screen(rows=24, columns=80, extra_env={"PAGER": "cat"})
        s.run(".pager sed s/row/ROW/")
        s.run(".pager")
        s.wait_for("pager: on (command: sed s/row/ROW/)")
        s.run("select 'row ' || value as t from generate_series(1, 50);")
        self.assertIn("│ ROW 50 │", s.text())


class VerticalViewTests(ScreenTestCase):
    def test_backslash_g_shows_one_column_per_line(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 1 as id, 'ann' as name, null as note\\G")
        text = s.text()
        self.assertIn("─[ row 1 ]─", text)
        self.assertIn("id   │ 1", text)
        self.assertIn("name │ ann", text)
        self.assertIn("note │ NULL", text)
        self.assertNotIn("┌", text)

    def test_backslash_g_with_a_semicolon_and_over_several_lines(self):
        s = self.start_screen(rows=24, columns=80)
        s.send("select 7 as seven,\r")
        s.expect("...> ")
        s.run("  8 as eight \\G;")
        text = s.text()
        self.assertIn("seven │ 7", text)
        self.assertIn("eight │ 8", text)
        # The next query is a table again.
        s.run("select 9 as nine;")
        self.assertIn("│  nine   │", s.text())

    def test_backslash_g_inside_a_string_is_text(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 'a\\G' as t;")
        self.assertIn("│ a\\G  │", s.text())

    def test_history_keeps_the_backslash_g(self):
        s = self.start_screen(rows=24, columns=80)
        s.run("select 5 as five\\G")
        s.type("\x1b[A")
        s.wait_for(lambda s: s.cursor_line() == "sqlsh> select 5 as five\\G")

    def test_long_values_wrap_and_many_records_get_a_footer(self):
        s = self.start_screen(rows=24, columns=60)
        s.run("select value as n, printf('%.*c', 100, 'y') as long from generate_series(1, 50)\\G")
        text = s.text()
        self.assertRegex(text, r"50 rows \(\d+ shown\)")
        self.assertIn("─[ row 50 ]─", text)
        self.assertTrue(all(len(line) <= 60 for line in s.lines()))


class FunctionsTableTests(ScreenTestCase):
    def test_functions_is_a_table_fitted_to_80_columns(self):
        s = self.start_screen(rows=45, columns=80)
        s.run(".functions stats")
        table = last_table(s.text())
        self.assertEqual(cells(table[1]), ["pack", "name", "kind", "args", "state", "summary"])
        rows = [cells(line) for line in table[3:-1]]
        self.assertEqual(len(rows), 32)  # one line each: nothing wrapped
        self.assertEqual(rows[0][:2], ["stats", "median"])
        self.assertTrue(all(row[0] == "" for row in rows[1:]))
        self.assertTrue(all(len(line) <= 80 for line in table))
        self.assertTrue(any(row[-1].endswith("…") for row in rows))

    def test_every_function_on_one_line_at_80_columns(self):
        listed = subprocess.run([BINARY, "-batch", ":memory:", ".functions"], capture_output=True, text=True,
                                env={"HOME": self.home}).stdout.count("\n")
        s = self.start_screen(rows=2 * listed + 12, columns=80)  # room for the rules between packs
        s.run(".functions")
        table = last_table(s.text())
        self.assertEqual(len(table), 3 + listed + 1 + len([l for l in table[3:-1] if l.startswith("├")]))
        self.assertTrue(all(len(line) <= 80 and line[-1] in "│┐┤┘" for line in table), table)

    def test_functions_groups_packs_with_a_rule(self):
        s = self.start_screen(rows=120, columns=100)
        s.run(".functions percentile*")
        s.run(".functions *ex*")
        table = last_table(s.text())
        packs = [cells(line)[0] for line in table[3:-1] if line.startswith("│") and cells(line)[0]]
        self.assertGreater(len(packs), 1)
        self.assertEqual(len(packs), len(set(packs)))
        rules = [line for line in table[3:-1] if line.startswith("├")]
        self.assertEqual(len(rules), len(packs) - 1)

    def test_functions_without_a_match_says_so(self):
        s = self.start_screen(rows=24, columns=80)
        s.run(".functions nomatch")
        s.wait_for('No function or pack matches "nomatch"')


class PrettyModeSettingsTests(ScreenTestCase):
    def test_help_mode_lists_pretty_and_mode_pretty_comes_back(self):
        s = self.start_screen(rows=40, columns=100)
        s.run(".help mode")
        self.assertRegex(s.text(), r"pretty +Box fitted to the terminal")
        s.run(".mode line")
        s.run("select 1 as one;")
        s.wait_for("one = 1")
        s.run(".mode pretty")
        s.run("select 2 as two;")
        self.assertIn("│   two   │", s.text())

    def test_show_and_headers_tell_the_truth(self):
        s = self.start_screen(rows=40, columns=80)
        s.run(".show")
        self.assertRegex(s.text(), r"headers: on\n +mode: pretty")
        s.run(".headers off")
        s.run("select 1 as hidden_name;")
        table = last_table(s.text())
        self.assertEqual(len(table), 3)
        self.assertNotIn("hidden_name", "\n".join(table))
        s.run(".show")
        self.assertIn("headers: off", s.text().split("hidden_name")[-1])
        s.run(".headers on")
        s.run("select 1 as shown_name;")
        self.assertIn("│ shown_name │", s.text())


if __name__ == "__main__":
    unittest.main()
