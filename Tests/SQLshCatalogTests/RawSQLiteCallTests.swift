import Foundation
import Testing

/// SQLshCore is the catalog's one binding to SQLite: no file of SQLshCatalog calls the C API
/// (`sqlite3_*`) itself, except the few listed here with their reason. Mentions in comments
/// and string literals do not count; neither do SQLite's constants (`SQLITE_BUSY`), which
/// are values, not calls.
@Suite struct RawSQLiteCallTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SQLshCatalog")

    /// Files allowed to call the C API, each with its reason (paths under Sources/SQLshCatalog).
    /// Empty: everything the packs need from SQLite goes through SQLshCore (extend it instead).
    static let allowed: [String: String] = [:]

    @Test func noCatalogFileCallsSQLitesCAPI() throws {
        let offenders = try Self.filesCallingSQLite()
        for (file, names) in offenders.sorted(by: { $0.key < $1.key }) where Self.allowed[file] == nil {
            Issue.record("\(file) calls \(names.sorted().joined(separator: ", ")): use SQLshCore (extend it if needed)")
        }
        // The allow-list stays short and true: an entry whose file no longer calls SQLite goes.
        for file in Self.allowed.keys.sorted() where offenders[file] == nil {
            Issue.record("\(file) no longer calls sqlite3_*: remove it from the list")
        }
    }

    @Test func commentsAndStringsDoNotCount() {
        let text = """
            // sqlite3_open in a comment
            /* sqlite3_close
               sqlite3_exec */
            let message = "Error: sqlite3_close() returns \\(code)"
            let raw = sqlite3_step(handle) // a call
            """
        #expect(Self.calls(in: text) == ["sqlite3_step"])
    }

    /// Every file of Sources/SQLshCatalog that names a `sqlite3_` function or type in code,
    /// with those names.
    static func filesCallingSQLite() throws -> [String: Set<String>] {
        let root = sources.path + "/"
        guard let files = FileManager.default.enumerator(atPath: sources.path) else { return [:] }
        var result: [String: Set<String>] = [:]
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + file, encoding: .utf8)
            let names = calls(in: text)
            if !names.isEmpty { result[file] = names }
        }
        return result
    }

    /// The `sqlite3_...` identifiers in Swift code, outside comments and string literals.
    static func calls(in text: String) -> Set<String> {
        var code: [UInt8] = []
        let bytes = Array(text.utf8)
        var i = 0
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        while i < bytes.count {
            if at(i) == 0x2F && at(i + 1) == 0x2F {            // // comment
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            } else if at(i) == 0x2F && at(i + 1) == 0x2A {     // /* comment */
                i += 2
                while i < bytes.count && !(at(i) == 0x2A && at(i + 1) == 0x2F) { i += 1 }
                i += 2
            } else if at(i) == 0x22 && at(i + 1) == 0x22 && at(i + 2) == 0x22 {  // """ ... """
                i += 3
                while i < bytes.count && !(at(i) == 0x22 && at(i + 1) == 0x22 && at(i + 2) == 0x22) { i += 1 }
                i += 3
            } else if at(i) == 0x22 {                          // "..." (escapes skipped)
                i += 1
                while i < bytes.count && bytes[i] != 0x22 && bytes[i] != 0x0A {
                    i += bytes[i] == 0x5C ? 2 : 1
                }
                i += 1
            } else {
                code.append(bytes[i])
                i += 1
            }
        }
        let source = String(decoding: code, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: "(?<![A-Za-z0-9_])sqlite3_[A-Za-z0-9_]+") else { return [] }
        let range = NSRange(source.startIndex..., in: source)
        return Set(pattern.matches(in: source, range: range).compactMap { Range($0.range, in: source).map { String(source[$0]) } })
    }
}
