import Foundation
import Testing

/// `copy ... to 'x.parquet'` with the built binary, the files read back by DuckDB and pyarrow
/// (python3's `duckdb` and `pyarrow`; those checks are skipped when they are missing).
struct ParquetCopyCommandLineTests {
    static let setup = """
        create table t(i integer, r real, s text, b blob, m, flag boolean, d date, ts timestamp);
        insert into t values
          (1, 1.5, 'héllo ✓', x'00ff', 1, 1, '2024-01-31', '2024-01-31 10:20:30.5'),
          (null, null, '', x'', 'two', 0, null, null),
          (-9223372036854775808, -0.0, null, null, 3.5, null, '1970-01-01', '1970-01-01 00:00:00'),
          (9223372036854775807, 1e300, 'a''b', zeroblob(3), x'41', 1, '2000-02-29', '2000-02-29 23:59:59.999999');

        """

    /// What DuckDB and pyarrow read back of `t`, one row a line (NULL, hex blobs, Python's str).
    static let expectedRows = """
        1|1.5|héllo ✓|x00ff|1|True|2024-01-31|2024-01-31 10:20:30.500000
        NULL|NULL||x|two|False|NULL|NULL
        -9223372036854775808|0.0|NULL|NULL|3.5|NULL|1970-01-01|1970-01-01 00:00:00
        9223372036854775807|1e+300|a'b|x000000|A|True|2000-02-29|2000-02-29 23:59:59.999999

        """

