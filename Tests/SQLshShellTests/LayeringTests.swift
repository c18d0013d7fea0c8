import Foundation
import Testing

/// SQLshCore is the one binding to SQLite. The compiler keeps the layers: only SQLshCore (and
/// its tests) depend on `CSQLite` in Package.swift, and no C name of SQLite is visible without
/// importing the module. What the compiler does not stop is an `import CSQLite` above the
/// core (SwiftPM hands every target its dependencies' module maps): this test does.
@Suite struct LayeringTests {
    /// `Sources/` of this package.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test(arguments: ["SQLshCatalog", "SQLshShell", "SQLshLineEditor", "sqlsh", "SQLshJSON", "SQLshPluginSDK"])
    func noTargetAboveTheCoreImportsCSQLite(target: String) throws {
        let folder = Self.sources.appendingPathComponent(target)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("import CSQLite") && !line.hasPrefix("//") {
                Issue.record("\(target)/\(file) imports CSQLite: use SQLshCore (extend it if needed)")
            }
        }
    }
}
