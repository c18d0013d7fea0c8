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

    /// Per column: its leaves' decoded chunks and positions (empty for a column not read).
    private var leaves: [[LeafCursor]]
    /// The flat columns read (a value per row), and the nested ones.
    private var flat: [LeafCursor] = []
    private var nestedUsed: [Int] = []
    private let nested: [NestedField?]
    /// Per column: the leaf kind of a flat column, and its cursor when it is read (the
    /// hot path of ``write(column:to:)``).
    private let flatKinds: [LeafKind?]
    private var flatCursors: [LeafCursor?]
    /// The row group loaded and the row within it.
    public private(set) var rowGroup = -1
    public private(set) var row: Int64 = 0
    private var rowCount: Int64 = 0

    /// One leaf's chunk and where the current row is in it.
    final class LeafCursor {
        let chunk: DecodedColumn
        /// The definition level of a present value (0: no levels, every value present).
        let top: UInt8
        let hasDefinitions: Bool
        var level = 0
        var value = 0
        /// The end of the current row's entries (nested columns).
        var levelEnd = 0
        var valueEnd = 0

        init(chunk: DecodedColumn, top: Int) {
            self.chunk = chunk
            self.top = UInt8(clamping: top)
            hasDefinitions = !chunk.definitionLevels.isEmpty
        }

        /// Whether the current entry holds a value (not a null).
        var isPresent: Bool { !hasDefinitions || chunk.definitionLevels[level] == top }
    }

    /// A reader of `columns` (the file's top-level fields), reading those whose index is in `used`.
    public init(file: ParquetFile, columns: [ParquetColumn], used: Set<Int>) {
        self.file = file
        self.columns = columns
        self.used = columns.indices.map { used.contains($0) }
        leaves = Array(repeating: [], count: columns.count)
        nested = columns.map { $0.kind == nil ? NestedField(field: $0.node) : nil }
        flatKinds = columns.map(\.kind)
        flatCursors = Array(repeating: nil, count: columns.count)
    }

    /// Whether the current row exists (false past the loaded row group's last row).
    public var hasRow: Bool { rowGroup >= 0 && row < rowCount }

    /// Reads row group `index`'s chunks of the used columns, and stands on its first row.
    public func load(rowGroup index: Int) throws {
        let group = file.metadata.rowGroups[index]
        rowGroup = -1
        rowCount = 0
        row = 0
        flat = []
        nestedUsed = []
        for c in columns.indices { leaves[c] = []; flatCursors[c] = nil }
        for (c, column) in columns.enumerated() where used[c] {
            var cursors: [LeafCursor] = []
            for leaf in column.node.leaves {
                let chunk = try file.readColumnChunk(rowGroup: index, leaf: leaf)
                let rows = leaf.repetitionLevel == 0 ? chunk.levelCount : chunk.repetitionLevels.reduce(0) { $1 == 0 ? $0 + 1 : $0 }
                guard Int64(rows) == group.numRows else {
                    throw ParquetError("column \(leaf.path.joined(separator: ".")), row group \(index): \(rows) rows where the row group has \(group.numRows)")
                }
                cursors.append(LeafCursor(chunk: chunk, top: leaf.definitionLevel))
            }
            leaves[c] = cursors
            if column.kind != nil {
                flat.append(cursors[0])
                flatCursors[c] = cursors[0]
            } else {
                nestedUsed.append(c)
            }
        }
        rowGroup = index
        rowCount = group.numRows
        if rowCount > 0 { for c in nestedUsed { positionRow(c) } }
    }

    /// Finds the current row's entries of a nested column's leaves.
    private func positionRow(_ c: Int) {
        for cursor in leaves[c] {
            let chunk = cursor.chunk
            var end = cursor.level
            var values = cursor.value
            let repeated = !chunk.repetitionLevels.isEmpty
            repeat {
                if cursor.isPresentAt(end) { values += 1 }
                end += 1
            } while end < chunk.levelCount && repeated && chunk.repetitionLevels[end] != 0
            cursor.levelEnd = end
            cursor.valueEnd = values
        }
    }

    /// Moves to the next row (within the loaded row group).
    public func advance() {
        guard hasRow else { return }
        row += 1
        for cursor in flat {
            if cursor.isPresent { cursor.value += 1 }
            cursor.level += 1
        }
        for c in nestedUsed {
            for cursor in leaves[c] {
                cursor.level = cursor.levelEnd
                cursor.value = cursor.valueEnd
            }
            if row < rowCount { positionRow(c) }
        }
    }

    /// Writes the current row's value of column `c` (NULL for a column not read).
    public func write(column c: Int, to sink: some ValueSink) throws {
        if let cursor = flatCursors[c], let kind = flatKinds[c] {
            guard row < rowCount, cursor.isPresent else { return sink.null() }
            return LeafValues.write(cursor.chunk.values, cursor.value, kind: kind, to: sink)
        }
        guard used[c], hasRow, !leaves[c].isEmpty else { return sink.null() }
        if let kind = columns[c].kind {
            let cursor = leaves[c][0]
            guard cursor.isPresent else { return sink.null() }
            return LeafValues.write(cursor.chunk.values, cursor.value, kind: kind, to: sink)
        }
        guard let assembly = nested[c] else { return sink.null() }
        let root = Slot()
        let cursors = leaves[c]
        for (l, cursor) in cursors.enumerated() {
            try assembly.add(leaf: l, column: cursor.chunk, levels: cursor.level..<cursor.levelEnd, firstValue: cursor.value, to: root)
        }
        guard let json = try assembly.json(root, columns: cursors.map(\.chunk), limit: file.limits.maxValueLength) else {
            return sink.null()
        }
        json.withUnsafeBufferPointer { sink.text($0) }
    }
}

extension ParquetRowReader.LeafCursor {
    /// Whether entry `i` holds a value.
    func isPresentAt(_ i: Int) -> Bool { !hasDefinitions || chunk.definitionLevels[i] == top }
}
