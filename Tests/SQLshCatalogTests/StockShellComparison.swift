import Foundation
import GoldenFiles
import SQLshCatalog
import SQLshCore

/// Runs the same SQL in the stock `sqlite3` shell and on a connection with the built-in
/// catalog, both rendered as list mode (`|` between columns, NULL empty), and the error
/// message without the shell's "Error: in prepare, " / "Error: stepping, " prefix.
struct ListOutput: Equatable, CustomStringConvertible {
    var rows: String
    var error: String?
    var description: String { rows + (error.map { "ERROR: \($0)" } ?? "") }
}

enum StockShell {
    /// This target's golden files: the stock shell's output for each query (Tests/GoldenFiles).
    static let golden = GoldenFiles(besides: #filePath, target: "SQLshCatalogTests")

    /// Whether `sqlite3` is on PATH (for the comparisons that must run it live: their SQL
    /// names a fresh temporary directory).
    static var isInstalled: Bool { GoldenFiles.stockShell != nil }

    /// The stock shell's output for `sql` on an in-memory database, as recorded in a golden
    /// file (`SQLSH_WRITE_GOLDEN=1` records it), so the comparison runs without `sqlite3`.
    static func run(_ sql: String, testFile: String = #fileID) throws -> ListOutput {
        let request = GoldenRequest(kind: "list", input: Array(sql.utf8))
        let recorded = try golden.expected(for: request, testFile: testFile) { try stock(request) }
        return ListOutput(rows: String(decoding: recorded.out, as: UTF8.self),
                          error: recorded.status == 0 ? nil : String(decoding: recorded.err, as: UTF8.self))
    }

    /// What the stock shell prints for a request, now (for recording and re-checking).
    static func stock(_ request: GoldenRequest) throws -> GoldenOutput {
        _ = try golden.requireStockShell()
        let output = try live(request.inputText)
        return GoldenOutput(out: Array(output.rows.utf8), err: Array((output.error ?? "").utf8), status: output.error == nil ? 0 : 1)
    }

    /// The stock shell's output for `sql`, running it now.
    static func live(_ sql: String) throws -> ListOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", ":memory:", sql]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var error: String? = nil
        var text = String(decoding: errData, as: UTF8.self)
        if !text.isEmpty {
            // Only the first line: prepare errors are followed by a caret context.
            text = String(text.prefix { $0 != "\n" })
            for prefix in ["Error: in prepare, ", "Error: stepping, ", "Error: "] where text.hasPrefix(prefix) {
                text.removeFirst(prefix.count)
                break
            }
            // Stepping errors end with " (CODE)".
            if let range = text.range(of: #" \(\d+\)$"#, options: .regularExpression) { text.removeSubrange(range) }
            error = text
        }
        return ListOutput(rows: String(decoding: outData, as: UTF8.self), error: error)
    }

    /// The same query through sqlsh's core and catalog.
    static func ours(_ sql: String, on connection: Connection? = nil) -> ListOutput {
        let db: Connection
        do {
            db = try connection ?? catalogConnection()
        } catch {
            return ListOutput(rows: "", error: "cannot open: \(error)")
        }
        var rows = ""
        do {
            var text = sql
            try text.withUTF8 { buffer in
                var rest = buffer
                while !rest.isEmpty {
                    let (statement, consumed) = try db.prepare(utf8: rest)
                    rest = UnsafeBufferPointer(rebasing: rest[consumed...])
                    guard let statement else { continue }
                    while try statement.step() {
                        var fields: [String] = []
                        for i in 0..<statement.columnCount {
                            let bytes = statement.textBytes(at: i)
                            fields.append(String(decoding: bytes, as: UTF8.self))
                        }
                        rows += fields.joined(separator: "|") + "\n"
                    }
                }
            }
        } catch {
            return ListOutput(rows: rows, error: String(describing: error))
        }
        return ListOutput(rows: rows, error: nil)
    }

    /// A fresh in-memory connection with every built-in function registered.
    static func catalogConnection(_ catalog: Catalog = Catalog.builtIn()) throws -> Connection {
        let db = try Connection(path: ":memory:")
        try catalog.register(on: db)
        return db
    }
}