    /// A fresh folder for one test.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlsh-parquet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static var environment: [String: String] {
        ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LC_ALL": "C.UTF-8",
         "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp"]
    }

    /// Runs sqlsh on `sql` (after ``setup``) in `dir`.
    static func sqlsh(_ sql: String, in dir: URL, arguments: [String] = []) throws -> (output: String, status: Int32) {
        let script = dir.appendingPathComponent("script.sql")
        try Data((setup + sql).utf8).write(to: script)
        return try ShellRunner.runMerged("/bin/sh", ["-c", "\"$0\" \"$@\" < script.sql", ShellRunner.sqlshPath] + arguments + [":memory:"],
                                         in: dir, environment: environment)
    }

    /// Whether python3 imports `module`.
    static func hasPython(_ module: String) -> Bool {
        guard let dir = try? folder() else { return false }
        defer { try? FileManager.default.removeItem(at: dir) }
        return (try? ShellRunner.runMerged("/usr/bin/env", ["python3", "-c", "import \(module)"], in: dir, environment: environment).status) == 0
    }

    static let hasDuckDB = hasPython("duckdb")
    static let hasPyarrow = hasPython("pyarrow")

    static let formatter = """
        import sys
        def fmt(v):
            if v is None: return 'NULL'
            if isinstance(v, (bytes, bytearray)): return 'x' + v.hex()
            if isinstance(v, float): return repr(v)
            return str(v)
        def show(rows):
            for row in rows: print('|'.join(fmt(v) for v in row))

        """

    /// Runs a python3 script in `dir`.
    static func python(_ script: String, in dir: URL) throws -> (output: String, status: Int32) {
        try Data((formatter + script).utf8).write(to: dir.appendingPathComponent("read.py"))
        return try ShellRunner.runMerged("/usr/bin/env", ["python3", "read.py"], in: dir, environment: environment)
    }

    static func duckDB(_ query: String, in dir: URL) throws -> String {
        let result = try python("import duckdb\nshow(duckdb.sql(\"\"\"\(query)\"\"\").fetchall())\n", in: dir)
        return result.output
    }

    static func pyarrow(_ file: String, in dir: URL) throws -> String {
        let result = try python("""
            import pyarrow.parquet as pq
            t = pq.read_table('\(file)')
            show([tuple(r.values()) for r in t.to_pylist()])

            """, in: dir)
        return result.output
    }

    @Test func everyTypeAndCodecReadsBackInDuckDBAndPyarrow() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.sqlsh("""
            copy t to 'snappy.parquet';
            copy t to 'zstd.parquet' (compression zstd);
            copy t to 'gzip.parquet' (format parquet, compression 'gzip');
            copy (select * from t) to 'plain.parquet' (compression uncompressed);

            """, in: dir)
        #expect(run.output.isEmpty && run.status == 0, "\(run)")
        for file in ["snappy", "zstd", "gzip", "plain"] {
            let data = try Data(contentsOf: dir.appendingPathComponent(file + ".parquet"))
            #expect(data.prefix(4) == Data("PAR1".utf8) && data.suffix(4) == Data("PAR1".utf8), "\(file)")
        }
        guard Self.hasDuckDB else { return }
        for file in ["snappy", "zstd", "gzip", "plain"] {
            #expect(try Self.duckDB("select * from '\(file).parquet'", in: dir) == Self.expectedRows, "\(file)")
        }
        #expect(try Self.duckDB("select column_name, column_type from (describe select * from 'snappy.parquet')", in: dir) == """
            i|BIGINT
            r|DOUBLE
            s|VARCHAR
            b|BLOB
            m|VARCHAR
            flag|BOOLEAN
            d|DATE
            ts|TIMESTAMP

            """)
        #expect(try Self.duckDB("""
            select path_in_schema, compression, stats_min_value, stats_max_value, stats_null_count
            from parquet_metadata('zstd.parquet') where path_in_schema in ('i', 's', 'd')
            """, in: dir) == """
            i|ZSTD|-9223372036854775808|9223372036854775807|1
            s|ZSTD||héllo ✓|1
            d|ZSTD|1970-01-01|2024-01-31|1

            """)
        guard Self.hasPyarrow else { return }
        for file in ["snappy", "zstd", "gzip", "plain"] {
            #expect(try Self.pyarrow(file + ".parquet", in: dir) == Self.expectedRows, "\(file)")
        }
    }

    @Test func manyRowsMakeRowGroupsAndAnEmptyResultAValidFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.sqlsh("""
            copy (with recursive c(v) as (select 1 union all select v + 1 from c where v < 250000)
                  select v, v * 0.5 as h, 'k' || (v % 3) as k, case when v % 10 = 0 then null else 'row ' || v end as s from c)
              to 'big.parquet' (row_group_size 100000);
            copy (select * from t where 0) to 'empty.parquet';
            copy (select 1 as a, 'x' as a, null as n) to 'names.parquet';

            """, in: dir)
        #expect(run.output.isEmpty && run.status == 0, "\(run)")
        guard Self.hasDuckDB else { return }
        #expect(try Self.duckDB("""
            select count(*), sum(v), sum(h), count(distinct k), count(s), max(s) from 'big.parquet'
            """, in: dir) == "250000|31250125000|15625062500.0|3|225000|row 99999\n")
        #expect(try Self.duckDB("select row_group_id, row_group_num_rows from parquet_metadata('big.parquet') where path_in_schema = 'k'",
                                in: dir) == "0|100000\n1|100000\n2|50000\n")
        #expect(try Self.duckDB("select count(*) from 'empty.parquet'", in: dir) == "0\n")
        #expect(try Self.duckDB("select column_name, column_type from (describe select * from 'empty.parquet')", in: dir)
                .split(separator: "\n").count == 8)
        #expect(try Self.duckDB("select * from 'names.parquet'", in: dir) == "1|x|NULL\n")
        #expect(try Self.duckDB("select column_name from (describe select * from 'names.parquet')", in: dir) == "a\na_1\nn\n")
        guard Self.hasPyarrow else { return }
        #expect(try Self.python("""
            import pyarrow.parquet as pq
            t = pq.read_table('big.parquet')
            print(t.num_rows, t.column('v').to_pylist()[-1], t.column('k').to_pylist()[:4], t.column('s').null_count)
            print(pq.read_table('empty.parquet').num_rows)

            """, in: dir).output == "250000 250000 ['k1', 'k2', 'k0', 'k1'] 25000\n0\n")
    }

    @Test func failuresWriteNothingAndKeepTheOldFile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("old\n".utf8).write(to: dir.appendingPathComponent("keep.parquet"))
        let run = try Self.sqlsh("""
            copy t to 'nosuchdir/x.parquet';
            copy (select 1 union all select abs(-9223372036854775807 - 1)) to 'keep.parquet';
            copy t to 'x.parquet' (compression lzo);
            copy t to 'x.parquet' (row_group_size 0);
            copy t to 'x.parquet' (header false);
            copy t to 'x.csv' (compression zstd);
            copy t to 'x.parquet' (parquet_version v3);

            """, in: dir)
        #expect(run.output == """
            Runtime error near line 7: copy: cannot write nosuchdir/x.parquet: No such file or directory
            Runtime error near line 8: integer overflow
            Parse error near line 9: copy: unsupported compression: lzo (supported: snappy, zstd, gzip, lz4, lz4_raw, brotli, uncompressed)
            Parse error near line 10: copy: row_group_size needs a positive integer: 0
            Parse error near line 11: copy: option header does not apply to parquet
            Parse error near line 12: copy: option compression applies to parquet only
            Parse error near line 13: copy: parquet_version is v1 or v2: v3

            """, "\(run)")
        #expect(try String(contentsOf: dir.appendingPathComponent("keep.parquet"), encoding: .utf8) == "old\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["keep.parquet", "script.sql"], "\(left)")
        // An interrupt (here the progress handler's limit, as Ctrl-C would) in the second pass.
        let interrupted = try Self.sqlsh("""
            .progress 1000 --limit 3 --quiet
            copy (with recursive c(v) as (select 1 union all select v + 1 from c where v < 1000000) select v from c) to 'keep.parquet';

            """, in: dir)
        #expect(interrupted.output.contains("Runtime error near line 8: interrupted"), "\(interrupted)")
        #expect(try String(contentsOf: dir.appendingPathComponent("keep.parquet"), encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["keep.parquet", "script.sql"])
        let safe = try Self.sqlsh("copy t to 's.parquet';\n", in: dir, arguments: ["-safe"])
        #expect(safe.status == 1 && safe.output.contains("cannot run COPY ... TO in safe mode"), "\(safe)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.parquet").path))
    }

    @Test func sqlshReadsBackWhatItWrote() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.sqlsh("""
            copy t to 'rt.parquet' (compression zstd);
            select quote(i), quote(r), quote(s), quote(b), quote(m), quote(flag), quote(d), quote(ts) from 'rt.parquet';
            create table g as
              with recursive c(v) as (select 1 union all select v + 1 from c where v < 3000)
              select v, random() as r, hex(randomblob(v % 20)) as h, randomblob(v % 7) as b,
                     case v % 4 when 0 then null when 1 then v when 2 then v * 1.5 else 'x' || v end as mixed,
                     case when v % 3 = 0 then null else v * 0.25 end as q
              from c;
            copy g to 'g.parquet' (row_group_size 700);
            select count(*) from g join 'g.parquet' p using (v)
              where p.r is g.r and p.h is g.h and p.b is g.b and p.mixed is cast(g.mixed as text) and p.q is g.q;
            select typeof(r), typeof(h), typeof(b), typeof(mixed), typeof(q), count(*) from 'g.parquet' group by all order by all;

            """, in: dir)
        #expect(run.output == """
            1|1.5|'héllo ✓'|X'00FF'|'1'|1|'2024-01-31'|'2024-01-31 10:20:30.5'
            NULL|NULL|''|X''|'two'|0|NULL|NULL
            -9223372036854775808|0.0|NULL|NULL|'3.5'|NULL|'1970-01-01'|'1970-01-01 00:00:00'
            9223372036854775807|1.0e+300|'a''b'|X'000000'|'A'|1|'2000-02-29'|'2000-02-29 23:59:59.999999'
            3000
            integer|text|blob|null|null|250
            integer|text|blob|null|real|500
            integer|text|blob|text|null|750
            integer|text|blob|text|real|1500

            """, "\(run)")
    }

    @Test func aStatementThatWritesRunsOnceAndHugeValuesFit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.sqlsh("""
            create table u(a);
            copy (with recursive c(v) as (select 1 union all select v + 1 from c where v < 5) insert into u select v from c returning a)
              to 'ins.parquet' (row_group_size 2);
            select count(*), sum(a) from u;
            select count(*), sum(a) from 'ins.parquet';
            copy (insert into u values (6), (7), ('x') returning a) to 'bad.parquet' (row_group_size 2);
            copy (select zeroblob(20000000) as z, printf('%.*c', 5000000, 'x') as s, 1 as n) to 'huge.parquet';
            select length(z), length(s), n from 'huge.parquet';

            """, in: dir)
        #expect(run.output == """
            5|15
            5|15
            Runtime error near line 12: copy: cannot write bad.parquet: column a is BIGINT, and the text 'x' is not one (the query's values changed type after the column's type was chosen)
            20000000|5000000|1

            """, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.parquet").path))
        guard Self.hasDuckDB else { return }
        #expect(try Self.duckDB("select octet_length(z), length(s), n from 'huge.parquet'", in: dir) == "20000000|5000000|1\n")
    }

    /// DECIMAL, TIME and TIMESTAMP WITH TIME ZONE columns (from their declared types), data
    /// pages v2, and the LZ4 and BROTLI codecs: DuckDB and pyarrow read the files back equal.
    @Test func decimalTimeZonedTimestampsAndVersion2Pages() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try Self.sqlsh("""
            create table x(d decimal(10,2), w numeric(38, 6), tm time, tz timestamptz, tz2 timestamp with time zone, n int);
            insert into x values (1.25, 123456789012.5, '12:34:56.5', '2024-01-02 03:04:05+02:00', '2024-01-02T01:04:05Z', 1),
              (-0.5, -1, '00:00:00', '1970-01-01 00:00:00', null, 2), (null, null, null, null, null, 3);
            copy x to 'v2.parquet' (parquet_version v2, compression brotli);
            copy x to 'lz4.parquet' (compression lz4);
            copy x to 'v1.parquet' (format parquet, parquet_version 'V1', compression 'ZSTD');
            select * from 'v2.parquet';
            describe 'lz4.parquet';

            """, in: dir)
        #expect(run.output == """
            1.25|123456789012.500000|12:34:56.5|2024-01-02 01:04:05|2024-01-02 01:04:05|1
            -0.5|-1.0|00:00:00|1970-01-01 00:00:00||2
            |||||3
            d|DECIMAL(10,2)|YES|||
            w|DECIMAL(38,6)|YES|||
            tm|TIME|YES|||
            tz|TIMESTAMP WITH TIME ZONE|YES|||
            tz2|TIMESTAMP WITH TIME ZONE|YES|||
            n|BIGINT|YES|||

            """, "\(run)")
        guard Self.hasDuckDB else { return }
        let expected = """
            1.25|123456789012.500000|12:34:56.5|1704157445000000|1704157445000000|1
            -0.50|-1.000000|00:00:00|0|NULL|2
            NULL|NULL|NULL|NULL|NULL|3

            """
        for file in ["v2", "lz4", "v1"] {
            #expect(try Self.duckDB("select d::varchar, w::varchar, tm::varchar, epoch_us(tz), epoch_us(tz2), n from '\(file).parquet'",
                                    in: dir) == expected, "\(file)")
        }
        #expect(try Self.duckDB("""
            select distinct compression from parquet_metadata('v2.parquet') union all
            select distinct compression from parquet_metadata('lz4.parquet') union all
            select distinct compression from parquet_metadata('v1.parquet')
            """, in: dir) == "BROTLI\nLZ4_RAW\nZSTD\n")
        guard Self.hasPyarrow else { return }
        #expect(try Self.python("""
            import pyarrow.parquet as pq
            for name in ['v2', 'lz4', 'v1']:
                t = pq.read_table(name + '.parquet')
                print(t.schema.types)
                show([tuple(r.values()) for r in t.to_pylist()])

            """, in: dir).output == String(repeating: """
            [Decimal128Type(decimal128(10, 2)), Decimal128Type(decimal128(38, 6)), Time64Type(time64[us]), \
            TimestampType(timestamp[us, tz=UTC]), TimestampType(timestamp[us, tz=UTC]), DataType(int64)]
            1.25|123456789012.500000|12:34:56.500000|2024-01-02 01:04:05+00:00|2024-01-02 01:04:05+00:00|1
            -0.50|-1.000000|00:00:00|1970-01-01 00:00:00+00:00|NULL|2
            NULL|NULL|NULL|NULL|NULL|3

            """, count: 3))
    }

    /// pyarrow's decimals (up to 38 digits, shown as text past 15), times and zoned timestamps,
    /// copied through sqlsh: DuckDB finds the same values and types in both files.
    @Test func decimalsTimesAndZonedTimestampsRoundTrip() throws {
        guard Self.hasDuckDB else { return }
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/parquet/flat_snappy.parquet").path
        let columns = "i64, dec9, dec18, dec38, t_ms, t_us, ts_us, ts_tz, d"
        let run = try Self.sqlsh("""
            copy (select \(columns) from '\(fixture)') to 'rt.parquet' (parquet_version v2);

            """, in: dir)
        #expect(run.output.isEmpty && run.status == 0, "\(run)")
        #expect(try Self.duckDB("""
            select count(*) from (select \(columns) from '\(fixture)' except select * from 'rt.parquet')
            union all select count(*) from 'rt.parquet'
            """, in: dir) == "0\n4\n")
        #expect(try Self.duckDB("select column_type from (describe select * from 'rt.parquet')", in: dir)
                    == "BIGINT\nDECIMAL(9,2)\nDECIMAL(18,4)\nDECIMAL(38,10)\nTIME\nTIME\nTIMESTAMP\nTIMESTAMP WITH TIME ZONE\nDATE\n")
    }

    /// Partitions in `key=value` folders are found without asking, as DuckDB finds them.
    @Test func hivePartitionsAsDuckDBReadsThem() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for folder in ["p/region=eu/year=2023", "p/region=us/year=2024", "p/region=eu/year=2024"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let queries = [
            "select region, year, count(*), sum(v) from 'p/*/*/*.parquet' group by all order by all",
            "select count(*) from read_parquet('p/*/*/*.parquet') where year = 2024 and region = 'eu'",
            "select * from read_parquet('p/region=eu/year=2023/a.parquet', hive_partitioning = false) where v = 3",
            "select * from 'p/region=eu/year=2023/a.parquet' where v = 3",
        ]
        let run = try Self.sqlsh("""
            copy (select value as v from generate_series(1, 10)) to 'p/region=eu/year=2023/a.parquet';
            copy (select value * 2 as v from generate_series(1, 5)) to 'p/region=us/year=2024/b.parquet';
            copy (select 7 as v) to 'p/region=eu/year=2024/c.parquet';
            \(queries.joined(separator: ";\n"));

            """, in: dir)
        #expect(run.output == """
            eu|2023|10|55
            eu|2024|1|7
            us|2024|5|30
            1
            3
            3|eu|2023

            """, "\(run)")
        guard Self.hasDuckDB else { return }
        #expect(try queries.map { try Self.duckDB($0, in: dir) }.joined() == "eu|2023|10|55\neu|2024|1|7\nus|2024|5|30\n1\n3\n3|eu|2023\n")
    }
}
