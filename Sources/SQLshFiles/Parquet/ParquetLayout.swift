import SQLshParquet

/// The columns of a `read_parquet` table: the data columns of its files (the first file's,
/// or every file's by name with `union_by_name`), then the hive partition keys of the paths
/// (`hive_partitioning`, detected by default), then `filename`.
struct ParquetLayout {
    enum Source: Equatable {
        /// A data column, by its number among ``dataNames``.
        case data(Int)
        /// A `key=value` folder of the path.
        case hive(String)
        case filename
    }

    struct Column {
        var name: String
        var declaredType: String
        var source: Source
    }

    var columns: [Column] = []
    /// The data columns' names, lowercased (how a file's columns are matched to them).
    var dataNames: [String] = []

    /// The layout of a table over `files` (the first file open already: `first`).
    init(first: ParquetFile, paths: [String], options: FileReadOptions, open: (String) throws -> ParquetFile) throws {
        var seen: [String: Int] = [:]
        func add(_ file: ParquetFile) {
            for column in ParquetColumn.columns(of: file.schema) where seen[column.name.lowercased()] == nil {
                seen[column.name.lowercased()] = dataNames.count
                dataNames.append(column.name.lowercased())
                columns.append(Column(name: column.name, declaredType: column.declaredType, source: .data(dataNames.count - 1)))
            }
        }
        add(first)
        if options.unionByName {
            for path in paths.dropFirst() { add(try open(path)) }
        }
        if options.hivePartitioning ?? Self.detectsHivePartitions(paths) {
            var keys: [String] = []
            for path in paths {
                for (key, _) in Self.hivePairs(path) where !keys.contains(key) { keys.append(key) }
            }
            for key in keys where !columns.contains(where: { $0.name.lowercased() == key.lowercased() }) {
                let values = paths.compactMap { path in Self.hivePairs(path).first { $0.key == key }?.value }
                let integral = !values.isEmpty && values.allSatisfy { Int64($0) != nil }
                columns.append(Column(name: key, declaredType: integral ? "BIGINT" : "VARCHAR", source: .hive(key)))
            }
        }
        if options.filenameColumn { columns.append(Column(name: "filename", declaredType: "VARCHAR", source: .filename)) }
        let names = uniqueColumnNames(columns.map(\.name), normalize: false)
        for i in columns.indices { columns[i].name = names[i] }
    }

    /// Whether paths read without a `hive_partitioning` option get their partition columns:
    /// when every path has `key=value` folders, the same keys in the same order (DuckDB's
    /// detection).
    static func detectsHivePartitions(_ paths: [String]) -> Bool {
        guard let first = paths.first else { return false }
        let keys = hivePairs(first).map(\.key)
        guard !keys.isEmpty else { return false }
        return paths.dropFirst().allSatisfy { hivePairs($0).map(\.key) == keys }
    }

    /// The `key=value` folders of a path, in order.
    static func hivePairs(_ path: String) -> [(key: String, value: String)] {
        path.split(separator: "/").dropLast().compactMap { part in
            guard let eq = part.firstIndex(of: "="), eq != part.startIndex else { return nil }
            return (String(part[..<eq]), String(part[part.index(after: eq)...]))
        }
    }
}
