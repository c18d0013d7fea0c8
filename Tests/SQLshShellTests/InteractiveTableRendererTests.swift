import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// The `pretty` mode (the interactive default).
@Suite struct InteractiveTableRendererTests {
    /// Runs `sql` in pretty mode with a terminal `width` columns wide; returns stdout.
    func render(_ sql: String, width: Int = 80, height: Int = 0, colour: Bool = false, nullValue: String = "",
                headers: Bool = true) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-pretty-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        shell.settings.mode = .pretty
        shell.settings.terminalWidth = width
        shell.settings.terminalHeight = height
        shell.settings.headers = headers
        shell.settings.colour = colour
        shell.settings.nullValue = nullValue
        _ = try shell.process(StringLineSource(sql))
        out.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func boxWithHeadersNumbersRightAligned() throws {
        let out = try render("select 1 as id, 'ann' as name, 2.5 as score union all select 100, 'bob', null;")
        #expect(out == """
            ┌─────┬──────┬───────┐
            │ id  │ name │ score │
            ├─────┼──────┼───────┤
            │   1 │ ann  │   2.5 │
            │ 100 │ bob  │ NULL  │
            └─────┴──────┴───────┘

            """)
    }

    @Test func wideCharactersMeasuredByDisplayWidth() throws {
        let out = try render("select '日本語' as w, 'é' as e;")
        #expect(out.contains("│ 日本語 │ é │"))
        #expect(out.contains("┌────────┬───┐"))
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("ｱ") == 1)  // halfwidth katakana
        #expect(DisplayWidth.of("Ａ") == 2)  // fullwidth A
    }

    @Test func longTextIsCutOnOneLineToFitTheTerminal() throws {
        let out = try render("select printf('%.*c', 500, 'x') as long, 'short' as s;", width: 40)
        #expect(out == """
            ┌──────────────────────────────┬───────┐
            │             long             │   s   │
            ├──────────────────────────────┼───────┤
            │ xxxxxxxxxxxxxxxxxxxxxxxxxxx… │ short │
            └──────────────────────────────┴───────┘

            """)
    }

    @Test func numbersAreNeverCut() throws {
        let out = try render("select 123456789012345678 as n, printf('%.*c', 100, 'y') as y;", width: 40)
        #expect(out.contains("│ 123456789012345678 │ yyyyyyyyyyyyyy… │\n"))
        #expect(out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) == 40 })
    }

    @Test func widthsComeFromEveryRowShown() throws {
        // The widest value is the last of 1,001 rows.
        let out = try render("select value * 1.5 as half from generate_series(1, 1001);", width: 80)
        #expect(out.hasSuffix("│ 1501.5 │\n└────────┘\n"))
        #expect(!out.contains("…"))
    }

    @Test func shortValuesAndHeaderWordsAreNeverSplit() throws {
        let out = try render("""
            select '2024-01-15 10:22:33' as "created at", 'a long description that will not fit in the room left' as description;
            """, width: 50)
        #expect(out == """
            ┌─────────────────────┬──────────────────────────┐
            │     created at      │       description        │
            ├─────────────────────┼──────────────────────────┤
            │ 2024-01-15 10:22:33 │ a long description that… │
            └─────────────────────┴──────────────────────────┘

            """)
    }

    @Test func middleColumnsAreHiddenAndNamed() throws {
        let columns = (1...30).map { "\($0) as column_\($0)" }.joined(separator: ", ")
        let out = try render("select \(columns);", width: 60)
        let lines = out.split(separator: "\n").map(String.init)
        // 52 columns wide: a third column (11 more) would not fit in 60.
        #expect(lines[1] == "│ column_1 │ column_2 │ … │ column_29 │ column_30 │")
        #expect(lines[3] == "│        1 │        2 │ … │        29 │        30 │")
        #expect(lines[5].hasPrefix("1 row · 30 columns (4 shown) · "))
        // The hidden names, folded to the 60 columns between names (a line ends after a `,`).
        let names = Array(lines[6...])
        #expect(names.joined(separator: " ")
                == "not shown: " + (3...28).map { "column_\($0)" }.joined(separator: ", ") + " · .last shows it all")
        #expect(names.count == 6 && names.allSatisfy { $0.count <= 60 }, "\(names)")
        #expect(names.dropLast().allSatisfy { $0.hasSuffix(",") })
    }

    @Test func aTallResultShowsItsFirstAndLastRowsAndAFooter() throws {
        let out = try render("select value as n from generate_series(1, 100000);", width: 80, height: 16)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(Array(lines[0..<9]) == ["┌────────┐", "│   n    │", "├────────┤", "│      1 │", "│      2 │",
                                         "│      3 │", "│      4 │", "│   ·    │", "│  99997 │"])
        #expect(Array(lines[9..<12]) == ["│  99998 │", "│  99999 │", "│ 100000 │"])
        #expect(lines[12] == "└────────┘")
        #expect(lines[13].hasPrefix("100,000 rows (8 shown) · "))
        #expect(lines[13].hasSuffix(" s · .last shows it all"))
        #expect(lines.count == 14)
    }

    @Test func aResultThatFitsTheScreenIsShownWhole() throws {
        let out = try render("select value as n from generate_series(1, 10);", width: 80, height: 16)
        // Ten rows, the borders and header, and the footer: with the prompt, 16 lines.
        #expect(out.split(separator: "\n").count == 10 + 4 + 1)
        #expect(out.hasSuffix(" s\n") && out.contains("10 rows · "))
        #expect(!out.contains("shown"))
    }

    @Test func everyKindOfValueSurvivesTheRingBuffer() throws {
        // A screen of 7 lines shows 2 of 4 rows: row 1 from the head, row 4 from a tail slot
        // that held the long row 2 before.
        let out = try render("""
            select x'00ff' as b, null as n, 'a' as t, 1 as i, 2.5 as r
            union all select x'', 'x', printf('%.*c', 3000, 'y'), -9223372036854775808, -1.5
            union all select x'02', 'z', 'z', 0, 0.0
            union all select x'01', 2, 'é', 9223372036854775807, 1e-300;
            """, width: 200, height: 7)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[3] == "│ X'00FF' │ NULL │ a │                   1 │      2.5 │")
        #expect(lines[4] == "│    ·    │  ·   │ · │          ·          │    ·     │")
        #expect(lines[5] == "│ X'01'   │    2 │ é │ 9223372036854775807 │ 1.0e-300 │")
        #expect(lines[7].hasPrefix("4 rows (2 shown) · "))
    }

    @Test func lastDrawsTheSameTableInTwoPasses() throws {
        // Without a pager `.last` prints the whole result; measured from the statement in a
        // first pass, it must come out as the screen drew it.
        let query = """
            select 1 as i, -20 as n, 2.5 as r, null as z, x'0102' as b, '日本' as w, 'a' || char(10) || 'bc' as m,
                   printf('%.*c', 90, 'x') as long
            union all select 123456, 0, -0.125, 'text', x'', 'é', '', 'y';
            """
        let out = try render(query + "\n.last\n", width: 80)
        let half = out.count / 2
        #expect(out.count % 2 == 0)
        #expect(String(out.prefix(half)) == String(out.suffix(half)))
        #expect(out.contains("│ xxxxxxxx"))
    }

    @Test func headersOffHidesTheHeaderRow() throws {
        #expect(try render("select 1 as a, 'x' as b;", headers: false) == """
            ┌───┬───┐
            │ 1 │ x │
            └───┴───┘

            """)
    }

    /// Reals in SQLite's format, with as many digits (15 to 17) as read back exactly.
    @Test func realsAreShownExactlyInSQLitesFormat() throws {
        #expect(try render("select 0.1 as a, 1e100 as b, -2.5 as c, 100.0 as d, 1/3.0 as e;", width: 120)
            .contains("│ 0.1 │ 1.0e+100 │ -2.5 │ 100.0 │ 0.3333333333333333 │"))
        #expect(try render("select 2634017266.9399724 as a, 23742.48 as b, 0.1 + 0.2 as c;", width: 120)
            .contains("│ 2634017266.9399724 │ 23742.48 │ 0.30000000000000004 │"))
    }

    @Test func layoutFitsNaturalShrinksThenHides() {
        #expect(TableLayout.fit(natural: [3, 5], minimum: [3, 1], available: 20)
                == TableLayout(shown: [0, 1], widths: [3, 5], gapPosition: nil))
        // 3 + 30 + 7 = 40 > 30: the long text column gives up room, down to its minimum.
        #expect(TableLayout.fit(natural: [3, 30], minimum: [3, 8], available: 30)
                == TableLayout(shown: [0, 1], widths: [3, 20], gapPosition: nil))
        // Minimums do not fit: the middle column is hidden, the first and last kept.
        let layout = TableLayout.fit(natural: [10, 10, 10], minimum: [10, 10, 10], available: 32)
        #expect(layout == TableLayout(shown: [0, 2], widths: [10, 10], gapPosition: 1))
        #expect(layout.hidden(of: 3) == [1])
    }

    @Test func footerNumbersAndTimes() {
        #expect(ResultFooter.count(1_000_000) == "1,000,000")
        #expect(ResultFooter.count(999) == "999")
        #expect(ResultFooter.duration(0.214) == "0.21 s")
        #expect(ResultFooter.duration(3.005) == "3.01 s" || ResultFooter.duration(3.005) == "3.00 s")
        #expect(ResultFooter.duration(75.2) == "75 s")
    }

    @Test func aLongFooterBreaksBetweenNamesNeverInsideOne() {
        let hidden = ["created_at", "updated_at", "status", "owner", "category", "priority", "amount", "currency"]
        let lines = ResultFooter.lines(rows: 1, shownRows: 1, columns: 15, shownColumns: 7, hidden: hidden,
                                       seconds: 0, hint: ".last shows it all", width: 80)
        #expect(lines == [
            "1 row · 15 columns (7 shown) · 0.00 s",
            "not shown: created_at, updated_at, status, owner, category, priority, amount,",
            "currency · .last shows it all",
        ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        // Without a width (a file), one line each; a name wider than the screen keeps its own line.
        #expect(ResultFooter.lines(rows: 1, shownRows: 1, columns: 15, shownColumns: 7, hidden: hidden,
                                   seconds: 0, hint: "").count == 2)
        #expect(ResultFooter.fold([("", "not shown: a"), (", ", String(repeating: "x", count: 30)), (", ", "b")], width: 20)
                == ["not shown: a,", String(repeating: "x", count: 30) + ",", "b"])
    }

    @Test func multiLineCellsAndControlCharacters() throws {
        let out = try render("select 'a' || char(10) || 'b' as t, 'x' || char(9) || 'y' as c;")
        #expect(out.contains("│ a │ x^Iy │"))
        #expect(out.contains("│ b │      │"))
    }

    @Test func nullValueAndColour() throws {
        #expect(try render("select null as n;", nullValue: "∅").contains("│ ∅ │"))
        let coloured = try render("select null as n;", colour: true)
        #expect(coloured.contains("\u{1B}[1mn\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[2mNULL\u{1B}[0m"))
    }

    @Test func blobsInHex() throws {
        #expect(try render("select x'00ff' as b;").contains("│ X'00FF' │"))
    }

    @Test func nothingWithoutRows() throws {
        #expect(try render("create table t(a);") == "")
        #expect(try render("create table t(a); select * from t;") == "")
    }

    @Test func manyRowsStreamAfterTheFirstBatch() throws {
        let out = try render("select value, 'v' || value from generate_series(1, 1200);")
        let rows = out.split(separator: "\n").filter { $0.hasPrefix("│") }
        #expect(rows.count == 1201)
        #expect(out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) == DisplayWidth.of(String(out.split(separator: "\n")[0])) })
    }
}
