import Foundation
@testable import SQLshShell
import Testing

/// Abbreviations resolve as in sqlite3 3.40.1, `.help` is generated from the commands, and
/// the manual lists every command.
@Suite(.serialized) struct DotCommandRegistryTests {
    func resolved(_ typed: String) -> String? { DotCommandRegistry.command(named: typed)?.name }

    @Test func abbreviationsFollowSQLite3sOrder() {
        #expect(resolved("d") == "dump")
        #expect(resolved("da") == "databases")
        #expect(resolved("du") == "dump")
        #expect(resolved("sh") == "shell")
        #expect(resolved("sy") == "system")
        #expect(resolved("sha3") == "sha3sum")
        #expect(resolved("sha") == nil)
        #expect(resolved("in") == "indexes")
        #expect(resolved("indices") == "indexes")
        #expect(resolved("ta") == "tables")
        #expect(resolved("t") != "tables")
        #expect(resolved("limits") == "limit")
        #expect(resolved("lim") == nil)
        #expect(resolved("lo") == "load")
        #expect(resolved("log") == "log")
        #expect(resolved("op") == "open")
        #expect(resolved("o") != "open")
        #expect(resolved("bac") == "backup")
        #expect(resolved("ba") == nil)
        #expect(resolved("sav") == "save")
        #expect(resolved("res") == "restore")
        #expect(resolved("re") == "recover")  // as in sqlite3
        #expect(resolved("c") == "clone")
        #expect(resolved("cd") == "cd")
        #expect(resolved("i") == "import")
        #expect(resolved("pri") == "print")
        #expect(resolved("p") == "prompt")
        #expect(resolved("sch") == "schema")
        #expect(resolved("s") == "scanstats")
        #expect(resolved("st") == "stats")
        #expect(resolved("f") == "filectrl")
        #expect(resolved("fu") == "fullschema")
        #expect(resolved("nonce") == "nonce")
        #expect(resolved("non") == nil)
        #expect(resolved("dumpx") == nil)
        #expect(resolved("") == nil)
    }

    @Test func everyCommandResolvesByItsFullName() {
        for command in DotCommandRegistry.all {
            #expect(resolved(command.name) == command.name, "\(command.name)")
            for alias in command.aliases { #expect(resolved(alias) == command.name, "\(alias)") }
        }
    }

    @Test func helpLinesPutTheSummaryInColumn26() {
        for command in DotCommandRegistry.all {
            let usage = command.usage
            #expect(usage.hasPrefix("." + command.name), "\(command.name): usage starts with the name")
            #expect(!command.summary.isEmpty, "\(command.name) has a summary")
        }
    }

    @Test
    func helpMatchesSQLite3ForSharedCommands() throws {
        for pattern in ["dump", "import", "open", "schema", "sh", "tables", "limit", "xyz", "sha3sum", "backup", "stats"] {
            let (ours, theirs) = try DotCommandComparison.run(".help \(pattern)\n")
            // Commands sqlsh lacks (.show before it lands, .sha3sum's neighbours) can only remove lines.
            let ourLines = Set(ours.out.split(separator: "\n", omittingEmptySubsequences: false))
            let theirLines = Set(theirs.out.split(separator: "\n", omittingEmptySubsequences: false))
            #expect(ourLines.isSubset(of: theirLines), "\(pattern): \(ourLines.subtracting(theirLines))")
            #expect(ours.status == theirs.status)
        }
        let (ours, theirs) = try DotCommandComparison.run(".help dump\n.help import\n.help schema\n.help xyz\n")
        #expect(ours == theirs)
    }

    static let manPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("man/sqlsh.1").path

    /// The DOT-COMMANDS section of man/sqlsh.1 is `DotCommandRegistry.manSection()`;
    /// regenerate it with `SQLSH_WRITE_MAN=1 swift test --filter DotCommandRegistryTests`.
    @Test func manPageSectionIsGeneratedFromTheRegistry() throws {
        var page = try String(contentsOfFile: Self.manPath, encoding: .utf8)
        let expected = DotCommandRegistry.manSection()
        let marker = "\n.Sh DOT-COMMANDS\n"
        if ProcessInfo.processInfo.environment["SQLSH_WRITE_MAN"] == "1" {
            if let start = page.range(of: marker) {
                let rest = page[start.upperBound...]
                let end = rest.range(of: "\n.Sh ").map { page.index(after: $0.lowerBound) } ?? page.endIndex
                page = String(page[...start.lowerBound]) + expected + String(page[end...])
            } else if let functions = page.range(of: "\n.Sh FUNCTIONS\n") {
                page = String(page[...functions.lowerBound]) + expected + String(page[page.index(after: functions.lowerBound)...])
            } else {
                page += (page.hasSuffix("\n") ? "" : "\n") + expected
            }
            try page.write(toFile: Self.manPath, atomically: true, encoding: .utf8)
        }
        guard let start = page.range(of: marker) else {
            Issue.record("man/sqlsh.1 has no DOT-COMMANDS section; run SQLSH_WRITE_MAN=1 swift test --filter DotCommandRegistryTests")
            return
        }
        let rest = page[start.upperBound...]
        let end = rest.range(of: "\n.Sh ").map { page.index(after: $0.lowerBound) } ?? page.endIndex
        let section = String(page[page.index(after: start.lowerBound)..<end])
        #expect(section == expected, "man/sqlsh.1 DOT-COMMANDS is out of date; run SQLSH_WRITE_MAN=1 swift test --filter DotCommandRegistryTests")
    }

    @Test func everyRegisteredCommandAppearsInTheManual() throws {
        let page = try String(contentsOfFile: Self.manPath, encoding: .utf8)
        for command in DotCommandRegistry.all {
            #expect(page.contains(".It Ic \"." + command.name), ".\(command.name) missing from man/sqlsh.1")
        }
    }
}

/// Each dot-command's abbreviation rule is stated once: sqlite3's commands in
/// `SQLite3CommandOrder`, sqlsh's own with their `minimumPrefix`.
struct AbbreviationRuleTests {
    @Test func sqlite3sCommandsTakeTheirRuleFromItsOrderOnly() {
        for command in DotCommandRegistry.all where SQLite3CommandOrder.knows(command.name) {
            #expect(command.minimumPrefix == command.name.count,
                    ".\(command.name) declares minimumPrefix; its rule is SQLite3CommandOrder's")
        }
    }

    @Test func abbreviationsResolveAsInSQLite3() {
        for (typed, name) in [("h", "headers"), ("s", "scanstats"), ("sh", "shell"), ("c", "clone"), ("d", "dump"),
                              ("op", "open"), ("indices", "indexes"), ("limits", "limit"), ("func", "functions")] {
            #expect(DotCommandRegistry.command(named: typed)?.name == name, ".\(typed)")
        }
        #expect(DotCommandRegistry.command(named: "o") == nil || DotCommandRegistry.command(named: "o")?.name != "open")
        #expect(DotCommandRegistry.command(named: "ce") == nil)  // .cd is exact
    }
}
