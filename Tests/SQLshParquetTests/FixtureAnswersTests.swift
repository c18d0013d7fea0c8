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

    /// Every row of a fixture (every `every`th), rendered as make_fixtures.py renders DuckDB's
    /// values.
    static func read(_ name: String, every: Int) throws -> [[String]] {
        try WrittenFiles.read(folder.appendingPathComponent(name).path, every: every, lengthLimit: 1_000_000_000)
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
