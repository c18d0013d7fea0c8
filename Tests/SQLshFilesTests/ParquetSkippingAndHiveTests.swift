import Foundation
@testable import SQLshFiles
@_spi(RawSQLite) import SQLshCore
@testable import SQLshParquet
import Testing
import TestSupport

/// Row groups skipped by the statistics of DECIMAL, DATE, TIME and TIMESTAMP columns, and
/// hive partitions detected from the paths (DuckDB's default).
@Suite struct ParquetSkippingAndHiveTests {
    typealias Folder = ParquetTableTests.Folder

    /// 200 rows in two row groups of 100: the columns the filters use, and `payload`, whose
    /// chunk in the row group `spoiled` is garbage (so reading that row group is an error).
    static func file(in folder: Folder, spoiled: Int) throws -> String {
        var options = ParquetWriteOptions()
        options.rowGroupSize = 100
        let columns: [(String, ParquetColumnType)] = [
            ("id", .int64), ("dec", .decimal(precision: 9, scale: 2)), ("wide", .decimal(precision: 18, scale: 2)),
            ("ts", .timestamp), ("tz", .timestampTZ), ("d", .date), ("t", .time), ("payload", .string),
        ]
        var writer = try ParquetFileWriter(columns: columns.map { .init(name: $0.0, type: $0.1) }, options: options,
                                           output: ParquetMemoryOutput())
        for i in 0..<200 {
            let day = 1 + i / 24
            let cells: [String] = [
                String(format: "%.2f", Double(i) * 1.25), String(format: "%.2f", Double(i) * 1.25),
                String(format: "2024-01-%02d %02d:00:00", day, i % 24), String(format: "2024-01-%02d %02d:30:00+01:00", day, i % 24),
                String(format: "2024-%02d-%02d", 1 + i / 28, 1 + i % 28), String(format: "%02d:%02d:00", i / 60, i % 60),
                "payload \(i)",
            ]
            try writer.append(.integer(Int64(i)), column: 0)
            for (c, cell) in cells.enumerated() {
                try Array(cell.utf8).withUnsafeBytes { try writer.append(.text($0), column: c + 1) }
            }
            try writer.endRow()
        }
        var bytes = try writer.finish().bytes
        let path = try folder.write("plain.parquet", bytes)
        let ranges = try SQLshParquetAccess.chunkRanges(path, column: "payload")
        #expect(ranges.count == 2)
        for i in ranges[spoiled] { bytes[i] = 0xEE }
        return try folder.write("spoiled\(spoiled).parquet", bytes)
    }

    @Test func decimalDateTimeAndTimestampStatisticsSkipRowGroups() throws {
        let folder = try Folder()
        let second = try Self.file(in: folder, spoiled: 1)
        let first = try Self.file(in: folder, spoiled: 0)
        let db = try catalogConnection()
        // Filters that only the first row group meets never read the second.
        for (filter, count) in [("dec < 50", 40), ("dec between 10 and 20.5", 9), ("dec = 123.75", 1), ("ts < '2024-01-03'", 48),
                                ("tz <= '2024-01-02 22:30:00'", 48), ("d < '2024-02-01'", 28), ("d = '2024-04-01'", 1),
                                ("t < '01:00:00'", 60), ("t between '00:10:00' and '00:19:59'", 10)] {
            #expect(try value(db, "select count(payload) from '\(second)' where \(filter)") == .integer(Int64(count)), "\(filter)")
        }
        // And the other way round.
        for (filter, count) in [("dec >= 125", 100), ("ts > '2024-01-05 04:00:00'", 99), ("tz >= '2024-01-05 03:30:00'", 100),
                                ("d > '2024-04-16'", 100), ("t >= '01:40:00'", 100)] {
            #expect(try value(db, "select count(payload) from '\(first)' where \(filter)") == .integer(Int64(count)), "\(filter)")
        }
        // The spoiled row group is read when a filter does not rule it out, or when the
        // statistics cannot decide (a DECIMAL(18,2) column may hold text beside reals).
        for filter in ["dec > 120", "wide < 50", "ts < '2024-01-06'", "t > '00:00:00'"] {
            let message = try #require(errorMessage(db, "select count(payload) from '\(second)' where \(filter)"), "\(filter)")
            #expect(message.hasPrefix("\(second): column payload, row group 1"), "\(message)")
        }
    }

    /// DuckDB's own file: its DECIMAL(10,3) column's statistics skip the row group they rule out.
    @Test func duckDBsDecimalStatisticsSkipRowGroups() throws {
        let folder = try Folder()
        var bytes = try ParquetTableTests.bytes("duckdb.parquet")
        let ranges = try SQLshParquetAccess.chunkRanges(ParquetTableTests.fixture("duckdb.parquet"), column: "s")
        #expect(ranges.count == 2)
        for i in ranges[0] { bytes[i] = 0xEE }
        let path = try folder.write("dec.parquet", bytes)
        let db = try catalogConnection()
        #expect(try value(db, "select count(s) from '\(path)' where dec >= 256") == .integer(952))
        #expect(errorMessage(db, "select count(s) from '\(path)' where dec >= 255") != nil)
    }

