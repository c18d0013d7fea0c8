import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// Input as if typed at the prompt (footers and the other prompt-only output apply); the
/// prompt itself is not written.
final class TypedLineSource: LineSource {
    private let lines: StringLineSource
    let isInteractive = true
    init(_ text: String) { lines = StringLineSource(text) }
    func readLine(prompt: String) -> [UInt8]? { lines.readLine(prompt: prompt) }
}

/// Runs `input` as typed at the prompt in `pretty` mode without colour, on a terminal `width`
/// by `height`; returns standard output and standard error.
func runTyped(_ input: String, width: Int = 80, height: Int = 40,
              _ configure: (Shell) -> Void = { _ in }) throws -> (out: String, err: String) {
    try runAtPrompt(input, width: width, height: height, typed: true) { shell in
        shell.settings.colour = false
        configure(shell)
    }
}

/// Issue 38: what the prompt shows.
@Suite struct PromptScreenTests {
    /// The values of the first column of the table's rows (after the header).
    func firstColumn(_ out: String) -> [String] {
        out.split(separator: "\n").filter { $0.hasPrefix("│") }.dropFirst()
            .map { $0.split(separator: "│")[0].trimmingCharacters(in: .whitespaces) }
    }

    let noTypes: (Shell) -> Void = { $0.settings.columnTypes = false }

    @Test func maxrowsShowsThatManyRowsHeadAndTail() throws {
        let out = try runAtPrompt(".maxrows 6\nselect value as n from generate_series(1, 100);", noTypes).out
        #expect(firstColumn(out) == ["1", "2", "3", "·", "98", "99", "100"], "\(out)")
        let fits = try runAtPrompt(".maxrows 6\nselect value as n from generate_series(1, 6);", noTypes).out
        #expect(firstColumn(fits) == ["1", "2", "3", "4", "5", "6"], "\(fits)")
        let typed = try runTyped(".maxrows 6\nselect value as n from generate_series(1, 100);").out
        #expect(typed.contains("100 rows (6 shown) · "), "\(typed)")
        // A terminal shorter than that still wins.
        let short = try runAtPrompt(".maxrows 50\nselect value as n from generate_series(1, 100);", height: 12, noTypes).out
        #expect(firstColumn(short).count == 4 + 1, "\(short)")
    }

    @Test func anEmptyResultShowsItsHeader() throws {
        let out = try runTyped("create table t(a integer, name text);\nselect * from t;", noTypes).out
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(out)")
        #expect(lines[0] == "┌───┬──────┐")
        #expect(lines[1] == "│ a │ name │")
        #expect(lines[2] == "└───┴──────┘")
        #expect(lines[3].hasPrefix("0 rows · "))
        let types = try runTyped("create table t(a integer, name text);\nselect * from t;") {
            $0.settings.columnTypes = true
        }.out
        #expect(types.contains("│ integer │ text │"), "\(types)")
        #expect(types.contains("0 rows · "))
        // Batch output stays sqlite3's: nothing.
        #expect(try runAtPrompt("create table t(a);\nselect * from t;", height: 40).out == "")
    }

    @Test func timerAtThePromptShowsOneTiming() throws {
        let out = try runTyped(".timer on\nselect 1 as n;\nselect 1 as n where 0;").out
        #expect(!out.contains("Run Time"), "\(out)")
        #expect(out.range(of: #"1 row · \d+\.\d\d s · user \d+\.\d{3} s, sys \d+\.\d{3} s"#, options: .regularExpression) != nil,
                "\(out)")
        #expect(out.contains("0 rows · "))
        // Without a footer (a statement that returns nothing), sqlite3's line stays.
        #expect(try runTyped(".timer on\ncreate table t(a);").out.hasPrefix("Run Time: real "))
        // Batch: sqlite3's line, as sqlite3 prints it.
        let batch = try runAtPrompt(".timer on\nselect 1 as n;", height: 40).out
        #expect(batch.contains("Run Time: real "), "\(batch)")
    }

    @Test func theBannerSaysWhichDatabaseIsOpen() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-banner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("shop.db").path
        try Connection(path: path).execute("create table a(x); create table b(x); create table c(x);")
        let shell = Shell(path: path)
        #expect(SessionBanner.text(shell: shell, transientDatabase: false).hasSuffix("Connected to \(path) (3 tables).\n"))
        // A file not there yet is not created.
        let new = dir.appendingPathComponent("new.db").path
        #expect(SessionBanner.databaseLine(Shell(path: new)) == "Connected to \(new) (a new database).\n")
        #expect(!FileManager.default.fileExists(atPath: new))
        #expect(!SessionBanner.text(shell: Shell(path: ":memory:"), transientDatabase: true).contains("Connected to :memory:"))
    }

    @Test func writesSayHowManyRowsTheyWrote() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-written-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("people.csv").path
        try "name,age\nann,31\nbob,42\ncy,7\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let out = try runTyped("""
            create table s as select value as n from generate_series(1, 100);
            create table t(n);
            insert into t select n from s where n <= 40;
            .import --infer \(csv) people
            create table if not exists s as select 1;
            """).out
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(out)")
        #expect(lines[0].hasPrefix("100 rows written · "), "\(out)")
        #expect(lines[1].hasPrefix("40 rows changed · "), "\(out)")
        #expect(lines[2].hasPrefix("3 rows written · "), "\(out)")
        // Batch: nothing, as sqlite3.
        #expect(try runAtPrompt("create table s as select 1 as n;", height: 40).out == "")
    }

    @Test(arguments: [
        ("create table t as select 1", #""t""#), ("CREATE TEMP TABLE main.\"a b\" AS select 1", #""main"."a b""#),
        ("/* x */ create table [t x] as values(1)", #""t x""#), ("create table `q``t` as select 1", #""q`t""#),
        ("create table t(a)", nil), ("create table if not exists t as select 1", nil), ("select 1", nil),
        ("create view v as select 1", nil),
    ])
    func createdTable(sql: String, expected: String?) {
        #expect(ChangeFooter.createdTable(sql) == expected, "\(sql)")
    }

    @Test func aWrongArgumentCountShowsTheSignature() throws {
        let err = try runTyped("select slugify();\nselect substr('a');\nselect nosuch(1);").err
        let lines = err.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("wrong number of arguments to function slugify()") }, "\(err)")
        #expect(lines.contains("usage: slugify(text)"), "\(err)")
        #expect(lines.contains { $0.hasPrefix("usage: substr(") }, "\(err)")
        // Batch: sqlite3's message alone.
        #expect(!(try runAtPrompt("select slugify();").err.contains("usage:")))
    }
}

