import Foundation
import SQLshCore
@testable import SQLshShell
import Testing

/// The columnar modes move collected rows to a temporary file past a few megabytes; what they
/// print must not change.
@Suite struct ResultSpoolTests {
    /// The output of `mode` for `sql`, with `spillBytes` of cell text held in memory.
    func render(_ mode: String, _ sql: String, spillBytes: Int, settings: (Shell) -> Void = { _ in }) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-spool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try OutputWriter(path: path)
        let shell = try Shell(connection: Connection(path: ":memory:"), standardOutput: out)
        settings(shell)
        let statement = try shell.connection.prepare(sql)
        let renderer: ColumnarRenderer = switch mode {
        case "box": BoxRenderer(shell: shell, statement: statement, spillBytes: spillBytes)
        case "table": TableRenderer(shell: shell, statement: statement, spillBytes: spillBytes)
        case "markdown": MarkdownRenderer(shell: shell, statement: statement, spillBytes: spillBytes)
        default: ColumnRenderer(shell: shell, statement: statement, spillBytes: spillBytes)
        }
        renderer.begin(statement)
        while try statement.step() { renderer.row(statement) }
        renderer.end(statement)
        out.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    static let query = """
        select value as n,
               case when value % 7 = 0 then null
                    when value % 5 = 0 then 'two' || char(10) || 'lines'
                    else 'value ' || value end as label,
               printf('%.*c', value % 40, 'x') as bar
        from generate_series(1, 3000)
        """

    @Test(arguments: ["column", "table", "box", "markdown"])
    func spooledRowsPrintAsRowsHeldInMemory(mode: String) throws {
        let inMemory = try render(mode, Self.query, spillBytes: .max)
        // A block every few rows: many blocks, and rows left in memory at the end.
        let spooled = try render(mode, Self.query, spillBytes: 100)
        #expect(spooled == inMemory)
        #expect(inMemory.contains("3000"))
    }

    @Test func wrappedAndQuotedValuesSurviveTheSpool() throws {
        let options: [(Shell) -> Void] = [
            { $0.settings.wrapWidth = 6 },
            { $0.settings.wrapWidth = 9; $0.settings.wordWrap = true },
            { $0.settings.quoteValues = true },
        ]
        for option in options {
            for spill in [1, 333, 4096] {
                #expect(try render("box", Self.query, spillBytes: spill, settings: option)
                    == render("box", Self.query, spillBytes: .max, settings: option))
            }
        }
    }

    @Test func aSpoolReadsBackItsBlocksInOrder() throws {
        let spool = try #require(ResultSpool.make())
        let blocks: [([Int], [Bool], [UInt8])] = [
            ([1, 3], [true], Array("abc".utf8)),
            ([], [], []),
            ([2, 2, 5], [false], Array("xyzzy".utf8)),
        ]
        for (ends, lineEnds, text) in blocks {
            let ok = ends.withUnsafeBufferPointer { e in
                lineEnds.withUnsafeBufferPointer { l in text.withUnsafeBufferPointer { spool.append(ends: e, lineEnds: l, text: $0) } }
            }
            #expect(ok)
        }
        #expect(spool.lines == 2)
        var read: [([Int], [Bool], [UInt8])] = []
        #expect(spool.forEachBlock { read.append((Array($0), Array($1), Array($2))) })
        #expect(read.map(\.0) == blocks.map(\.0))
        #expect(read.map(\.1) == blocks.map(\.1))
        #expect(read.map(\.2) == blocks.map(\.2))
    }
}
