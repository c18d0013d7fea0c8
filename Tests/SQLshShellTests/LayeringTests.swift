import Foundation
import Testing

/// SQLshCore is the one binding to SQLite. The compiler keeps the layers: only SQLshCore (and
/// its tests) depend on `CSQLite` in Package.swift, and no C name of SQLite is visible without
/// importing the module. What the compiler does not stop is an `import CSQLite` above the
/// core (SwiftPM hands every target its dependencies' module maps): this test does. It also
/// keeps the WebAssembly host (`SQLshWasm`, inside `libsqlsh_wasm.so`) on the core and WasmKit
/// alone, so that the shell's layers never end up in the library the shell dlopens.
@Suite struct LayeringTests {
    /// `Sources/` of this package.
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    @Test(arguments: ["SQLshCatalog", "SQLshShell", "SQLshLineEditor", "sqlsh", "SQLshJSON", "SQLshPluginSDK", "SQLshWasm"])
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

    /// What `SQLshWasm` may import: the core's function API and the interpreter, plus the C
    /// library and the standard library's `Synchronization`. Not the catalog, the shell, the
    /// plugin SDK or Foundation.
    static let wasmHostImports: Set<String> = ["SQLshCore", "WasmKit", "Glibc", "Darwin", "Synchronization"]

    @Test func theWasmHostImportsOnlyTheCoreAndWasmKit() throws {
        let folder = Self.sources.appendingPathComponent("SQLshWasm")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path))
        var seen: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder.path + "/" + file, encoding: .utf8)
            for module in Self.importedModules(text) {
                seen.insert(module)
                #expect(Self.wasmHostImports.contains(module),
                        "SQLshWasm/\(file) imports \(module): SQLshWasm may import only SQLshCore and WasmKit")
            }
        }
        // The scan found the imports it should: an empty result would pass for a broken parser.
        #expect(seen.isSuperset(of: ["SQLshCore", "WasmKit"]))
    }

    @Test func importedModulesAreReadFromEveryForm() {
        let text = """
            import SQLshCore
            @_spi(Fuzzing) import WasmKit
            internal import Glibc
            @preconcurrency public import struct Foundation.Date
            // import SQLshShell
            /// import SQLshCatalog
            let s = "import CSQLite"
            """
        #expect(Self.importedModules(text) == ["SQLshCore", "WasmKit", "Glibc", "Foundation"])
    }

    /// The modules a Swift file's import declarations name, in order: attributes, an access
    /// level and an import kind (`struct`, `func`...) may come first; comments are skipped.
    static func importedModules(_ text: String) -> [String] {
        let prefixes: Set<Substring> = ["public", "package", "internal", "fileprivate", "private",
                                        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        var modules: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            while let first = words.first, first != "import", prefixes.contains(first) { words = words.dropFirst() }
            guard words.first == "import", let path = words.dropFirst().first(where: { !prefixes.contains($0) }) else { continue }
            if let module = path.split(separator: ".").first { modules.append(String(module)) }
        }
        return modules
    }
}
