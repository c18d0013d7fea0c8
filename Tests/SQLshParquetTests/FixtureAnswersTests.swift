import Foundation
import Testing
import TestSupport
@testable import SQLshParquet

/// The fixtures of Tests/Fixtures/parquet (pyarrow's and DuckDB's files: every encoding,
/// compression, page version and type, nested columns, nulls) read with the reader alone,
/// row by row, against DuckDB's answers recorded by make_fixtures.py.
@Suite struct FixtureAnswersTests {
    static let folder = ParquetFixtureAnswers.folder
    static let answers = ParquetFixtureAnswers.all.filter { $0.every > 0 }

    /// Renders cells as make_fixtures.py renders DuckDB's values.
    final class Recorder: ValueSink {
        var cells: [String] = []
        func null() { cells.append("NULL") }
        func integer(_ value: Int64) { cells.append(String(value)) }
        func real(_ value: Double) { cells.append(String(format: "%.15g", value)) }
        func text(_ utf8: UnsafeBufferPointer<UInt8>) { cells.append(String(decoding: utf8, as: UTF8.self)) }
        func blob(_ bytes: UnsafeBufferPointer<UInt8>) { cells.append("X'" + bytes.map { String(format: "%02X", $0) }.joined() + "'") }
    }

    /// Every row of a file (every `every`th), rendered.
    static func read(_ name: String, every: Int) throws -> [[String]] {
        let file = try ParquetFile(path: folder.appendingPathComponent(name).path, limits: ParquetLimits(lengthLimit: 1_000_000_000))
        let columns = ParquetColumn.columns(of: file.schema)
        let reader = ParquetRowReader(file: file, columns: columns, used: Set(columns.indices))
        var rows: [[String]] = []
        var index = 0
        for group in file.metadata.rowGroups.indices {
            try reader.load(rowGroup: group)
            while reader.hasRow {
                if index % every == 0 {
                    let recorder = Recorder()
                    for c in columns.indices { try reader.write(column: c, to: recorder) }
                    rows.append(recorder.cells)
                }
                index += 1
                reader.advance()
            }
        }
        return rows
    }

    @Test func fixturesAreThere() {
        #expect(Self.answers.count >= 18)
    }

    @Test(arguments: answers.map(\.file))
    func readsAsDuckDBDoes(file: String) throws {
        let answer = try #require(Self.answers.first { $0.file == file })
        let rows = try Self.read(file, every: answer.every)
        #expect(rows.count == answer.rows.count, "\(file)")
        for (i, (got, want)) in zip(rows, answer.rows).enumerated() where got != want {
            let diffs = zip(got, want).enumerated().filter { $0.element.0 != $0.element.1 }.map { "column \($0.offset): \($0.element.0) vs \($0.element.1)" }
            Issue.record("\(file) row \(i): \(diffs.prefix(5))")
            break
        }
    }
}
