import Foundation
import SQLshCatalog
import SQLshCore
import SQLshShell
import Testing

/// `.functions`, `.enable`, `.disable`, `.describe`, and the catalog across `.open`.
@Suite struct FunctionCatalogCommandsTests {
    /// Runs `input` in a shell on `:memory:` and returns (stdout, stderr).
    func run(_ input: String, shell existing: Shell? = nil) throws -> (out: String, err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-fn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("out").path, errPath = dir.appendingPathComponent("err").path
        let out = try OutputWriter(path: outPath), err = try OutputWriter(path: errPath)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out, standardError: err)
        _ = try shell.process(StringLineSource(input))
        out.flush(); err.flush()
        return (try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8))
    }

    @Test func functionsListsEveryFunctionOnALine() throws {
        let (out, err) = try run(".functions\n")
        #expect(err.isEmpty)
        let all = out.split(separator: "\n")
        // The built-in packs, then the shell's own pack (edit() and sqlite3's shell functions),
        // then SQLite's own functions.
        let lines = all.filter { !$0.contains(" sqlite/") }
        #expect(lines.count == ManPageTests.shellCatalog().functions.count + 8)
        #expect(all.prefix(lines.count) == lines[...])
        #expect(all.contains { $0.hasPrefix("json_extract ") && $0.contains(" sqlite/json ") })
        #expect(lines.contains { $0.hasPrefix("median ") && $0.contains(" stats ") && $0.contains(" window ") && $0.contains(" enabled ") })
        #expect(lines.suffix(8).allSatisfy { $0.contains(" shell ") })
        #expect(lines.contains { $0.hasPrefix("edit ") && $0.contains(" shell ") })
    }

    @Test func editIsTheShellPacksFunction() throws {
        let (out, err) = try run(".functions shell\n.describe edit\n")
        #expect(err.isEmpty)
        #expect(out.hasPrefix("edit "))
        #expect(out.contains("edit a value in a text editor"))
        #expect(out.contains("update notes set body = edit(body, 'vi')"))
    }

    @Test func functionsWithAPattern() throws {
        let (out, _) = try run(".functions regexp_*\n.functions m%length\n.functions stats\n")
        let names = out.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(names.prefix(9) == ["regexp_like", "regexp_substr", "regexp_capture", "regexp_replace",
                                    "regexp_extract", "regexp_extract_all", "regexp_matches", "maxLength", "minLength"])
        #expect(names.count == 9 + 32)  // the stats pack: 18 functions and sqlean's 14 stats_* names
    }

    @Test func functionsOnTheScreenIsATableGroupedByPack() throws {
        let (out, err) = try run(".mode pretty\n.functions percentile_9? \n.functions m%length\n")
        #expect(err.isEmpty)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("│ pack  │     name      │  kind  │ args │ state │"))
        #expect(lines[3].hasPrefix("│ stats │ percentile_90 │ window │ 1    │ on    │ the 90th percentile"))
        #expect(lines[4].hasPrefix("│       │ percentile_95 │"))
        #expect(lines[6] == lines[0].replacingOccurrences(of: "┌", with: "└").replacingOccurrences(of: "┬", with: "┴").replacingOccurrences(of: "┐", with: "┘"))
        #expect(out.contains("│       │ percentile_95 │"))
    }

    @Test func functionsOnTheScreenFitsTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-fn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let out = try OutputWriter(path: dir.appendingPathComponent("out").path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        shell.settings.mode = .pretty
        shell.settings.terminalWidth = 80
        _ = try shell.process(StringLineSource(".functions\n"))
        out.flush()
        let lines = try String(contentsOfFile: dir.appendingPathComponent("out").path, encoding: .utf8).split(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) == 80 })
        let rows = lines.filter { $0.hasPrefix("│") }
        // The heading, the catalog, the shell pack's 8 functions and SQLite's own functions.
        let sqliteCount = try run(".functions sqlite\n").out.split(separator: "\n").count
        #expect(sqliteCount > 100)
        #expect(rows.count == ManPageTests.shellCatalog().functions.count + 9 + sqliteCount)
        #expect(rows.contains { $0.hasPrefix("│ sqlite/json ") })
        #expect(rows.contains { $0.hasPrefix("│ text ") })
    }

    @Test func functionsWithoutAMatchSaysSo() throws {
        let (out, err) = try run(".functions nomatch\n")
        #expect(out.isEmpty)
        #expect(err == "No function or pack matches \"nomatch\" (.functions lists them all)\n")
    }

    @Test func disableAndEnable() throws {
        let (out, err) = try run("""
            .disable reverse stats
            select reverse('ab');
            select median(1);
            .functions reverse
            .enable reverse
            select reverse('ab');
            .enable stats
            select median(3);
            """)
        #expect(err.contains("no such function: reverse"))
        #expect(err.contains("no such function: median"))
        #expect(out == "reverse  text  scalar  1  disabled  reverse a string by grapheme cluster\nba\n3.0\n")
    }

    @Test func unknownNamesAndMissingArguments() throws {
        let (_, err) = try run(".disable nosuch\n.enable\n.describe\n.describe nosuch\n")
        #expect(err == """
            Error: no such function or pack: nosuch
            Usage: .enable NAME|PACK ...
            Usage: .describe NAME
            Error: no such function or pack: nosuch

            """)
    }

    @Test func describe() throws {
        let (out, _) = try run(".describe slugify\n")
        #expect(out.hasPrefix("slugify(text)  [text pack, scalar, deterministic, innocuous, enabled]\n  lowercase ASCII slug"))
        #expect(out.contains("  Example:\n    select slugify("))
        let (pack, _) = try run(".describe text\n")
        #expect(pack.hasPrefix("text pack: "))
        #expect(pack.split(separator: "\n").count == 1 + Catalog.builtIn().pack(named: "text")!.functions.count)
    }

    @Test func stateSurvivesANewConnection() throws {
        let shell = try Shell(connection: Connection(path: ":memory:"))
        _ = try shell.runDotCommand(line: ".disable slugify")
        try shell.replaceConnection(with: Connection(path: ":memory:"))  // what .open does
        #expect(throws: SQLiteError.self) { try shell.connection.execute("select slugify('a')") }
        _ = try shell.runDotCommand(line: ".enable slugify")
        #expect(try shell.connection.scalar("select slugify('A b')") == .text("a-b"))
    }

    @Test func stateSurvivesDotOpen() throws {
        let (out, err) = try run("""
            .disable reverse
            .open :memory:
            select reverse('ab');
            .enable reverse
            .open :memory:
            select reverse('cd');
            """)
        #expect(err.contains("no such function: reverse"))
        #expect(out == "dc\n")
    }

    @Test func helpDescribesACatalogFunction() throws {
        let (out, _) = try run(".help median\n.help nosuchthing\n")
        #expect(out.hasPrefix("median(x)  [stats pack, window, deterministic, innocuous, enabled]\n"))
        #expect(out.hasSuffix("Nothing matches 'nosuchthing'\n"))
    }
}
