import SQLshCatalog
import SQLshParquet

/// The statement-level forms: `describe`, `show`, `summarize`, `copy`.
extension FriendlyForms {
    /// What `describe`, `summarize` and `copy` read: the SQL text that may follow FROM, and
    /// the name to show in errors.
    struct Source {
        var sql: String
        var shown: String
    }

    /// The source named by tokens `range`: a table or view (`t`, `main.t`, `"a b"`), a quoted
    /// file name, `(query)` or a bare query (`select ...`, `from t`, `with ...`, `values ...`).
    static func source(_ t: FriendlyTokens, _ range: Range<Int>, schema: any FriendlySchema) -> Source? {
        guard !range.isEmpty, range.upperBound <= t.count else { return nil }
        let first = range.lowerBound
        let text = t.source(range)
        if range.count == 1 && t.tokens[first].kind == .string {
            return Source(sql: text, shown: t.unquoted(first) ?? text)
        }
        if t.isOp(first, "("), t.closing(first) == range.upperBound - 1 {
            let inner = t.source((first + 1)..<(range.upperBound - 1))
            return Source(sql: "(" + (FriendlySQL.rewriteQuery(inner, schema: schema) ?? inner) + ")", shown: text)
        }
        if let word = t.lower(first), ["select", "from", "with", "values"].contains(word), t.tokens[first].isWord {
            return Source(sql: "(" + (FriendlySQL.rewriteQuery(text, schema: schema) ?? text) + ")", shown: text)
        }
        // A name, maybe qualified: name (. name)*
        var k = first
        while k < range.upperBound {
            guard t.tokens[k].isWord || t.tokens[k].kind == .quotedIdentifier else { return nil }
            k += 1
            if k == range.upperBound { break }
            guard t.isOp(k, ".") else { return nil }
            k += 1
            if k == range.upperBound { return nil }
        }
        return Source(sql: text, shown: t.unquoted(range.upperBound - 1) ?? text)
    }

    // MARK: 2. describe, show

    /// `describe X`, `show X`: one row per column (`column_name`, `column_type`, `null`, `key`,
    /// `default`, `extra`); `show tables`; `show all tables`.
    static func describeOrShow(_ t: FriendlyTokens, schema: any FriendlySchema) -> FriendlyStatement? {
        if t.isWord(0, "show") {
            if t.count == 2 && t.isWord(1, "tables") { return .query(showTables) }
            if t.count == 3 && t.isWord(1, "all") && t.isWord(2, "tables") { return .query(showAllTables) }
        }
        guard let source = source(t, 1..<t.count, schema: schema) else { return nil }
        guard let columns = schema.columns(of: source.sql), !columns.isEmpty else {
            return .failure("no such table, view or file: \(source.shown)")
        }
        return .query(describeQuery(columns))
    }

    /// The `describe` rows of `columns`, as a query.
    static func describeQuery(_ columns: [FriendlyColumn]) -> String {
        let rows = columns.map { column in
            let null = column.notNull || column.primaryKey ? "'NO'" : "'YES'"
            let key = column.primaryKey ? "'PRI'" : "NULL"
            let dflt = column.defaultValue.map(FriendlySQL.quoteString) ?? "NULL"
            return "(\(FriendlySQL.quoteString(column.name)), \(FriendlySQL.quoteString(column.type)), \(null), \(key), \(dflt), NULL)"
        }
        return "select column1 as column_name, column2 as column_type, column3 as \"null\", column4 as \"key\", "
            + "column5 as \"default\", column6 as extra from (values " + rows.joined(separator: ", ") + ")"
    }

    /// `show tables`: the main schema's tables and views.
    static let showTables = """
        select name from pragma_table_list where schema = 'main' and type in ('table', 'view') \
        and name not like 'sqlite\\_%' escape '\\' order by name
        """

    /// `show all tables`: every schema's tables and views with their columns.
    static let showAllTables = """
        select l.schema as database, 'main' as schema, l.name as name, \
        (select '[' || group_concat(c.name, ', ') || ']' from pragma_table_xinfo(l.name, l.schema) c) as column_names, \
        (select '[' || group_concat(c.type, ', ') || ']' from pragma_table_xinfo(l.name, l.schema) c) as column_types, \
        case when l.schema = 'temp' then 'true' else 'false' end as temporary \
        from pragma_table_list l where l.type in ('table', 'view') \
        and l.name not like 'sqlite\\_%' escape '\\' order by 1, 3
        """

    // MARK: 3. summarize

