#!/usr/bin/env python3
"""Draws the README's picture of the line editor (docs/line-editor.svg) from a real session:
sqlsh runs in a pseudo-terminal, the keys below are typed, and the screen as the terminal
emulator (pyte) rendered it, colours included, is written as SVG. Not a test.

Run: cd Tests/Interactive && python3 screenshot.py [OUTPUT.svg]
"""
import os
import shutil
import sys
import tempfile
from xml.sax.saxutils import escape

from screen import ScreenSession

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# A dark theme's 16 colours (xterm's defaults, softened), pyte's names.
COLOURS = {
    "default": "#d0d0d0", "black": "#000000", "red": "#e05050", "green": "#6cc36c",
    "brown": "#d7b94a", "blue": "#6c9ef8", "magenta": "#c678dd", "cyan": "#56b6c2",
    "white": "#e5e5e5", "brightblack": "#7f7f7f",
}
BACKGROUND = "#1e1e1e"
CELL_W, CELL_H = 8.4, 17


def svg(screen, rows):
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{screen.columns * CELL_W + 20:.0f}" '
           f'height="{rows * CELL_H + 20}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14">',
           f'<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>']
    for y in range(rows):
        line = screen.buffer[y]
        x = 0
        while x < screen.columns:
            cell = line[x]
            start = x
            text = ""
            while x < screen.columns and (line[x].fg, line[x].bold, line[x].underscore, line[x].reverse, line[x].italics) == \
                    (cell.fg, cell.bold, cell.underscore, cell.reverse, cell.italics):
                text += line[x].data
                x += 1
            if not text.strip() and not cell.reverse:
                continue
            colour = COLOURS.get(cell.fg, COLOURS["default"])
            px, py = 10 + start * CELL_W, 10 + y * CELL_H
            if cell.reverse:
                out.append(f'<rect x="{px:.1f}" y="{py + 2}" width="{len(text) * CELL_W:.1f}" height="{CELL_H}" fill="{colour}"/>')
                colour = BACKGROUND
            attributes = f'fill="{colour}"'
            if cell.bold:
                attributes += ' font-weight="bold"'
            if cell.underscore:
                attributes += ' text-decoration="underline"'
            if cell.italics:
                attributes += ' font-style="italic"'
            out.append(f'<text x="{px:.1f}" y="{py + 14}" {attributes} xml:space="preserve">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "line-editor.svg")
    home = tempfile.mkdtemp(prefix="sqlsh-shot-")
    try:
        s = ScreenSession(home, rows=24, columns=80, colour=True)
        s.prompt()
        s.run("create table orders(id integer primary key, customer text, total real);")
        s.run("insert into orders(customer, total) values ('Ada', 1200), ('Ada', 800.5), ('Linus', 4100);")
        s.send("\x0c")  # Ctrl-L: a clean screen for the picture
        s.wait_for(lambda s: s.screen.cursor.y == 0 and s.cursor_line() == "sqlsh>")
        s.type("select customer, round(sum(total), 2) as spent  -- per customer\r")
        s.wait_for(lambda s: s.cursor_line() == "  ...>")
        s.run("  from orders where total > 1e3 group by customer;")
        s.run("select uper(customer) from orders;")
        s.type("select cu")
        s.wait_for(lambda s: s.cursor_line().startswith("sqlsh> select customer, round"))
        rows = max(y for y, line in enumerate(s.lines()) if line) + 1
        with open(target, "w") as f:
            f.write(svg(s.screen, rows))
        s.close()
        print(f"wrote {target} ({rows} rows)")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
