import Foundation
import Testing

/// The README is a guide that links to where the reference lives: the man page, the DocC
/// catalog, Benchmarks/README.md, docs/*.md and CHANGELOG.md. These tests keep it short, keep
/// its quick start at two commands, and check that every relative link of those Markdown files
/// (and every `#anchor` into a Markdown file) resolves.
@Suite struct DocumentationTests {
    static let root = ShellRunner.packageRoot

    /// The Markdown files whose links are checked, relative to the package root.
    static func markdownFiles() throws -> [String] {
        var files = ["README.md", "CHANGELOG.md", "Benchmarks/README.md"]
        for folder in ["docs", "Sources/SQLshCore/SQLshCore.docc"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
        }
        return files
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsAGuideOfAtMost400Lines() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400, "README.md has \(lines.count) lines: move reference to the man page, DocC, Benchmarks/ or docs/")
    }

    @Test func theQuickStartIsTwoCommands() throws {
        let readme = try Self.read("README.md")
        let section = try #require(readme.components(separatedBy: "## Quick start").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = block.split(separator: "\n").map { line in
            (line.components(separatedBy: "#").first ?? "").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        #expect(commands == ["make run", "make test"])
    }

    @Test func theReadmeLinksToEveryPlaceTheReferenceWent() throws {
        let targets = Set(try Self.links(in: Self.read("README.md")).map { $0.components(separatedBy: "#")[0] })
        var expected = ["man/sqlsh.1", "Benchmarks/README.md", "CHANGELOG.md", "docs/line-editor.svg",
                        "Sources/SQLshCore/SQLshCore.docc/SQLshCore.md"]
        let notes = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        expected += notes.filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for target in expected {
            #expect(targets.contains(target), "README.md does not link to \(target)")
        }
    }

    @Test func everyRelativeLinkResolves() throws {
        let files = try Self.markdownFiles()
        #expect(files.count > 10)
        for file in files {
            let folder = (file as NSString).deletingLastPathComponent
            for link in try Self.links(in: Self.read(file)) {
                if link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("doc:") { continue }
                let parts = link.components(separatedBy: "#")
                let path = parts[0].isEmpty ? file : (folder.isEmpty ? parts[0] : folder + "/" + parts[0])
                let normalized = (path as NSString).standardizingPath
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(normalized).path, isDirectory: &isFolder)
                #expect(exists, "\(file): link \(link) names \(normalized), which does not exist")
                if exists, parts.count > 1, normalized.hasSuffix(".md") {
                    let anchors = Self.anchors(in: try Self.read(normalized))
                    #expect(anchors.contains(parts[1]), "\(file): link \(link): \(normalized) has no heading #\(parts[1])")
                }
            }
        }
    }

    /// The man page names the design notes it defers to; they must exist.
    @Test func theManPageNamesDocsThatExist() throws {
        let page = try Self.read("man/sqlsh.1")
        let named = page.split(separator: "\n").filter { $0.hasPrefix(".Pa docs/") }
            .map { String($0.dropFirst(4).split(separator: " ")[0]) }
        #expect(!named.isEmpty)
        for path in named {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path), "man/sqlsh.1 names \(path)")
        }
    }

    /// ReadmeExampleTests and RecordReadmeTests compile the DocC articles' examples; the
    /// articles must still hold them.
    @Test func theDocCArticlesHoldTheExamplesTheCoreTestsRun() throws {
        let guide = try Self.read("Sources/SQLshCore/SQLshCore.docc/EmbeddingGuide.md")
        #expect(guide.contains("struct Median: WindowAggregate"))
        #expect(guide.contains("print(total.double(at: 0)) // 11880.0"))
        let records = try Self.read("Sources/SQLshCore/SQLshCore.docc/Records.md")
        #expect(records.contains("struct Player: Codable"))
        #expect(records.contains("let players = try db.fetchAll(Player.self"))
    }

    @Test func linksAndAnchorsAreReadAsGitHubReadsThem() {
        let text = """
            See [a](docs/a.md#the-c-abi) and ![b](x.svg) and `[c](not-a-link)`.
            ```swift
            let x = [d](e)
            ```
            ## Against sqlean's C
            ### The `SQLshCore` library
            """
        #expect(Self.links(in: text) == ["docs/a.md#the-c-abi", "x.svg"])
        #expect(Self.anchors(in: text) == ["against-sqleans-c", "the-sqlshcore-library"])
    }

    /// The targets of `[text](target)` and `![alt](target)` links outside code.
    static func links(in text: String) -> [String] {
        var links: [String] = []
        var inFence = false
        var buffer = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            // Inline code spans hold no links.
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            buffer += pieces.enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined(separator: " ") + "\n"
        }
        // A link's text may span lines (the README's picture); its target does not.
        var rest = Substring(buffer)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            let target = after[..<close]
            if !target.contains(" "), !target.contains("\n"), !target.isEmpty { links.append(String(target)) }
            rest = after[close...]
        }
        return links
    }

    /// The anchors GitHub makes of a Markdown file's headings: lowercased, punctuation other
    /// than hyphens and underscores dropped, spaces made hyphens.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            let slug = String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
            anchors.insert(slug)
        }
        return anchors
    }
}
