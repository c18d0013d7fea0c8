import Foundation
import SQLshLineEditor
import Testing

/// The man page's list of keys agrees with the binding table.
@Suite struct KeyBindingsTests {
    /// The `.It` labels of the man page's list of the keys sqlsh adds to editline's emacs
    /// bindings.
    private func manPageLabels() throws -> [String] {
        let root = URLPath.repositoryRoot(from: #filePath)
        let page = try String(contentsOfFile: root + "/man/sqlsh.1")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let intro = try #require(lines.firstIndex(where: { $0.hasSuffix("emacs bindings:") }))
        var labels: [String] = []
        for line in lines[(intro + 1)...] {
            if line.hasPrefix(".El") { break }
            if line.hasPrefix(".It ") { labels.append(String(line.dropFirst(4))) }
        }
        return labels
    }

    @Test func manPageListsExactlyTheDocumentedFunctions() throws {
        let labels = try manPageLabels()
        #expect(!labels.isEmpty)
        #expect(Set(labels) == Set(KeyBindings.functions.compactMap(\.manLabel)))
        #expect(labels.count == Set(labels).count)
    }

    @Test func everyKeyTheManPageNamesIsBoundToItsFunction() throws {
        for function in KeyBindings.functions {
            guard let label = function.manLabel else { continue }
            let bound = Set(KeyBindings.bindings.filter { $0.function == function.name && $0.keymap == .emacs || $0.function == function.name && $0.keymap == .always }.map(\.key))
            for key in label.components(separatedBy: ", ") {
                #expect(bound.contains(key), "\(key) is not bound to \(function.name)")
            }
        }
    }

    @Test func everyBoundSqlshFunctionExists() {
        let names = Set(KeyBindings.functions.map(\.name))
        for binding in KeyBindings.bindings where binding.function.hasPrefix("sqlsh-") {
            #expect(names.contains(binding.function), "\(binding.function)")
        }
        #expect(names.count == KeyBindings.functions.count)
    }
}

/// Paths relative to this source file.
enum URLPath {
    /// The repository's root: two folders above `Tests/SQLshLineEditorTests/`.
    static func repositoryRoot(from file: String) -> String {
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }
}

/// The line editor library stays apart from libedit and the terminal (the executable's
/// adapter has them).
@Suite struct EditorLayeringTests {
    @Test func noLibeditOrTerminalCallsInTheLibrary() throws {
        let folder = URLPath.repositoryRoot(from: #filePath) + "/Sources/SQLshLineEditor"
        let files = try #require(FileManager.default.enumerator(atPath: folder))
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for banned in ["import CEditLine", "ioctl(", "tcsetattr(", "isatty(", "el_insertstr(", "history_init("] where text.contains(banned) {
                Issue.record("SQLshLineEditor/\(file) uses \(banned)")
            }
        }
    }
}
