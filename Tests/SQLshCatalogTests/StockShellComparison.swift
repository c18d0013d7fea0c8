import Foundation
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
    /// The stock shell's output for `sql` on an in-memory database.
    static func run(_ sql: String) throws -> ListOutput {
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
