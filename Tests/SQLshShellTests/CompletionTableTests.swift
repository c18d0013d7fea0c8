import Foundation
import SQLshCore
import SQLshShell
import Testing

/// The `completion` table-valued function every shell connection has, as in the stock shell.
@Suite struct CompletionTableTests {
    /// Runs `input` in a shell that opens `:memory:` itself and returns (stdout, stderr).
    func run(_ input: String) throws -> (out: String, err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-ct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("out").path, errPath = dir.appendingPathComponent("err").path
        let out = try OutputWriter(path: outPath), err = try OutputWriter(path: errPath)
        let shell = Shell(path: ":memory:", standardOutput: out, standardError: err)
        _ = try shell.process(StringLineSource(input))
        out.flush(); err.flush()
        return (try String(contentsOfFile: outPath, encoding: .utf8), try String(contentsOfFile: errPath, encoding: .utf8))
    }

    @Test func aPrefixGivesKeywordsThenNamesThenColumns() throws {
        let (out, err) = try run("""
            create table users(id, name);
            select candidate, phase from completion('na');
            select candidate from completion('us');
            """)
        #expect(err.isEmpty)
        #expect(out == "NATURAL|1\nname|9\nUSING\nusers\n")
    }

    @Test func theWholeLineSuppliesThePrefix() throws {
        let (out, _) = try run("select candidate, prefix, wholeline from completion(NULL, 'select * from ma');")
        #expect(out == "MATCH|ma|select * from ma\nMATERIALIZED|ma|select * from ma\nmain|ma|select * from ma\n")
    }

    @Test func schemaShowsItAsTheStockShellDoes() throws {
        let (out, _) = try run(".schema comp%\nselect name from pragma_table_xinfo('completion');\n")
        #expect(out == "/* completion(candidate) */;\ncandidate\nprefix\nwholeline\nphase\n")
    }
}
