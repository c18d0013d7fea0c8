/// The data files read by name (`select * from 'data.csv'`, `sqlsh data.csv`, `.open`,
/// `.import --infer`, the shell's completion): the one list of their extensions.
enum DataFileNames {
    /// One extension: its text (lower case, without the dot), the format and whether the
    /// fields are separated by tabs.
    struct Extension {
        var name: String
        var format: FileFormat
        var tab: Bool
    }

    /// Every extension of a data file, in the order messages list them. Each may be followed
    /// by ``compressed``.
    static let extensions: [Extension] = [
        Extension(name: "csv", format: .csv, tab: false),
        Extension(name: "tsv", format: .csv, tab: true),
        Extension(name: "json", format: .json(nil), tab: false),
        Extension(name: "ndjson", format: .json(.objects), tab: false),
        Extension(name: "jsonl", format: .json(.objects), tab: false),
        Extension(name: "parquet", format: .parquet, tab: false),
    ]

    /// The extension of a gzip-compressed data file, after its own (`data.csv.gz`).
    static let compressed = "gz"

    /// The extension a name ends with (any case, perhaps followed by `.gz` for a format read
    /// as a stream); nil for another name.
    static func ext(ofName name: String) -> Extension? {
        let lower = name.lowercased()
        if let plain = extensions.first(where: { lower.hasSuffix("." + $0.name) }) { return plain }
        guard lower.hasSuffix("." + compressed) else { return nil }
        let inner = lower.dropLast(compressed.count + 1)
        return extensions.first { $0.format.isStreamed && inner.hasSuffix("." + $0.name) }
    }
}
