import Foundation
import SQLshCore
import SQLshShell
import Testing

/// The `pretty` mode (the interactive default).
@Suite struct InteractiveTableRendererTests {
    /// Runs `sql` in pretty mode with a terminal `width` columns wide; returns stdout.
    func render(_ sql: String, width: Int = 80, colour: Bool = false, nullValue: String = "") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-pretty-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        shell.settings.mode = .pretty
        shell.settings.terminalWidth = width
        shell.settings.colour = colour
        shell.settings.nullValue = nullValue
        _ = shell.process(StringLineSource(sql))
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

    @Test func fitsTheTerminalWidthWithVisibleMarkers() throws {
        let out = try render("select printf('%.*c', 500, 'x') as long, 'short' as s;", width: 40)
        let lines = out.split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 40 })
        #expect(out.contains("…"))
        #expect(lines.filter { $0.hasPrefix("│ x") }.count == InteractiveTableRenderer.maxLinesPerCell)
    }

    @Test func wrapsAtSpaces() throws {
        let out = try render("select 'the quick brown fox jumps over the lazy dog' as t, 1 as n;", width: 24)
        #expect(out.contains("│ the quick brown  │ 1 │\n"))
        #expect(out.contains("│ fox jumps over   │   │\n"))
        #expect(!out.contains("…"))
    }

    @Test func numbersAreCutNotWrapped() throws {
        let out = try render("select 123456789012345678 as n, printf('%.*c', 100, 'y') as y;", width: 20)
        #expect(out.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 20 })
        #expect(out.contains("…"))
    }

    @Test func tooManyColumnsAreNamed() throws {
        let columns = (1...30).map { "\($0) as column_\($0)" }.joined(separator: ", ")
        let out = try render("select \(columns);", width: 60)
        #expect(out.split(separator: "\n").filter { !$0.hasPrefix("(") }.allSatisfy { DisplayWidth.of(String($0)) <= 60 })
        #expect(out.contains("│ column_1 │"))
        #expect(out.contains("more columns not shown: "))
        #expect(out.contains("column_30"))
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
