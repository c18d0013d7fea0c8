import Testing
import SQLshShell

/// Output-mode cases where a randomized differential run (random tables, values, modes and
/// options through `sqlite3` and `sqlsh`) once found a difference, kept as byte-for-byte
/// comparisons with sqlite3.
@Suite("Output modes: differential findings against sqlite3")
struct ModeFindingsTests {
    static let columnar = ["column", "table", "box", "markdown"]

    /// A cell starting with a UTF-8 continuation byte: sqlite3 counts it as a character when
    /// wrapping (`translateForDisplayAndDup`) but not when measuring the width (`strlenChar`).
    @Test("invalid UTF-8 starting with a continuation byte",
          arguments: columnar)
    func leadingContinuationByte(mode: String) throws {
        let input = """
            .mode \(mode)
            select x'8bd169' as a, x'8bd1' as b, x'8b8b' as c, 'x' || x'8b' as d, x'd169' as e;
            select cast(x'8bd169' as text) as a, x'80' as "b";
            .mode \(mode) --wrap 2
            select x'8bd169' as a, x'8b8b8b41' as b;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    /// `.width 2147483648` is -2147483648 in sqlite3's int, which has no absolute value: the
    /// minimum width loses to every cell, and the column wraps after one character (as does
    /// `--wrap 2147483648`). Once printed 2 GB of padding here.
    @Test(".width and --wrap of -2147483648",
          arguments: columnar, ["", "--wrap 2147483648", "--wrap 4294967299", "--wrap 5 --ww"])
    func intMinWidth(mode: String, options: String) throws {
        var input = ".mode \(mode) \(options)\n"
        for widths in ["-10 2147483648", "2147483648 -2147483648", "-2147483648 5", "0 0 2147483648", "-3 1 2147483648"] {
            input += """
                .width \(widths)
                select 1 as a, 'hello world' as b, 'hello world foo' as c;
                select 'x' as a;

                """
        }
        input += ".headers off\nselect 'ab cd' as a, 'a' as b;\n.show\n"
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }

    /// `.explain on` prints values as C strings: text and blobs end at their first NUL.
    @Test(".explain on: values cut at NUL",
          arguments: ["list", "column", "box"])
    func explainOnNul(mode: String) throws {
        let input = """
            .mode \(mode)
            .explain on
            select 'x' as p, zeroblob(3) as z, x'00' as n, 'a' || char(0) || 'b' as t, cast(x'410042' as text) as u;
            .explain off
            select 'x' as p, zeroblob(3) as z;

            """
        let (ours, theirs) = try RenderingComparison.run(input)
        #expect(ours == theirs)
    }
}
