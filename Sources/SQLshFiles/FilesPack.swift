import SQLshCatalog
import SQLshCore

/// The `files` pack: CSV, TSV, JSON and NDJSON files (gzip-compressed or not) and Parquet
/// files queried in place, as DuckDB does: `select * from 'data.csv'`, `read_csv(FILE, ...)`,
/// `read_json(FILE, ...)`, `read_ndjson(FILE, ...)`, `read_parquet(FILE, ...)`.
enum FilesPack {
    /// The pack's name in the catalog.
    static let name = "files"

    /// Its functions registered as soon as a connection opens: the modules.
    static var upFront: [CatalogFunction] { [readCSV, readJSON, readNDJSON, readParquet] }

    static let pack = FunctionPack(
        name: name,
        summary: "CSV, TSV, JSON, NDJSON (or .gz) and Parquet files as tables: select * from 'data.csv', read_csv(), read_json(), read_parquet()",
        functions: [readCSV, readJSON, readNDJSON, readParquet])

    static let readCSV = CatalogFunction(
        name: "read_csv", kind: .tableValued, arity: "any",
        arguments: "FILE, header, delim, quote, escape, comment, skip, nullstr, columns, names, types, all_varchar, sample_size, ignore_errors, null_padding, dateformat, timestampformat, filename, compression",
        flags: [.directOnly],
        summary: "a CSV or TSV file (or .gz) as a table, columns typed from the data (DuckDB's read_csv)",
        details: """
            read_csv(FILE, option=value, ...) in FROM reads a delimited file in place, one row at a time \
            (a file of any size in constant memory; gzip-compressed files are read as they are). \
            FILE may be a glob pattern ('data/*.csv') or a list (['a.csv', 'b.csv']): the files \
            are read one after another, with the layout and types of the first. \
            The delimiter (, tab ; |), whether the first row is a header, and each column's type \
            (INTEGER, REAL, BOOLEAN, DATE, TIMESTAMP or TEXT) are found from the first sample_size \
            rows (20480; -1 for all); empty fields are NULL. A value that does not read as its \
            column's type is kept as text, except in a DATE or TIMESTAMP column: there it is an \
            error (NULL with ignore_errors). Options, as DuckDB's: header, delim (or sep), quote, \
            escape, comment, skip (lines before the header), nullstr (a string or a list), \
            columns={'a': 'INTEGER', ...} (names and types by hand), names=[...], types=[...] or \
            types={'a': 'REAL'}, all_varchar, auto_detect, sample_size, ignore_errors (skip rows \
            that cannot be read), null_padding (short rows get NULLs; true by default), filename \
            (a column with the file's name), normalize_names, compression ('auto', 'gzip', \
            'none'), max_line_size, dateformat and timestampformat (strftime-style layouts such \
            as '%d/%m/%Y', read as ISO text). A file named in FROM ('data.csv', 'data.tsv', with or without \
            .gz) is read the same way with the default options. read_csv_auto is the same \
            function. Direct-only (not in views or triggers a database holds); refused in -safe mode.
            """,
        example: "SELECT writefile('/tmp/data.csv', 'id;name' || char(10) || '1;ann'); SELECT name FROM read_csv('/tmp/data.csv', header=true, delim=';');  -- 'ann'",
        register: { try register(ReadCSVModule.self, on: $0) },
        unregister: { try unregister(ReadCSVModule.self, from: $0) })

    static let readJSON = CatalogFunction(
        name: "read_json", kind: .tableValued, arity: "any",
        arguments: "FILE, format, columns, sample_size, ignore_errors, filename, compression",
        flags: [.directOnly],
        summary: "a JSON file (an array of objects, or objects one after another) as a table (DuckDB's read_json)",
        details: """
            read_json(FILE, option=value, ...) in FROM reads a JSON file (or a pattern's or a list's \
            files) in place, one record at a time: the elements of a top-level array, or values one after another \
            (newline-delimited JSON); gzip-compressed files are read as they are. The columns \
            are the keys of the objects (all the keys met in the first sample_size records, in \
            the order met); a file of other values has one column, json. Types: INTEGER, REAL, \
            BOOLEAN, TEXT, DATE and TIMESTAMP for strings that are all dates or timestamps, JSON \
            for objects and arrays (minified JSON text); a missing key or null is NULL. Options: \
            format ('auto', 'array', 'newline_delimited'), columns={'a': 'INTEGER', ...}, \
            sample_size (-1: the whole file), ignore_errors (skip lines that are not JSON, in \
            newline-delimited files), filename, compression, maximum_object_size. read_json_auto \
            is the same function. Direct-only; refused in -safe mode.
            """,
        example: "SELECT writefile('/tmp/people.json', '[{\"name\":\"ann\",\"age\":41},{\"name\":\"bob\",\"age\":25}]'); SELECT name, age FROM read_json('/tmp/people.json') WHERE age > 30;  -- 'ann'|41",
        register: { try register(ReadJSONModule.self, on: $0) },
        unregister: { try unregister(ReadJSONModule.self, from: $0) })

