import Foundation
import Testing
@testable import SQLshParquet

/// The writer's DECIMAL, TIME and TIMESTAMP WITH TIME ZONE columns and its version 2 data
/// pages: read back here, and by pyarrow and DuckDB when python3 has them.
@Suite struct ParquetWriterTypesTests {
    static func text(_ s: String, _ body: (ParquetInputValue) throws -> Void) rethrows {
        try Array(s.utf8).withUnsafeBytes { try body(.text($0)) }
    }

    static func unscaled(_ s: String, _ precision: Int, _ scale: Int) -> Int128? {
        Array(s.utf8).withUnsafeBytes { DecimalValue.unscaled(.text($0), precision: precision, scale: scale) }
    }

    @Test func decimalValuesFitOnlyWhenExact() {
        #expect(Self.unscaled("123.45", 5, 2) == 12345)
        #expect(Self.unscaled("-0.5", 5, 2) == -50)
        #expect(Self.unscaled("+7", 5, 2) == 700)
        #expect(Self.unscaled("1.5e2", 5, 2) == 15000)
        #expect(Self.unscaled("12.3000000", 5, 2) == 1230)
        #expect(Self.unscaled("000123.4", 5, 1) == 1234)
        #expect(Self.unscaled(".5", 3, 1) == 5)
        #expect(Self.unscaled("1.234", 5, 2) == nil)  // not exact at scale 2: never rounded
        #expect(Self.unscaled("1000", 5, 2) == nil)  // 6 digits
        #expect(Self.unscaled("999.99", 5, 2) == 99999)
        #expect(Self.unscaled("1e400", 38, 0) == nil)
        #expect(Self.unscaled("0e400", 38, 0) == 0)
        #expect(Self.unscaled("99999999999999999999999999999999999999", 38, 0) == DecimalValue.powers[38] - 1)
        #expect(Self.unscaled("100000000000000000000000000000000000000", 38, 0) == nil)
        for bad in ["", "-", ".", "1.2.3", "1e", "abc", "1 ", " 1", "0x10", "1e+"] {
            #expect(Self.unscaled(bad, 10, 2) == nil, "\(bad)")
        }
        #expect(DecimalValue.unscaled(.real(0.1), precision: 5, scale: 2) == 10)
        #expect(DecimalValue.unscaled(.real(-2.675), precision: 5, scale: 3) == -2675)
        #expect(DecimalValue.unscaled(.real(1e-5), precision: 10, scale: 5) == 1)
        #expect(DecimalValue.unscaled(.real(.nan), precision: 10, scale: 5) == nil)
        #expect(DecimalValue.unscaled(.real(.infinity), precision: 10, scale: 5) == nil)
        #expect(DecimalValue.unscaled(.integer(.max), precision: 38, scale: 18) == Int128(Int64.max) * DecimalValue.powers[18])
        #expect(DecimalValue.unscaled(.integer(.min), precision: 38, scale: 19) == Int128(Int64.min) * DecimalValue.powers[19])
        #expect(DecimalValue.unscaled(.integer(1), precision: 38, scale: 38) == nil)
        #expect(DecimalValue.unscaled(.null, precision: 5, scale: 2) == nil)
    }

    @Test func timesAndZonedTimestamps() {
        func time(_ s: String) -> Int64? { Array(s.utf8).withUnsafeBytes { DateTimeText.timeOfDay($0) } }
        func utc(_ s: String) -> Int64? { Array(s.utf8).withUnsafeBytes { DateTimeText.microsUTC($0) } }
        #expect(time("00:00:00") == 0)
        #expect(time("12:34") == 45_240_000_000)
        #expect(time("23:59:59.999999") == 86_399_999_999)
        #expect(time("01:02:03.5") == 3_723_500_000)
        for bad in ["24:00:00", "1:02:03", "12:60:00", "12:00:00.1234567", "12:00:00Z", "", "2024-01-01 12:00:00"] {
            #expect(time(bad) == nil, "\(bad)")
        }
        let base = utc("2024-01-02 03:04:05")
        #expect(base == 1_704_164_645_000_000)
        #expect(utc("2024-01-02T03:04:05Z") == base)
        #expect(utc("2024-01-02 03:04:05+00") == base)
        #expect(utc("2024-01-02 05:04:05+02") == base)
        #expect(utc("2024-01-02 08:34:05+05:30") == base)
        #expect(utc("2024-01-02 08:34:05 +0530") == base)
        #expect(utc("2024-01-01 23:04:05-04:00") == base)
        #expect(utc("2024-01-02 03:04:05.25Z") == base.map { $0 + 250_000 })
        for bad in ["2024-01-02 03:04:05+5", "2024-01-02 03:04:05+25:00", "2024-01-02 03:04:05+02:3", "2024-01-02 03:04:05 UTC",
                    "2024-01-02 03:04:05+02:00:00", "2024-01-02Z", "2024-01-02 03:04:05++02"] {
            #expect(utc(bad) == nil, "\(bad)")
        }
    }

