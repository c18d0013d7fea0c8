/// Writes a Parquet file, row by row: flat OPTIONAL columns of the types given, data pages
/// of version 1 (or 2, ``ParquetWriteOptions/dataPageVersion``), PLAIN values (RLE_DICTIONARY for byte strings where it is smaller), RLE levels,
/// each column chunk's statistics, one codec for every page.
///
/// ```swift
/// var writer = try ParquetFileWriter(columns: [ParquetColumn(name: "n", type: .int64)], output: ParquetMemoryOutput())
/// try writer.append(.integer(1), column: 0)
/// try writer.endRow()
/// let file = try writer.finish()
/// ```
/// A row group is written once it holds ``ParquetWriteOptions/rowGroupSize`` rows or
/// ``ParquetWriteOptions/rowGroupBytes`` bytes: memory stays bounded by one row group.
public struct ParquetFileWriter<Output: ParquetOutput> {
    /// A column's name and type.
    public struct Column: Hashable, Sendable {
        public var name: String
        public var type: ParquetColumnType
        public init(name: String, type: ParquetColumnType) {
            self.name = name
            self.type = type
        }
    }

    /// The columns, their names made unique.
    public let columns: [Column]
    public let options: ParquetWriteOptions
    private var output: Output
    private var builders: [ColumnChunkBuilder]
    private var rowGroups: [RowGroup] = []
    private var position: Int64 = 0
    private var rowsInGroup = 0
    /// The rows written so far (ended with ``endRow()``).
    public private(set) var rowCount: Int64 = 0

    /// Starts the file (its magic bytes).
    /// - Throws: ``ParquetError`` for no columns, a codec that cannot be written, or a write
    ///   that fails.
    public init(columns: [Column], options: ParquetWriteOptions = ParquetWriteOptions(), output: Output) throws {
        guard !columns.isEmpty else { throw ParquetError("a Parquet file needs at least one column") }
        guard PageCompression.compressible.contains(options.compression) else { throw PageCompression.unwritable(options.compression) }
        guard options.rowGroupSize > 0 else { throw ParquetError("the row group size must be positive") }
        guard options.dataPageVersion == 1 || options.dataPageVersion == 2 else {
            throw ParquetError("data pages of version \(options.dataPageVersion) (versions: 1, 2)")
        }
        self.columns = Self.uniqueNames(columns)
        self.options = options
        self.output = output
        builders = self.columns.map { ColumnChunkBuilder(type: $0.type, name: $0.name) }
        try write(Array("PAR1".utf8))
    }

    /// Empty names become `column<i>`, repeated ones get `_1`, `_2`, ... (as DuckDB).
    private static func uniqueNames(_ columns: [Column]) -> [Column] {
        var seen = Set<String>()
        return columns.enumerated().map { i, column in
            var c = column
            if c.name.isEmpty { c.name = "column\(i)" }
            let base = c.name
            var n = 1
            while seen.contains(c.name.lowercased()) {
                c.name = "\(base)_\(n)"
                n += 1
            }
            seen.insert(c.name.lowercased())
            return c
        }
    }

    /// Appends the current row's value of `column` (each column once a row, then ``endRow()``).
    /// - Throws: ``ParquetError`` when the value does not fit the column's type.
    public mutating func append(_ value: ParquetInputValue, column: Int) throws {
        guard builders.indices.contains(column) else { throw ParquetError("no column \(column)") }
        try builders[column].append(value)
    }

    /// Ends the current row; writes the row group when it is full.
    public mutating func endRow() throws {
        rowCount += 1
        rowsInGroup += 1
        if rowsInGroup >= options.rowGroupSize || heldBytes >= options.rowGroupBytes {
            try writeRowGroup()
        }
    }

    private var heldBytes: Int { builders.reduce(0) { $0 + $1.heldBytes } }

    /// Writes the last row group and the footer.
    /// - Returns: the output.
    public mutating func finish() throws -> Output {
        if rowsInGroup > 0 { try writeRowGroup() }
        var footer = FileMetaData()
        footer.version = Int32(options.dataPageVersion)
        var root = SchemaElement()
        root.name = "schema"
        root.numChildren = Int32(columns.count)
        footer.schema = [root] + columns.map { $0.type.schemaElement(name: $0.name) }
        footer.numRows = rowCount
        footer.rowGroups = rowGroups
        footer.createdBy = options.createdBy
        let bytes = footer.encoded()
        try write(bytes)
        let length = UInt32(truncatingIfNeeded: bytes.count)
        try write((0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * UInt32($0))) } + Array("PAR1".utf8))
        return output
    }

    private mutating func write(_ bytes: [UInt8]) throws {
        try output.write(bytes)
        position += Int64(bytes.count)
    }

    private mutating func writeRowGroup() throws {
        var group = RowGroup()
        group.numRows = Int64(rowsInGroup)
        group.fileOffset = position
        group.ordinal = Int16(truncatingIfNeeded: rowGroups.count)
        var compressed: Int64 = 0
        for i in builders.indices {
            guard builders[i].levels.count == rowsInGroup else {
                throw ParquetError("column \(columns[i].name) has \(builders[i].levels.count) values in a row group of \(rowsInGroup) rows")
            }
            var chunk = try builders[i].encode(codec: options.compression, pageBytes: options.pageBytes,
                                                   pageVersion: options.dataPageVersion)
            let start = position
            chunk.metadata.dataPageOffset += start
            if let d = chunk.metadata.dictionaryPageOffset { chunk.metadata.dictionaryPageOffset = d + start }
            try write(chunk.bytes)
            var column = ColumnChunk()
            column.fileOffset = start
            column.metaData = chunk.metadata
            group.columns.append(column)
            group.totalByteSize += chunk.uncompressedSize
            compressed += Int64(chunk.bytes.count)
            builders[i] = ColumnChunkBuilder(type: columns[i].type, name: columns[i].name)
        }
        group.totalCompressedSize = compressed
        rowGroups.append(group)
        rowsInGroup = 0
    }
}
