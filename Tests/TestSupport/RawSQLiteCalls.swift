import Foundation

/// Finds calls of SQLite's C API (`sqlite3_*`) in Swift sources, for the tests that keep
/// SQLshCore the one binding of the layers above it. Mentions in comments and string literals
/// (sqlite3's own messages quote C function names) do not count; neither do SQLite's
/// constants (`SQLITE_BUSY`), which are values, not calls.
public enum RawSQLiteCalls {
    /// The folder `Sources/<target>` of this package.
    public static func sources(of target: String, testFile: String = #filePath) -> URL {
        URL(fileURLWithPath: testFile)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/\(target)")
    }

    /// What is wrong with target `Sources/<target>`: each file calling the C API that is not in
    /// `allowed` (paths relative to the target's folder), and each allowed file that no longer
    /// calls it (the allow-list stays short and true). Empty when all is well.
    public static func problems(inTarget target: String, allowed: [String: String],
                                testFile: String = #filePath) throws -> [String] {
        let offenders = try files(in: sources(of: target, testFile: testFile))
        var problems: [String] = []
        for (file, names) in offenders.sorted(by: { $0.key < $1.key }) where allowed[file] == nil {
            problems.append("\(file) calls \(names.sorted().joined(separator: ", ")): use SQLshCore (extend it if needed)")
        }
        for file in allowed.keys.sorted() where offenders[file] == nil {
            problems.append("\(file) no longer calls sqlite3_*: remove it from the list")
        }
        return problems
    }

    /// Every Swift file under `folder` that names a `sqlite3_` function or type in code, with
    /// those names, by path relative to `folder`.
    public static func files(in folder: URL) throws -> [String: Set<String>] {
        let root = folder.path + "/"
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        var result: [String: Set<String>] = [:]
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + file, encoding: .utf8)
            let names = calls(in: text)
            if !names.isEmpty { result[file] = names }
        }
        return result
    }

    /// The `sqlite3_...` identifiers in Swift code, outside comments and string literals.
    public static func calls(in text: String) -> Set<String> {
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
