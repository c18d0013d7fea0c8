import Foundation
import SQLshCatalog
import SQLshCore
import Testing

/// Every function of every pack has an example, `SQL  -- RESULT`, which `.describe` and
/// `.help` show: it runs, and gives the result it shows.
///
/// The SQL may hold several statements; the result is the first row of the last one, its
/// columns separated by `|`, each written as `quote()` writes it (`'text'`, `12`, `NULL`,
/// `X'0A'`; a real is compared as a number). An example without a result (it lists the
/// machine's own files, or the connection's state) only has to run. An example that writes
/// files writes under `/tmp`, which here is a scratch folder of its own.
@Suite struct CatalogExampleTests {
    static let packs = Catalog.builtIn().packs.map(\.name)

    @Test(arguments: packs)
    func everyExampleGivesTheResultItShows(pack name: String) throws {
        let catalog = Catalog.builtIn()
        try catalog.enable([name])  // the functions that start disabled too
        let db = try catalogConnection(catalog)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-examples-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pack = try #require(catalog.pack(named: name))
        for (number, function) in pack.functions.enumerated() {
            let folder = scratch.appendingPathComponent(String(number))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(function.example.contains(function.name) || function.kind == .collation || function.name == "regexp",
                    "\(function.name): the example does not call it")
            let parts = function.example.components(separatedBy: "  -- ")
            let sql = parts[0].replacingOccurrences(of: "'/tmp/", with: "'\(folder.path)/")
            let row: [SQLValue]
            do {
                row = try Self.lastRow(db, sql)
            } catch {
                Issue.record("\(function.name): \(error)")
                continue
            }
            guard parts.count == 2 else { continue }
            let shown = parts[1].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            #expect(row.count == shown.count, "\(function.name): \(row) vs \(parts[1])")
            for (got, want) in zip(row, shown) {
                if case .real(let r) = got {
                    let expected = Double(want) ?? .nan
                    #expect(abs(r - expected) <= 1e-12 * max(1, abs(expected)), "\(function.name): \(r) vs \(want)")
                } else {
                    #expect(Self.quoted(got) == want, "\(function.name)")
                }
            }
        }
    }

    /// Runs every statement of `sql`; the first row of the last one that has columns.
    static func lastRow(_ db: Connection, _ sql: String) throws -> [SQLValue] {
        var row: [SQLValue] = []
        var bytes = Array(sql.utf8)[...]
        while !bytes.isEmpty {
            let (statement, consumed) = try Array(bytes).withUnsafeBufferPointer { try db.prepare(utf8: $0) }
            bytes = bytes.dropFirst(max(consumed, 1))
            guard let statement else { continue }
            var first: [SQLValue]?
            while try statement.step() {
                if first == nil { first = (0..<statement.columnCount).map { statement.value(at: $0) } }
            }
            if statement.columnCount > 0 { row = first ?? [] }
        }
        return row
    }

    /// A value as SQLite's `quote()` writes it (text without doubling its quotes).
    static func quoted(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return String(i)
        case .real(let r): return String(r)
        case .text(let t): return "'\(t)'"
        case .blob(let b): return "X'" + b.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }
}
