import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// Issue 38, the rest: details of what the prompt shows.
@Suite struct PromptDetailsTests {
    let noTypes: (Shell) -> Void = { $0.settings.columnTypes = false }

    /// The table rows (after the header) of `out`.
    func rows(_ out: String) -> [String] {
        Array(out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("│") }.dropFirst())
    }

    @Test func realsLineUpOnTheDecimalPoint() throws {
        let sql = "select 15309.17 as r, 'x' as t union all select 10957.7, 'y' union all select 3, 'z' union all select 1.0e+20, 'w';"
        let out = try runAtPrompt(sql, noTypes).out
        #expect(rows(out) == ["│ 15309.17 │ x │", "│ 10957.7  │ y │", "│     3    │ z │", "│  1.0e+20 │ w │"], "\(out)")
        // .last draws the whole result in two passes, and lines it up the same way.
        let last = try runAtPrompt(sql + "\n.last", noTypes).out
        let again = rows(last.components(separatedBy: "┘\n").dropFirst().joined())
        #expect(again == ["│ 15309.17 │ x │", "│ 10957.7  │ y │", "│     3    │ z │", "│  1.0e+20 │ w │"], "\(last)")
        // A taller result than the screen (head and tail) too, and a decimal comma.
        let comma = try runAtPrompt(".numformat .\nselect 1234.5 as r union all select 2.25;", noTypes).out
        #expect(rows(comma) == ["│ 1.234,5  │", "│     2,25 │"], "\(comma)")
        // Batch output is sqlite3's.
        #expect(try runAtPrompt(".mode list\n.headers off\nselect 1.5 union all select 10.25;").out == "1.5\n10.25\n")
    }

    @Test func theContextOfALongLineFitsTheScreen() throws {
        let long = "select " + (1...40).map { "c\($0)" }.joined(separator: ", ") + " form t where x = 1 and y = 2 and z = 3;"
        for width in [40, 60, 80] {
            let err = try runTyped(long, width: width).err
            let lines = err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.allSatisfy { DisplayWidth.of($0) < width }, "\(width): \(err)")
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces) == "..." }, "\(err)")
            // The caret is under the token the error is near.
            let caretLine = try #require(lines.firstIndex { $0.hasSuffix("^") }, "\(err)")
            let column = lines[caretLine].count - 1
            let code = Array(lines[caretLine - 1])
            #expect(column < code.count && String(code[column...]).hasPrefix("t where"), "\(width): \(err)")
        }
        // A statement of several lines: its line number, cut to the screen too.
        let err = try runTyped("select 1,\n" + long, width: 50).err
        #expect(err.contains("  line 2: "), "\(err)")
        #expect(err.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) < 50 }, "\(err)")
        // sqlite3's own context where it fits.
        let short = try runTyped("select 1 form t;", width: 80).err
        #expect(short.contains("^--- error here"), "\(short)")
    }
}