    /// `summarize X`: one row per column with DuckDB's statistics, from one aggregate pass.
    ///
    /// Each column is read once (`v0`); SQLite's `min`, `max` and `count` take it (they know
    /// its collation), and one internal aggregate per column (``InternalFunctions``) gives the
    /// rest in one step per row: `sqlsh_summarize_numbers(v0)` the distinct count (HyperLogLog,
    /// as DuckDB's `approx_unique`), mean, standard deviation and quartiles of its integers and
    /// reals; `sqlsh_summarize_dates(v0, julianday(v0))` those of an ISO date or time column's
    /// Julian days (no deviation); a text column only its distinct count. Their records are
    /// read with `sqlsh_summarize_field`. The internal names work whatever packs the user
    /// disabled. Benchmarks/friendly.sh times it against a plain aggregate pass.
    static func summarize(_ t: FriendlyTokens, schema: any FriendlySchema) -> FriendlyStatement? {
        guard let source = source(t, 1..<t.count, schema: schema) else { return nil }
        guard let columns = schema.columns(of: source.sql), !columns.isEmpty else {
            return .failure("no such table, view or file: \(source.shown)")
        }
        var reads: [String] = []
        var aggregates: [String] = ["count(*) as n"]
        var rows: [String] = []
        for (i, column) in columns.enumerated() {
            let c = FriendlySQL.quoteName(column.name)
            let kind = SummaryKind(declaredType: column.type)
            reads.append("\(c) as v\(i)")
            aggregates += ["cast(min(v\(i)) as text) as min\(i)", "cast(max(v\(i)) as text) as max\(i)", "count(v\(i)) as c\(i)"]
            func field(_ k: Int) -> String { "\(InternalFunctions.summaryField)(r\(i), \(k))" }
            let unique: String, mean: String, std: String, quartiles: [String]
            switch kind {
            case .text:
                // A column of text affinity holds no numbers: no mean, std or quartiles.
                aggregates.append("\(InternalFunctions.approxUnique)(v\(i)) as u\(i)")
                (unique, mean, std, quartiles) = ("u\(i)", "null", "null", ["null", "null", "null"])
            case .number:
                // Its integers and reals (text and blobs are left out).
                aggregates.append("\(InternalFunctions.numberSummary)(v\(i)) as r\(i)")
                (unique, mean, std) = (field(0), "cast(\(field(1)) as text)", "cast(\(field(2)) as text)")
                quartiles = (3...5).map { "cast(\(field($0)) as text)" }
            case .date, .timestamp:
                // ISO text dates and times, as DuckDB summarizes its DATE and TIMESTAMP
                // columns: the mean as a timestamp, the quartiles in the column's own kind.
                let back = kind == .date ? "date" : "datetime"
                reads.append("julianday(\(c)) as x\(i)")
                aggregates.append("\(InternalFunctions.dateSummary)(v\(i), x\(i)) as r\(i)")
                (unique, mean, std) = (field(0), "datetime(\(field(1)))", "null")
                quartiles = (3...5).map { "\(back)(\(field($0)))" }
            }
            rows.append("select \(FriendlySQL.quoteString(column.name)) as column_name, "
                        + "\(FriendlySQL.quoteString(column.type)) as column_type, min\(i) as min, max\(i) as max, "
                        + "\(unique) as approx_unique, \(mean) as avg, \(std) as std, \(quartiles[0]) as q25, "
                        + "\(quartiles[1]) as q50, \(quartiles[2]) as q75, n as count, "
                        + "case when n > 0 then printf('%.2f', 100.0 * (n - c\(i)) / n) end as null_percentage from s")
        }
        return .query("with s as materialized (select " + aggregates.joined(separator: ", ") + " from (select "
                      + reads.joined(separator: ", ") + " from " + source.sql + ")) " + rows.joined(separator: " union all "))
    }

    /// What `summarize` computes for a column, by its declared type.
    private enum SummaryKind: Equatable {
        /// Text affinity (`TEXT`, `VARCHAR`, `CLOB`...): a base table stores only text there.
        case text
        /// ISO text dates (`DATE`, a file table's inferred dates).
        case date
        /// ISO text timestamps (`TIMESTAMP`, `DATETIME`).
        case timestamp
        /// Anything else: the integers and reals among its values.
        case number

        init(declaredType: String) {
            let type = declaredType.uppercased()
            switch type {
            case "DATE": self = .date
            case "TIMESTAMP", "DATETIME", "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE": self = .timestamp
            default:
                // SQLite's affinity rules: INT first, then CHAR, CLOB or TEXT.
                if type.contains(elements: "INT") { self = .number
                } else if type.contains(elements: "CHAR") || type.contains(elements: "CLOB") || type.contains(elements: "TEXT") { self = .text
                } else { self = .number }
            }
        }
    }

    // MARK: 6. copy