    static let readNDJSON = CatalogFunction(
        name: "read_ndjson", kind: .tableValued, arity: "any",
        arguments: "FILE, columns, sample_size, ignore_errors, filename, compression",
        flags: [.directOnly],
        summary: "a newline-delimited JSON file as a table: read_json(FILE, format='newline_delimited')",
        details: """
            read_ndjson(FILE, ...) is read_json with format='newline_delimited': one JSON value per \
            line (objects, whose keys are the columns). ignore_errors=true skips lines that are \
            not JSON. read_ndjson_auto is the same function. Direct-only; refused in -safe mode.
            """,
        example: "SELECT writefile('/tmp/events.ndjson', '{\"e\":1}' || char(10) || '{\"e\":2}'); SELECT count(*) FROM read_ndjson('/tmp/events.ndjson', ignore_errors=true);  -- 2",
        register: { try register(ReadNDJSONModule.self, on: $0) },
        unregister: { try unregister(ReadNDJSONModule.self, from: $0) })

    static let readParquet = CatalogFunction(
        name: "read_parquet", kind: .tableValued, arity: "any",
        arguments: "FILE, filename, union_by_name, hive_partitioning",
        flags: [.directOnly],
        summary: "a Parquet file as a table, read in place one row group at a time (DuckDB's read_parquet)",
        details: """
            read_parquet(FILE, option=value, ...) in FROM reads a Parquet file (or a pattern's or a list's \
            files) in place: only the columns the query uses are read, one row group at a time, and row \
            groups whose min/max statistics rule out a =, <, <=, >, >= or BETWEEN on a column are \
            skipped. Types: booleans as 0/1, integers, floats, strings, binary as blobs, DATE as \
            'YYYY-MM-DD', TIME, TIMESTAMP (millis, micros, nanos, INT96) as 'YYYY-MM-DD HH:MM:SS[.fff]', \
            DECIMAL as a real when its digits fit one exactly and as text otherwise, UUID and JSON as \
            text; lists, maps and structs as JSON text ([1,2], {"a":1}). Pages v1 and v2, dictionary \
            pages, every standard encoding, and SNAPPY, GZIP, ZSTD, LZ4_RAW compression. Options: \
            filename (a column with the file's name), union_by_name (the columns of all the files, by \
            name; NULL where a file lacks one), hive_partitioning (a column per key=value folder of \
            the path; by default when every path has the same keys, as in DuckDB). A file named in FROM ('data.parquet') is read the same way. read_parquet_auto \
            is the same function. Direct-only; refused in -safe mode.
            """,
        example: "SELECT writefile('/tmp/n.parquet', X'504152311500151C151C2C15041500150615061C00000002000000040129000000010000001504192C35001806736368656D611502001502250218016E001604191C191C26001C1502192506001918016E15001604164216422608491C150015001502003C2906192600040000001642160426081642002820706172717565742D6370702D6172726F772076657273696F6E2032362E302E31191C1C0000007A00000050415231'); SELECT sum(n) FROM read_parquet('/tmp/n.parquet');  -- 42",
        register: { try register(ReadParquetModule.self, on: $0) },
        unregister: { try unregister(ReadParquetModule.self, from: $0) })

    /// Registers a reader's module under its name and its `_auto` name (DuckDB's two names).
    private static func register<M: FileTableModule>(_ module: M.Type, on connection: Connection) throws {
        for name in [M.function, M.function + "_auto"] { try connection.addVirtualTableModule(name, module) }
    }

    private static func unregister<M: FileTableModule>(_ module: M.Type, from connection: Connection) throws {
        for name in [M.function, M.function + "_auto"] { try connection.removeTableValuedFunction(named: name) }
    }
}
