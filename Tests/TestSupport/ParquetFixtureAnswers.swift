import Foundation

/// DuckDB's answers to queries on the Parquet fixtures (Tests/Fixtures/parquet), recorded by
/// its make_fixtures.py into answers.json: read by the reader's tests and by the SQL tests.
public enum ParquetFixtureAnswers {
    /// One recorded query: the fixture file, the SQL DuckDB ran, how often a row was kept
    /// (every `every`-th; 0 for answers only the SQL tests use) and the rows as rendered text.
    public struct Answer: Decodable, Sendable {
        public var file: String
        public var sql: String
        public var every: Int
        public var rows: [[String]]
    }

    /// The fixtures' folder.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/parquet")

    /// Every recorded answer (none when the file is missing or unreadable: the tests that use
    /// them then check that they have some).
    public static let all: [Answer] = {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("answers.json")),
              let all = try? JSONDecoder().decode([Answer].self, from: data) else { return [] }
        return all
    }()
}
