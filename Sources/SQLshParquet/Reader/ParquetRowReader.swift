/// Reads a file's rows, one row group at a time: only the columns asked for are read (their
/// column chunks, decoded), so memory holds one row group of those columns.
///
/// ```swift
/// let reader = ParquetRowReader(file: file, columns: ParquetColumn.columns(of: file.schema), used: [0, 2])
/// try reader.load(rowGroup: 0)
/// while reader.hasRow { try reader.write(column: 0, to: sink); try reader.advance() }
/// ```
public final class ParquetRowReader {
    public let file: ParquetFile
    public let columns: [ParquetColumn]
    private let used: [Bool]

    /// Per column: the decoded chunks of its leaves (empty for a column not read).
    private var chunks: [[DecodedColumn]]
    private var states: [[LeafPosition]]
    private let nested: [NestedField?]
    /// The row group loaded and the row within it.
    public private(set) var rowGroup = -1
    public private(set) var row: Int64 = 0
    private var rowCount: Int64 = 0

    struct LeafPosition {
        var level = 0
        var value = 0
        /// The end of the current row's entries.
        var levelEnd = 0
        var valueEnd = 0
    }

    /// A reader of `columns` (the file's top-level fields), reading those whose index is in `used`.
    public init(file: ParquetFile, columns: [ParquetColumn], used: Set<Int>) {
        self.file = file
        self.columns = columns
        self.used = columns.indices.map { used.contains($0) }
        chunks = Array(repeating: [], count: columns.count)
        states = Array(repeating: [], count: columns.count)
        nested = columns.map { $0.kind == nil ? NestedField(field: $0.node) : nil }
    }

    /// Whether the current row exists (false past the loaded row group's last row).
    public var hasRow: Bool { rowGroup >= 0 && row < rowCount }

    /// Reads row group `index`'s chunks of the used columns, and stands on its first row.
    public func load(rowGroup index: Int) throws {
        let group = file.metadata.rowGroups[index]
        rowGroup = index
        rowCount = group.numRows
        row = 0
        for (c, column) in columns.enumerated() {
            guard used[c] else { chunks[c] = []; states[c] = []; continue }
            var decoded: [DecodedColumn] = []
            for leaf in column.node.leaves {
                let chunk = try file.readColumnChunk(rowGroup: index, leaf: leaf)
                let rows: Int
                if leaf.repetitionLevel == 0 {
                    rows = chunk.levelCount
                } else {
                    rows = chunk.repetitionLevels.reduce(0) { $1 == 0 ? $0 + 1 : $0 }
                }
                guard Int64(rows) == group.numRows else {
                    throw ParquetError("column \(leaf.path.joined(separator: ".")), row group \(index): \(rows) rows where the row group has \(group.numRows)")
                }
                decoded.append(chunk)
            }
            chunks[c] = decoded
            states[c] = Array(repeating: LeafPosition(), count: decoded.count)
            if column.kind == nil { positionRow(c) }
        }
    }

    /// Finds the current row's entries of a nested column's leaves.
    private func positionRow(_ c: Int) {
        for l in states[c].indices {
            let chunk = chunks[c][l]
            var p = states[c][l]
            var end = p.level
            var values = p.value
            let top = chunk.definitionLevels.isEmpty ? nil : UInt8(columns[c].node.leaves[l].definitionLevel)
            repeat {
                if let top, chunk.definitionLevels[end] != top {} else { values += 1 }
                end += 1
            } while end < chunk.levelCount && !chunk.repetitionLevels.isEmpty && chunk.repetitionLevels[end] != 0
            p.levelEnd = end
            p.valueEnd = values
            states[c][l] = p
        }
    }

    /// Moves to the next row (within the loaded row group).
    public func advance() {
        row += 1
        for c in columns.indices where used[c] {
            if columns[c].kind != nil {
                let chunk = chunks[c][0]
                var p = states[c][0]
                if chunk.definitionLevels.isEmpty || chunk.definitionLevels[p.level] == UInt8(columns[c].node.definitionLevel) {
                    p.value += 1
                }
                p.level += 1
                states[c][0] = p
            } else {
                for l in states[c].indices {
                    states[c][l].level = states[c][l].levelEnd
                    states[c][l].value = states[c][l].valueEnd
                }
                if row < rowCount { positionRow(c) }
            }
        }
    }

    /// Writes the current row's value of column `c` (which must be used).
    public func write(column c: Int, to sink: some ValueSink) throws {
        guard used[c], hasRow, !chunks[c].isEmpty else { return sink.null() }
        if let kind = columns[c].kind {
            let chunk = chunks[c][0]
            let p = states[c][0]
            if !chunk.definitionLevels.isEmpty && chunk.definitionLevels[p.level] != UInt8(columns[c].node.definitionLevel) {
                return sink.null()
            }
            return LeafValues.write(chunk.values, p.value, kind: kind, to: sink)
        }
        guard let assembly = nested[c] else { return sink.null() }
        let root = Slot()
        for l in states[c].indices {
            let p = states[c][l]
            try assembly.add(leaf: l, column: chunks[c][l], levels: p.level..<p.levelEnd, firstValue: p.value, to: root)
        }
        guard let json = try assembly.json(root, columns: chunks[c], limit: file.limits.maxValueLength) else { return sink.null() }
        json.withUnsafeBufferPointer { sink.text($0) }
    }
}