    /// `copy (query) to 'file' [(options)]`, `copy t to 'file'`, `copy t from 'file'`.
    static func copy(_ t: FriendlyTokens, schema: any FriendlySchema) -> FriendlyStatement? {
        // The direction word at depth 0.
        guard let depth = t.depths(),
              let d = (1..<max(t.count, 1)).first(where: { depth[$0] == 0 && (t.isWord($0, "to") || t.isWord($0, "from")) }),
              d > 1, d + 1 < t.count, t.tokens[d + 1].kind == .string,
              let path = t.unquoted(d + 1), let source = source(t, 1..<d, schema: schema) else { return nil }
        var k = d + 2
        if t.isWord(k, "with") { k += 1 }
        var options: [(name: String, value: String?)] = []
        if k < t.count {
            guard t.isOp(k, "("), let close = t.closing(k), close == t.count - 1 else { return nil }
            for part in t.split((k + 1)..<close) where !part.isEmpty {
                guard let name = t.lower(part.lowerBound), t.tokens[part.lowerBound].isWord else { return nil }
                guard part.count <= 2 else { return .failure("copy: bad value for option \(name): \(t.source(part.dropFirst()))") }
                let value = part.count == 2 ? (t.tokens[part.lowerBound + 1].kind == .string
                                               ? t.unquoted(part.lowerBound + 1) : t.lower(part.lowerBound + 1)) : nil
                options.append((name, value))
            }
        }
        if t.isWord(d, "from") {
            guard !source.sql.hasPrefix("(") else { return nil }
            if let option = options.first { return .failure("copy from: unknown option: \(option.name)") }
            return .copyFrom(insert: "insert into \(source.sql) select * from \(FriendlySQL.quoteString(path))", path: path)
        }
        let query = source.sql.hasPrefix("(") ? String(source.sql.dropFirst().dropLast()) : "select * from " + source.sql
        switch copyFormat(path: path, options: options) {
        case .success(let format): return .copyTo(query: query, path: path, format: format)
        case .failure(let error): return .failure(error.message)
        }
    }

    struct OptionError: Error { var message: String }

    /// The format of `COPY ... TO path`: from the options, else from the file's extension.
    static func copyFormat(path: String, options: [(name: String, value: String?)]) -> Result<CopyFormat, OptionError> {
        let lower = path.lowercased()
        var format = lower.hasSuffix(".tsv") ? "tsv" : lower.hasSuffix(".json") ? "json"
            : (lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl")) ? "ndjson"
            : (lower.hasSuffix(".parquet") || lower.hasSuffix(".pq")) ? "parquet" : "csv"
        var header = true
        var textOptions: [String] = []
        var parquetOptions: [String] = []
        var compression = CompressionCodec.snappy
        var rowGroupSize = ParquetWriteOptions().rowGroupSize
        var dataPageVersion = 1
        var delimiter: String?
        var array: Bool?
        func flag(_ name: String, _ value: String?) -> Bool? {
            switch value {
            case nil, "true", "1", "on": return true
            case "false", "0", "off": return false
            default: return nil
            }
        }
        for (name, value) in options {
            switch name {
            case "format":
                guard let value, ["csv", "tsv", "json", "ndjson", "jsonl", "parquet"].contains(value) else {
                    return .failure(OptionError(message: "copy: unknown format: \(value ?? "")"))
                }
                format = value == "jsonl" ? "ndjson" : value
            case "header":
                guard let on = flag(name, value) else { return .failure(OptionError(message: "copy: bad value for header: \(value ?? "")")) }
                header = on
                textOptions.append(name)
            case "delimiter", "delim", "sep":
                guard let value, !value.isEmpty else { return .failure(OptionError(message: "copy: \(name) needs a string")) }
                delimiter = value
                textOptions.append(name)
            case "array":
                guard let on = flag(name, value) else { return .failure(OptionError(message: "copy: bad value for array: \(value ?? "")")) }
                array = on
                textOptions.append(name)
            case "compression", "codec":
                switch value?.lowercased() {
                case "snappy": compression = .snappy
                case "zstd": compression = .zstd
                case "gzip": compression = .gzip
                case "lz4", "lz4_raw": compression = .lz4Raw
                case "brotli": compression = .brotli
                case "uncompressed", "none": compression = .uncompressed
                default:
                    return .failure(OptionError(message: "copy: unsupported compression: \(value ?? "") (supported: snappy, zstd, gzip, lz4, lz4_raw, brotli, uncompressed)"))
                }
                parquetOptions.append(name)
            case "parquet_version":
                switch value?.lowercased() {
                case "v1", "1": dataPageVersion = 1
                case "v2", "2": dataPageVersion = 2
                default: return .failure(OptionError(message: "copy: parquet_version is v1 or v2: \(value ?? "")"))
                }
                parquetOptions.append(name)
            case "row_group_size":
                guard let value, let n = Int(value), n > 0 else {
                    return .failure(OptionError(message: "copy: row_group_size needs a positive integer: \(value ?? "")"))
                }
                rowGroupSize = n
                parquetOptions.append(name)
            default:
                return .failure(OptionError(message: "copy: unknown option: \(name)"))
            }
        }
        if format == "parquet", let name = textOptions.first {
            return .failure(OptionError(message: "copy: option \(name) does not apply to parquet"))
        }
        if format != "parquet", let name = parquetOptions.first {
            return .failure(OptionError(message: "copy: option \(name) applies to parquet only"))
        }
        switch format {
        case "parquet": return .success(.parquet(compression: compression, rowGroupSize: rowGroupSize, dataPageVersion: dataPageVersion))
        case "json": return .success(array == false ? .ndjson : .jsonArray)
        case "ndjson": return .success(array == true ? .jsonArray : .ndjson)
        case "tsv": return .success(.csv(delimiter: delimiter ?? "\t", header: header))
        default: return .success(.csv(delimiter: delimiter ?? ",", header: header))
        }
    }
}
