"""The interactive shell as a person sees it: a pexpect session whose output also feeds a pyte
terminal emulator, so that tests assert on the rendered screen (libedit redraws with cursor
moves, so the raw bytes do not show what is on the screen).

Synchronisation is on conditions, never on fixed sleeps: `wait_for` reads output until the
screen satisfies the condition (or the generous timeout of a loaded CI machine passes).

    class MyTests(ScreenTestCase):
        def test_something(self):
            s = self.start_screen(columns=80)
            s.run("select 1 as one;")
            self.assertIn("│ one │", s.text())
"""
import time

import pexpect
import pyte

from test_interactive import PROMPT, TIMEOUT, InteractiveTestCase, Session


class _Tee:
    """A pexpect logfile that hands everything read to several sinks."""

    def __init__(self, *sinks):
        self.sinks = sinks

    def write(self, data):
        for sink in self.sinks:
            sink(data)

    def flush(self):
        pass


class ScreenSession(Session):
    """A Session whose output is also rendered on a pyte screen of the same size."""

    def __init__(self, home, args=(), rows=24, columns=100, **kwargs):
        self.rows, self.columns = rows, columns
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.Stream(self.screen)
        super().__init__(home, args, columns=columns, **kwargs)
        if rows != 24:
            self.child.setwinsize(rows, columns)

    def record(self):
        super().record()
        self.child.logfile_read = _Tee(self.transcript.write, self.stream.feed)

    def lines(self):
        """The screen's lines, trailing spaces removed."""
        return [line.rstrip() for line in self.screen.display]

    def text(self):
        """The screen as text, one line per row, trailing empty rows removed."""
        return "\n".join(self.lines()).rstrip("\n")

    def cursor_line(self):
        """The line the cursor is on."""
        return self.lines()[self.screen.cursor.y]

    def wait_for(self, condition, timeout=TIMEOUT):
        """Reads output until `condition` holds: a string to find on the screen, or a function
        of this session returning a truthy value. Returns the screen text."""
        check = (lambda s: condition in s.text()) if isinstance(condition, str) else condition
        deadline = time.monotonic() + timeout
        while not check(self):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {condition!r}; screen:\n{self.text()}")
            try:
                self.child.read_nonblocking(size=65536, timeout=0.1)
            except pexpect.TIMEOUT:
                pass
        return self.text()

    def type(self, text):
        """Types text (no Enter)."""
        self.send(text)

    def resize(self, rows, columns):
        self.screen.resize(rows, columns)
        self.rows, self.columns = rows, columns
        super().resize(rows, columns)


class ScreenTestCase(InteractiveTestCase):
    def start_screen(self, *args, rows=24, columns=100, **kwargs):
        """Starts sqlsh on a rows x columns screen and waits for its first prompt."""
        session = ScreenSession(self.home, args, rows=rows, columns=columns, **kwargs)
        self.sessions.append(session)
        session.prompt()
        return session