    @Test func declaredTypesChooseTheseColumns() {
        func chosen(_ declared: String, _ values: [String]) -> ParquetColumnType {
            var chooser = ParquetColumnTypeChooser(declaredType: declared)
            for v in values { Self.text(v) { chooser.observe($0) } }
            return chooser.chosen
        }
        #expect(chosen("decimal(10,2)", ["1.25", "-3"]) == .decimal(precision: 10, scale: 2))
        #expect(chosen("NUMERIC( 38 , 10 )", []) == .decimal(precision: 38, scale: 10))
        #expect(chosen("decimal(5)", ["12345"]) == .decimal(precision: 5, scale: 0))
        #expect(chosen("decimal(10,2)", ["1.255"]) == .string)
        #expect(chosen("decimal(39,2)", []) == .double)
        #expect(chosen("decimal(4,5)", []) == .double)
        #expect(chosen("decimal", []) == .double)
        #expect(chosen("time", ["12:00:00", "23:59:59.5"]) == .time)
        #expect(chosen("time", ["12:00:00", "noon"]) == .string)
        #expect(chosen("timestamptz", ["2024-01-01 00:00:00+01", "2024-01-01 00:00:00"]) == .timestampTZ)
        #expect(chosen("Timestamp  With Time Zone", ["2024-01-01T00:00:00Z"]) == .timestampTZ)
        #expect(chosen("timestamp", ["2024-01-01 00:00:00+01"]) == .string)
        var chooser = ParquetColumnTypeChooser(declaredType: "decimal(6,2)")
        chooser.observe(.integer(12))
        chooser.observe(.real(0.25))
        #expect(chooser.chosen == .decimal(precision: 6, scale: 2))
        chooser.observe(.real(0.125))
        #expect(chooser.chosen == .double)
        var wide = ParquetColumnTypeChooser(declaredType: "decimal(3,0)")
        wide.observe(.integer(1000))
        #expect(wide.chosen == .int64)
    }

    static let rows: [[String?]] = [
        ["1.25", "12345678.9", "-12345678901234567890.123456789", "12:34:56.789", "2024-01-02 03:04:05+02:00", "1"],
        [nil, nil, nil, nil, nil, "2"],
        ["-999.99", "-0.1", "99999999999999999999999999999.999999999", "00:00:00", "1970-01-01 00:00:00Z", "3"],
        ["0", "0", "0.000000001", "23:59:59.999999", "1999-12-31 23:59:59.123456", "4"],
    ]
    static let types: [(String, ParquetColumnType)] = [
        ("d5", .decimal(precision: 5, scale: 2)), ("d18", .decimal(precision: 18, scale: 4)), ("d38", .decimal(precision: 38, scale: 9)),
        ("t", .time), ("tz", .timestampTZ), ("n", .int64),
    ]
    /// How the reader (and DuckDB's answers rendered as sqlsh renders them) shows ``rows``.
    static let expected: [[String]] = [
        ["1.25", "12345678.9", "-12345678901234567890.123456789", "12:34:56.789", "2024-01-02 01:04:05", "1"],
        ["NULL", "NULL", "NULL", "NULL", "NULL", "2"],
        ["-999.99", "-0.1", "99999999999999999999999999999.999999999", "00:00:00", "1970-01-01 00:00:00", "3"],
        ["0", "0", "1e-09", "23:59:59.999999", "1999-12-31 23:59:59.123456", "4"],
    ]

