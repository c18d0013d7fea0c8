import Foundation
import SQLshCatalog
import SQLshCore
@testable import SQLshShell
import Testing

/// SQLite's own functions in `.functions` and `.describe`: the table of summaries and examples
/// against the linked library.
@Suite struct SQLiteFunctionsTests {
    func shell() throws -> (Shell, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-sqlitefn-\(UUID().uuidString)").path
        let out = try OutputWriter(path: path)
        return (try Shell(connection: Connection(path: ":memory:"), standardOutput: out, standardError: out), path)
    }

    func run(_ input: String) throws -> String {
        let (shell, path) = try shell()
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try shell.process(StringLineSource(input))
        shell.out.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func everyFunctionOfTheLinkedSQLiteIsDocumented() throws {
        let (shell, path) = try shell()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let available = SQLiteFunctions.available(on: shell.connection, catalog: shell.catalog)
        #expect(available.count > 100)
        let undocumented = available.filter { $0.doc.example.isEmpty }.map(\.doc.name)
        #expect(undocumented.isEmpty, "no entry for \(undocumented)")
        for name in ["abs", "avg", "count", "json_extract", "row_number", "lag", "lead", "date", "strftime", "sqrt", "json_each"] {
            #expect(available.contains { $0.doc.name == name }, "\(name)")
        }
    }

    @Test func entriesAreUniqueAndWordedAsOneLine() {
        let names = SQLiteFunctions.entries.map(\.name)
        #expect(Set(names).count == names.count)
        for entry in SQLiteFunctions.entries {
            #expect(!entry.summary.isEmpty && !entry.summary.hasSuffix(".") && !entry.summary.contains("\n"), "\(entry.name)")
            #expect(entry.example.hasSuffix(";"), "\(entry.name)")
        }
    }

    /// Each example of a function the linked SQLite has prints the result its entry shows.
    @Test func examplesPrintTheirResults() throws {
        let (shell, path) = try shell()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let available = Set(SQLiteFunctions.available(on: shell.connection, catalog: shell.catalog).map(\.doc.name))
        for entry in SQLiteFunctions.entries where available.contains(entry.name) {
            guard let result = entry.result else { continue }
            #expect(try run(entry.example + "\n") == result + "\n", "\(entry.name)")
        }
    }

    @Test func arities() {
        #expect(SQLiteFunctions.arity([1]) == "1")
        #expect(SQLiteFunctions.arity([1, 2, 3]) == "1-3")
        #expect(SQLiteFunctions.arity([1, 3]) == "1, 3")
        #expect(SQLiteFunctions.arity([-1, 1]) == "any")
    }

    @Test func describeAvgAndTheJSONFamily() throws {
        let avg = try run(".describe avg\n")
        #expect(avg.hasPrefix("avg(X)  [sqlite/aggregate pack, aggregate, args 1, SQLite's own]\n"))
        #expect(avg.contains("select avg(value) from generate_series(1, 4);\n    → 2.5\n"))
        let json = try run(".functions json\n").split(separator: "\n")
        #expect(json.count >= 17)
        #expect(json.allSatisfy { $0.contains(" sqlite/json ") })
        #expect(json.contains { $0.hasPrefix("json_extract ") })
        #expect(try run(".functions window\n").split(separator: "\n").count == 11)
        #expect(try run(".describe ->>\n").hasPrefix("JSON ->> PATH  ["))
        #expect(try run(".describe nosuchthing\n") == "Error: no such function or pack: nosuchthing\n")
    }

    @Test func catalogFunctionsKeepTheirOwnEntries() throws {
        // A catalog function of the same name as one of SQLite's (soundex, where SQLite lacks it) is
        // described once, by the catalog.
        let (shell, path) = try shell()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let available = SQLiteFunctions.available(on: shell.connection, catalog: shell.catalog)
        #expect(available.allSatisfy { shell.catalog.function(named: $0.doc.name) == nil })
    }
}
