/// How ``ParquetFileWriter`` writes: the codec, the size of row groups and pages, the pages'
/// version.
public struct ParquetWriteOptions: Hashable, Sendable {
    /// The pages' codec (one of ``PageCompression/writable``); SNAPPY by default, as DuckDB.
    public var compression: CompressionCodec = .snappy
    /// The most rows in a row group (DuckDB's default, 122,880).
    public var rowGroupSize: Int = 122_880
    /// A row group ends early once its columns hold this many bytes (memory stays bounded).
    public var rowGroupBytes: Int = 64 << 20
    /// The values a data page holds, in PLAIN-encoded bytes (about).
    public var pageBytes: Int = 1 << 20
    /// The data pages' version: 1 (DATA_PAGE, the default, as DuckDB) or 2 (DATA_PAGE_V2:
    /// levels kept apart from the values and never compressed; DuckDB's `parquet_version v2`).
    public var dataPageVersion: Int = 1
    /// The footer's `created_by`.
    public var createdBy: String = "sqlsh"

    /// The defaults.
    public init() {}
}