    static func write(_ options: ParquetWriteOptions) throws -> String {
        var writer = try ParquetFileWriter(columns: types.map { .init(name: $0.0, type: $0.1) }, options: options, output: ParquetMemoryOutput())
        for row in rows {
            for (c, cell) in row.enumerated() {
                if c == 5, let cell, let n = Int64(cell) {
                    try writer.append(.integer(n), column: c)
                } else if let cell {
                    try Self.text(cell) { try writer.append($0, column: c) }
                } else {
                    try writer.append(.null, column: c)
                }
            }
            try writer.endRow()
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-types-\(UUID().uuidString).parquet").path
        try Data(try writer.finish().bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [1, 2], [CompressionCodec.snappy, .uncompressed, .zstd, .brotli])
    func typesAndPageVersionsReadBack(version: Int, codec: CompressionCodec) throws {
        var options = ParquetWriteOptions()
        options.dataPageVersion = version
        options.compression = codec
        let path = try Self.write(options)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try WrittenFiles.read(path) == Self.expected)
        let file = try ParquetFile(path: path, limits: ParquetLimits(lengthLimit: 1 << 30))
        let columns = ParquetColumn.columns(of: file.schema)
        #expect(columns.map(\.declaredType) == ["DECIMAL(5,2)", "DECIMAL(18,4)", "DECIMAL(38,9)", "TIME", "TIMESTAMP WITH TIME ZONE", "BIGINT"])
        #expect(file.schema.leaves.map { $0.element.type } == [.int32, .int64, .fixedLenByteArray, .int64, .int64, .int64])
        #expect(file.schema.leaves[2].element.typeLength == 16)
        // Statistics: the decimals' min and max as the values are shown.
        let stats = (0..<3).map { file.statistics(rowGroup: 0, column: columns[$0]) }
        #expect(stats[0]?.min == .real(-999.99) && stats[0]?.max == .real(1.25))
        #expect(stats[1] == nil)  // 18 digits: some values would be text
        // Big-endian two's complement, 16 bytes: the negative minimum starts with its sign's 0xFF.
        #expect(file.metadata.rowGroups[0].columns[2].metaData?.statistics?.minValue?.count == 16)
        #expect(file.metadata.rowGroups[0].columns[2].metaData?.statistics?.minValue?.first == 0xFF)
        #expect((file.metadata.rowGroups[0].columns[2].metaData?.statistics?.maxValue?.first ?? 0xFF) < 0x80)
        #expect(file.statistics(rowGroup: 0, column: columns[3])?.max == .text(Array("23:59:59.999999".utf8)))
        #expect(file.statistics(rowGroup: 0, column: columns[4])?.min == .text(Array("1970-01-01 00:00:00".utf8)))

        guard let check = WrittenFiles.python("""
            import duckdb
            print(duckdb.sql("select column_type from (describe select * from '\(path)')").fetchall())
            print(duckdb.sql("select d5::varchar, d18::varchar, d38::varchar, t::varchar, epoch_us(tz), n from '\(path)'").fetchall())
            print(duckdb.sql("select type, encodings from parquet_metadata('\(path)') order by column_id").fetchall())
            """) else { return }
        #expect(check == """
            [('DECIMAL(5,2)',), ('DECIMAL(18,4)',), ('DECIMAL(38,9)',), ('TIME',), ('TIMESTAMP WITH TIME ZONE',), ('BIGINT',)]
            [('1.25', '12345678.9000', '-12345678901234567890.123456789', '12:34:56.789', 1704157445000000, 1), \
            (None, None, None, None, None, 2), ('-999.99', '-0.1000', '99999999999999999999999999999.999999999', '00:00:00', 0, 3), \
            ('0.00', '0.0000', '0.000000001', '23:59:59.999999', 946684799123456, 4)]
            [('INT32', 'PLAIN, RLE'), ('INT64', 'PLAIN, RLE'), ('FIXED_LEN_BYTE_ARRAY', 'PLAIN, RLE'), ('INT64', 'PLAIN, RLE'), \
            ('INT64', 'PLAIN, RLE'), ('INT64', 'PLAIN, RLE')]

            """, "version \(version) \(codec)")
        guard let arrow = WrittenFiles.python("""
            import pyarrow.parquet as pq
            f = pq.ParquetFile('\(path)')
            print(f.schema_arrow)
            print(f.read().to_pylist()[0])
            print(f.metadata.row_group(0).column(2).statistics.min, f.metadata.row_group(0).column(2).statistics.max)
            """) else { return }
        #expect(arrow.contains("d38: decimal128(38, 9)") && arrow.contains("t: time64[us]") && arrow.contains("tz: timestamp[us, tz=UTC]"), "\(arrow)")
        #expect(arrow.contains("'d38': Decimal('-12345678901234567890.123456789'), 't': datetime.time(12, 34, 56, 789000)"), "\(arrow)")
        #expect(arrow.hasSuffix("-12345678901234567890.123456789 99999999999999999999999999999.999999999\n"), "\(arrow)")
    }

    @Test func decimalByteLengthsAreTheShortest() {
        // pyarrow's lengths: the fewest bytes whose two's complement holds the precision.
        let lengths = [19: 9, 20: 9, 21: 9, 22: 10, 23: 10, 24: 11, 28: 12, 38: 16]
        for (precision, length) in lengths {
            #expect(ParquetColumnType.decimal(precision: precision, scale: 0).decimalByteLength == length, "\(precision)")
        }
    }
}
