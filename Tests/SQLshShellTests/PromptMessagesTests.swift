import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// Issue 38: what the prompt says about errors, files and redirected output.
@Suite struct PromptMessagesTests {
    /// A fresh folder with `files` while `body` runs, given its path (ending in `/`).
    func inFolder<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return try body(dir.path + "/")
    }

    @Test func aMisusedWindowAliasGetsACaret() throws {
        let sql = "select x, rank() over (order by x) as rnk from (select 1 as x) where rnk < 2;"
        let err = try runTyped(sql).err
        let lines = err.split(separator: "\n").map(String.init)
        #expect(lines.first == "Parse error: misuse of aliased window function rnk", "\(err)")
        #expect(lines.count >= 3, "\(err)")
        let caret = lines[2].count - 1
        #expect(lines[2].hasSuffix("^") && String(Array(lines[1])[caret...]).hasPrefix("rnk < 2"), "\(err)")
        // An alias without AS, and an aggregate's alias in a statement of several lines.
        let bare = try runTyped("select rank() over () rnk from (select 1) where rnk = 1;").err
        #expect(bare.contains("\n  select rank() over () rnk from (select 1) where rnk = 1;\n"), "\(bare)")
        #expect(bare.contains("\n" + String(repeating: " ", count: 2 + 48) + "^\n"), "\(bare)")
        let aggregate = try runTyped("select count(*) as n\nfrom (select 1)\norder by max(n);").err
        #expect(aggregate.contains("misuse of aliased aggregate n"), "\(aggregate)")
        #expect(aggregate.contains("  line 3: order by max(n);\n                       ^\n"), "\(aggregate)")
        #expect(AliasMisuse.position(of: "rnk", in: Array("select 1 as rnk".utf8)) == nil)
        // Scripts: sqlite3's message alone.
        let batch = try runAtPrompt(sql, { $0.isInteractive = false }).err
        #expect(batch == "Parse error near line 1: misuse of aliased window function rnk\n", "\(batch)")
    }

    let batch: (Shell) -> Void = { $0.isInteractive = false; $0.settings.mode = .list; $0.settings.headers = false }

    @Test func anErrorInACSVFileIsNamedSo() throws {
        let files = ["bad.csv": "id,name\n1,a\n2,\"b\n", "sales.csv": "id,name\n1,a\n"]
        let (err, dir) = try inFolder(files) { (try runTyped("select * from '\($0)bad.csv';").err, $0) }
        #expect(err.hasPrefix("Error in \(dir)bad.csv:3:3: a quoted field is not closed"), "\(err)")
        #expect(!err.contains("error here"), "\(err)")
        // Scripts: sqlite3's label for an error that is not the SQL's (sqlite3 reads no files).
        let (script, at) = try inFolder(files) { (try runAtPrompt("select * from '\($0)bad.csv';", batch).err, $0) }
        #expect(script.hasPrefix("Error near line 1: \(at)bad.csv:3:3: a quoted field is not closed"), "\(script)")
        // A write to a file table: what it is, and how to make a table of it.
        let (write, d) = try inFolder(files) { (try runTyped("select * from '\($0)sales.csv';\ndelete from '\($0)sales.csv';").err, $0) }
        #expect(write.contains("table \(d)sales.csv may not be modified\n"), "\(write)")
        #expect(write.contains("\(d)sales.csv is a file read as a table, and read-only; to change its rows, make a table of it: "
                               + "create table t as select * from '\(d)sales.csv'"), "\(write)")
        let (scriptWrite, e) = try inFolder(files) {
            (try runAtPrompt("select * from '\($0)sales.csv';\ndelete from '\($0)sales.csv';", batch).err, $0)
        }
        #expect(scriptWrite == "Parse error near line 2: table \(e)sales.csv may not be modified\n", "\(scriptWrite)")
    }

    @Test func onceToAFileNamedForAnotherFormatSaysWhatWasWritten() throws {
        let (out, err, file, d) = try inFolder([:]) { dir -> (String, String, String, String) in
            let (out, err) = try runTyped(".mode list\n.once \(dir)o.csv\nselect 1 as a union all select 2;\nselect 3 as b;")
            return (out, err, try String(contentsOfFile: dir + "o.csv", encoding: .utf8), dir)
        }
        #expect(file == "a\n1\n2\n")
        #expect(err == "wrote 2 rows to \(d)o.csv as list; use .mode csv or copy (select ...) to '\(d)o.csv'\n", "\(err)")
        #expect(out.hasPrefix("b\n3\n"))
        // .output: after each input; a name that says the mode's format, or none: nothing.
        let (output, x) = try inFolder([:]) { dir in
            (try runTyped(".mode list\n.output \(dir)x.json\nselect 1;\nselect 2;\n.output\n.mode json\n.once \(dir)y.json\n"
                          + "select 1;\n.mode list\n.once \(dir)z.txt\nselect 1;").err, dir + "x.json")
        }
        #expect(output == "wrote 1 row to \(x) as list; use .mode json or copy (select ...) to '\(x)'\n"
                + "wrote 1 row to \(x) as list; use .mode json or copy (select ...) to '\(x)'\n", "\(output)")
        // Scripts: nothing, as sqlite3.
        let script = try inFolder([:]) { try runAtPrompt(".once \($0)o.csv\nselect 1;", batch).err }
        #expect(script == "")
    }

    @Test func schemaOfADataFileShowsItsColumns() throws {
        let files = ["sales.csv": "id,when,amount\n1,2024-01-02,10.5\n2,2024-01-03,11\n"]
        let (out, d) = try inFolder(files) { (try runTyped(".schema '\($0)sales.csv'").out, $0) }
        #expect(out.hasPrefix("CREATE TABLE IF NOT EXISTS '\(d)sales.csv'(id INTEGER, \"when\" DATE, amount REAL);\n"), "\(out)")
        // Where sqlite3 prints something, or a name that is no file: as sqlite3.
        let none = try inFolder(files) { try runTyped(".schema '\($0)missing.csv'\n.schema nothing").out }
        #expect(none.trimmingCharacters(in: .whitespacesAndNewlines) == "", "\(none)")
        let table = try inFolder(files) { _ in try runTyped("create table t(a);\n.schema t").out }
        #expect(table.hasPrefix("CREATE TABLE t(a);\n"), "\(table)")
        #expect(!table.contains("sales"))
    }

    @Test func longHelpGoesThroughThePager() throws {
        let paged = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-paged-\(UUID().uuidString)").path
        defer { unlink(paged) }
        let out = try runTyped(".help\n.help schema", height: 30) { $0.settings.pagerCommand = "cat > \(paged)" }.out
        let text = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(text.contains(".schema ?PATTERN?") && text.contains(".mode MODE"), "\(text)")
        // The short one is printed.
        #expect(out.hasPrefix(".schema ?PATTERN?"), "\(out)")
        #expect(!out.contains(".mode MODE"))
        // No pager, or a script: printed.
        #expect(try runTyped(".help", height: 30).out.contains(".mode MODE"))
    }
}
