import Foundation
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore
import SQLshParquet
import Testing
import TestSupport

/// read_parquet and `'x.parquet'` in FROM through SQL: DuckDB's answers to the same queries on
/// the fixtures (Tests/Fixtures/parquet), the columns read, the row groups skipped, the options,
/// and hostile files.
@Suite struct ParquetTableTests {
    static let fixtures = ParquetFixtureAnswers.folder
    typealias Answer = ParquetFixtureAnswers.Answer
    static let answers = ParquetFixtureAnswers.all

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// A value rendered as make_fixtures.py renders DuckDB's.
    static func render(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let i): return String(i)
        case .real(let d): return String(format: "%.15g", d)
        case .text(let s): return s
        case .blob(let b): return "X'" + b.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    final class Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-parquet-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = path(name)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appendingPathComponent(name))) }

    @Test(arguments: answers.indices)
    func answersAsDuckDBDoes(index: Int) throws {
        let answer = Self.answers[index]
        let db = try catalogConnection()
        let sql = answer.sql.replacingOccurrences(of: "'\(answer.file)'", with: "'\(Self.fixture(answer.file))'")
        let got = try rows(db, sql).map { $0.map(Self.render) }
        #expect(got.count == answer.rows.count, "\(answer.sql)")
        for (i, (row, want)) in zip(got, answer.rows).enumerated() where row != want {
            Issue.record("\(answer.sql) row \(i): \(row) vs \(want)")
            break
        }
    }

    @Test func readParquetAndANameInFromAreTheSameTable() throws {
        let db = try catalogConnection()
        let path = Self.fixture("duckdb.parquet")
        #expect(try value(db, "select count(*) from read_parquet('\(path)')") == .integer(3000))
        #expect(try value(db, "select count(*) from '\(path)'") == .integer(3000))
        #expect(try value(db, "select sum(id) from read_parquet(['\(path)', '\(path)'])") == .integer(2 * 4_498_500))
        let types = try rows(db, "select name, type from pragma_table_info('\(path)')").map { $0.map(Self.render) }
        #expect(types == [["id", "BIGINT"], ["s", "VARCHAR"], ["v", "DECIMAL(21,1)"], ["flag", "BOOLEAN"], ["d", "DATE"],
                          ["l", "JSON"], ["st", "JSON"], ["maybe", "BIGINT"], ["dec", "DECIMAL(10,3)"]], "\(types)")
    }

    /// Only the columns a statement uses are read: a file whose `s` chunks are garbage reads
    /// its other columns, and fails, naming the file, when `s` is read.
    @Test func onlyTheColumnsUsedAreRead() throws {
        let folder = try Folder()
        var bytes = try Self.bytes("many_plain_lz4.parquet")
        let file = try SQLshParquetAccess.chunkRanges(Self.fixture("many_plain_lz4.parquet"), column: "s")
        for range in file { for i in range { bytes[i] = 0xEE } }
        let path = try folder.write("broken.parquet", bytes)
        let db = try catalogConnection()
        #expect(try value(db, "select sum(id) from '\(path)'") == .integer(12_497_500))
        #expect(try value(db, "select count(*) from '\(path)'") == .integer(5000))
        let message = try #require(errorMessage(db, "select max(s) from '\(path)'"))
        #expect(message.hasPrefix("\(path): column s, row group 0: "), "\(message)")
    }

    /// Row groups whose statistics rule out a comparison are not read: the second row group's
    /// `v` chunk is garbage, and a filter on the first group's ids never meets it.
    @Test func rowGroupsTheStatisticsRuleOutAreSkipped() throws {
        let folder = try Folder()
        var bytes = try Self.bytes("duckdb_zstd.parquet")
        let ranges = try SQLshParquetAccess.chunkRanges(Self.fixture("duckdb_zstd.parquet"), column: "v")
        #expect(ranges.count == 2)  // DuckDB writes row groups of 2048 rows at least
        for range in ranges.dropFirst() { for i in range { bytes[i] = 0xEE } }
        let path = try folder.write("groups.parquet", bytes)
        let db = try catalogConnection()
        #expect(try value(db, "select sum(v) from '\(path)' where id < 100") == .real(9900))
        #expect(try value(db, "select sum(v) from '\(path)' where id between 10 and 20") == .real(330))
        #expect(try value(db, "select count(*) from '\(path)' where id = 499") == .integer(1))
        #expect(try value(db, "select count(*) from '\(path)' where id <= 0") == .integer(1))
        #expect(try value(db, "select count(*) from '\(path)' where 100 > id") == .integer(100))
        #expect(errorMessage(db, "select sum(v) from '\(path)' where id > 100") != nil)
        #expect(errorMessage(db, "select sum(v) from '\(path)'") != nil)
    }

    @Test func optionsFilenameUnionByNameAndHivePartitioning() throws {
        let folder = try Folder()
        let a = try folder.write("data/year=2023/part.parquet", try Self.bytes("duckdb_zstd.parquet"))
        let b = try folder.write("data/year=2024/part.parquet", try Self.bytes("many_plain_lz4.parquet"))
        let db = try catalogConnection()
        let pattern = folder.path("data/*/part.parquet")
        #expect(try value(db, "select count(*) from '\(pattern)'") == .integer(8000))
        #expect(try rows(db, "select year, count(*), min(filename) from read_parquet('\(pattern)', hive_partitioning=true, filename=true) group by year")
                    .map { $0.map(Self.render) } == [["2023", "3000", a], ["2024", "5000", b]])
        // Without union_by_name the first file's columns; a column the second lacks is an error.
        let message = try #require(errorMessage(db, "select max(v) from read_parquet('\(pattern)')"))
        #expect(message.contains("no column v"), "\(message)")
        // The union's 8 columns, and `year`, its paths' partition (detected).
        let union = try db.prepare("select * from read_parquet('\(pattern)', union_by_name=true)")
        #expect(union.columnCount == 9)
        #expect(try value(db, "select count(v) + count(small) from read_parquet('\(pattern)', union_by_name=true)") == .integer(8000))
        #expect(errorMessage(db, "select * from read_parquet('\(a)', header=true)")?.contains("unknown option header") == true)
    }

    /// Every truncation of a file, and lying bytes anywhere in it: an error naming the file, never a crash.
    @Test func truncatedAndCorruptFilesAreErrors() throws {
        let folder = try Folder()
        let original = try Self.bytes("nested.parquet")
        let db = try catalogConnection()
        for length in stride(from: 0, to: original.count, by: 7) {
            let path = try folder.write("cut\(length).parquet", Array(original[..<length]))
            let message = try #require(errorMessage(db, "select * from '\(path)'"), "cut at \(length)")
            #expect(message.contains(path), "\(message)")
        }
        var random = SplitMix64(seed: 7)
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 4)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            let path = try folder.write("bad\(round).parquet", bytes)
            if let message = errorMessage(db, "select * from '\(path)'") {
                #expect(message.contains(path) || message.contains("no such table"), "\(message)")
            }
        }
    }

    /// A page larger than the length limit is refused before it is decompressed: a
    /// decompression bomb costs nothing, and the message says which limit.
    @Test func pagesOverTheLengthLimitAreRefused() throws {
        let db = try catalogConnection()
        _ = db.setLimit(.length, 2000)
        let message = try #require(errorMessage(db, "select * from '\(Self.fixture("many_dict.parquet"))'"))
        #expect(message.contains("more than the limit (2000)"), "\(message)")
    }

    @Test func notParquetAndMissingFiles() throws {
        let folder = try Folder()
        let text = try folder.write("text.parquet", Array("hello, this is not parquet".utf8))
        let db = try catalogConnection()
        #expect(errorMessage(db, "select * from read_parquet('\(text)')") == "\(text): not a Parquet file (no PAR1 at its end)")
        #expect(errorMessage(db, "select * from read_parquet('\(folder.path("none.parquet"))')")
                    == "cannot open \(folder.path("none.parquet")): No such file or directory")
        #expect(errorMessage(db, "select * from '\(folder.path("none.parquet"))'") == "no such table: \(folder.path("none.parquet"))")
    }
}

/// Where a fixture's column chunks lie, to spoil them.
enum SQLshParquetAccess {
    static func chunkRanges(_ path: String, column: String) throws -> [Range<Int>] {
        let file = try ParquetFile(path: path, limits: ParquetLimits(lengthLimit: 1 << 30))
        guard let leaf = file.schema.leaves.first(where: { $0.name == column }), let index = leaf.leafIndex else { return [] }
        return file.metadata.rowGroups.compactMap { group in
            guard let meta = group.columns[index].metaData else { return nil }
            var start = meta.dataPageOffset
            if let d = meta.dictionaryPageOffset, d > 0, d < start { start = d }
            return Int(start)..<Int(start + meta.totalCompressedSize)
        }
    }
}
