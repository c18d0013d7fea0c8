import Foundation
import Testing

/// Parquet files with the built binary: `sqlsh x.parquet`, `.open x.parquet`, files in FROM,
/// read_parquet, describe and summarize, errors naming the file.
struct ParquetCommandLineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/parquet")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func aParquetFileIsTheTableOfAnInMemoryDatabase() throws {
        let path = Self.fixture("duckdb_zstd.parquet")
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [path],
                                         stdin: Data(".tables\nselect count(*), sum(v), max(id) from duckdb_zstd;\n".utf8))
        #expect(Self.text(result.stdout) == "duckdb_zstd\n3000|8997000.0|2999\n", "\(result)")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    @Test func openFromAndReadParquet() throws {
        let nested = Self.fixture("nested.parquet")
        let input = """
            .open \(nested)
            select id, li, m from nested where id in (1, 2, 4);
            .open
            select count(*) from '\(Self.fixture("many_dict.parquet"))' where id between 100 and 199;
            select st from read_parquet('\(Self.fixture("duckdb.parquet"))') limit 1;
            describe '\(Self.fixture("int96.parquet"))';

            """
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data(input.utf8))
        #expect(Self.text(result.stdout) == """
            1|[1,2]|{"k":1,"l":2}
            2|[]|{}
            4|[null,4]|{"z":null}
            100
            {"k":0,"t":"x"}
            ts|TIMESTAMP|YES|||

            """, "\(result)")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    @Test func summarizeReadsTheFile() throws {
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"],
                                         stdin: Data("summarize '\(Self.fixture("duckdb_zstd.parquet"))';\n".utf8))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(Self.text(result.stdout).hasPrefix("id|BIGINT|0|2999|"), "\(result)")
    }

    @Test func aBrokenFileIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-pq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent("nested.parquet"))
        let cut = folder.appendingPathComponent("cut.parquet").path
        try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: cut))
        let result = try ShellRunner.run(ShellRunner.sqlshPath, [":memory:"], stdin: Data("select * from '\(cut)';\nselect 'after';\n".utf8))
        #expect(Self.text(result.stderr).hasPrefix("Parse error near line 1: \(cut): "), "\(result)")
        #expect(Self.text(result.stdout) == "after\n", "\(result)")
    }
}
