import Foundation
import SQLshCatalog
import SQLshFiles
import Testing

/// The FUNCTIONS section of man/sqlsh.1 is generated from the catalog's metadata
/// (`Catalog.manSection()`), so the manual cannot drift from the functions: the shell's
/// catalog, the built-in packs and the files subsystem's.
///
/// After changing the catalog, regenerate it with:
///     SQLSH_WRITE_MAN=1 swift test --filter ManPageTests
@Suite(.serialized) struct ManPageTests {
    static let manPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("man/sqlsh.1").path

    /// The page split around its FUNCTIONS section: (before, section, after).
    func split(_ page: String) -> (String, String, String)? {
        guard let start = page.range(of: "\n.Sh FUNCTIONS\n") else { return nil }
        let sectionStart = page.index(after: start.lowerBound)
        let rest = page[start.upperBound...]
        let end = rest.range(of: "\n.Sh ").map { page.index(after: $0.lowerBound) } ?? page.endIndex
        return (String(page[..<sectionStart]), String(page[sectionStart..<end]), String(page[end...]))
    }

    /// The catalog as the shell has it.
    static func shellCatalog() -> Catalog {
        let catalog = Catalog.builtIn()
        FileTablesSubsystem.addPack(to: catalog)
        return catalog
    }

    @Test func functionsSectionMatchesTheCatalog() throws {
        var page = try String(contentsOfFile: Self.manPath, encoding: .utf8)
        let expected = Self.shellCatalog().manSection()
        if ProcessInfo.processInfo.environment["SQLSH_WRITE_MAN"] == "1" {
            if let (before, _, after) = split(page) {
                page = before + expected + after
            } else if let description = page.range(of: "\n.Sh DESCRIPTION\n") {
                // First time: after DESCRIPTION.
                let rest = page[description.upperBound...]
                let end = rest.range(of: "\n.Sh ").map { page.index(after: $0.lowerBound) } ?? page.endIndex
                page = String(page[..<end]) + (end == page.endIndex && !page.hasSuffix("\n") ? "\n" : "") + expected + String(page[end...])
            }
            try page.write(toFile: Self.manPath, atomically: true, encoding: .utf8)
        }
        guard let (_, section, _) = split(page) else {
            Issue.record("man/sqlsh.1 has no FUNCTIONS section; run SQLSH_WRITE_MAN=1 swift test --filter ManPageTests")
            return
        }
        #expect(section == expected, "man/sqlsh.1 FUNCTIONS is out of date; run SQLSH_WRITE_MAN=1 swift test --filter ManPageTests")
    }

    @Test func everyFunctionAppearsInTheManual() throws {
        let page = try String(contentsOfFile: Self.manPath, encoding: .utf8)
        let missing = Self.shellCatalog().functions.filter { function in
            let item = function.kind == .collation ? ".It Cm COLLATE \(function.name)" : ".It Fn \(function.name)"
            return !page.contains(item + " ") && !page.contains(item + "\n")
        }.map(\.name)
        #expect(missing == [], "missing from man/sqlsh.1")
    }
}