    /// Hostile LZ4 and BROTLI files: a Hadoop frame whose block size lies, damaged Brotli, and a
    /// bomb (8 MiB of zeros in a few bytes) over the length limit: errors naming the file.
    @Test func hostileLZ4AndBrotliFilesAreErrorsNamingTheFile() throws {
        let folder = try Folder()
        let db = try catalogConnection()
        for codec in [CompressionCodec.lz4, .brotli] {
            var options = ParquetWriteOptions()
            options.compression = codec
            var writer = try ParquetFileWriter(columns: [.init(name: "s", type: .string)], options: options, output: ParquetMemoryOutput())
            let zeros = [UInt8](repeating: 0x30, count: 8 << 20)
            try zeros.withUnsafeBytes { try writer.append(.text($0), column: 0) }
            try writer.endRow()
            let good = try writer.finish().bytes
            let path = try folder.write("good-\(codec).parquet", good)
            #expect(try value(db, "select length(s) from '\(path)'") == .integer(8 << 20))
            // The bomb: refused before it is decompressed under a smaller length limit.
            let limited = try catalogConnection()
            _ = limited.setLimit(.length, 1 << 20)
            let bomb = try #require(errorMessage(limited, "select length(s) from '\(path)'"))
            #expect(bomb.hasPrefix("\(path): ") && bomb.contains("more than the limit"), "\(bomb)")
            // The page's first bytes after its header: Hadoop's block size, or Brotli's stream header.
            let range = try #require(try SQLshParquetAccess.chunkRanges(path, column: "s").first)
            var reader = ThriftCompactReader(good, start: range.lowerBound, end: range.upperBound)
            _ = try PageHeader(thrift: &reader)
            var lying = good
            if codec == .lz4 {
                for k in 0..<4 { lying[reader.position + k] = k == 0 ? 0x7F : 0xFF }
            } else {
                for k in 0..<8 { lying[reader.position + k] ^= 0xA5 }
            }
            let bad = try folder.write("bad-\(codec).parquet", lying)
            let message = try #require(errorMessage(db, "select length(s) from '\(bad)'"))
            #expect(message.hasPrefix("\(bad): column s, row group 0: a \(codec) page that does not decompress"), "\(message)")
        }
    }

    @Test func hivePartitionsAreDetectedUnlessTurnedOff() throws {
        let folder = try Folder()
        let zstd = try ParquetTableTests.bytes("duckdb_zstd.parquet")
        _ = try folder.write("data/year=2023/month=1/a.parquet", zstd)
        _ = try folder.write("data/year=2024/month=12/b.parquet", zstd)
        _ = try folder.write("mixed/year=2023/a.parquet", zstd)
        _ = try folder.write("mixed/other/b.parquet", zstd)
        let db = try catalogConnection()
        let pattern = folder.path("data/*/*/*.parquet")
        #expect(try rows(db, "select year, month, count(*) from '\(pattern)' group by 1, 2 order by 1").map { $0.map(ParquetTableTests.render) }
                    == [["2023", "1", "3000"], ["2024", "12", "3000"]])
        #expect(try rows(db, "select typeof(year), typeof(month) from read_parquet('\(pattern)') limit 1").map { $0.map(ParquetTableTests.render) }
                    == [["integer", "integer"]])
        #expect(try db.prepare("select * from read_parquet('\(pattern)', hive_partitioning=false)").columnCount == 2)
        #expect(try db.prepare("select * from read_parquet('\(pattern)', hive_partitioning=true)").columnCount == 4)
        #expect(try db.prepare("select * from '\(folder.path("data/year=2023/month=1/a.parquet"))'").columnCount == 4)
        // Paths whose keys differ are not partitions unless asked for.
        let mixed = folder.path("mixed/*/*.parquet")
        #expect(try db.prepare("select * from '\(mixed)'").columnCount == 2)
        #expect(try rows(db, "select year, count(*) from read_parquet('\(mixed)', hive_partitioning=true) group by 1 order by 1")
                    .map { $0.map(ParquetTableTests.render) } == [["NULL", "3000"], ["2023", "3000"]])
        #expect(ParquetLayout.detectsHivePartitions(["a/k=1/f", "a/k=2/f"]))
        #expect(!ParquetLayout.detectsHivePartitions(["a/k=1/f", "a/j=2/f"]))
        #expect(!ParquetLayout.detectsHivePartitions(["a/k=1/f", "a/f"]))
        #expect(!ParquetLayout.detectsHivePartitions(["k=1"]))
        #expect(!ParquetLayout.detectsHivePartitions([]))
    }
}
