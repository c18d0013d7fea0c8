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
    /// The nested columns read.
    private var nestedUsed: [Int] = []
    private let nested: [NestedField?]
    /// Per column: the leaf kind of a flat column, and its cursor when it is read.
    private let flatKinds: [LeafKind?]
    private var flatCursors: [LeafCursor?]
    /// Per column: how a flat column read finds the current row's value (the hot path of
    /// ``write(column:to:)``), for the row group loaded. In memory of its own rather than an
    /// array, so that a cell costs no uniqueness, exclusivity or reference-count operation.
    private let flatRows: UnsafeMutablePointer<FlatRows>
    /// The row group loaded and the row within it.
    public var rowGroup: Int { groupIndex }
    public var row: Int64 { rowIndex }
    // Private stored properties behind the public ones: the compiler drops the run-time
    // exclusivity checks of properties only this module sees, not of public ones (every cell
    // read the row, Benchmarks/parquet.sh).
    private var groupIndex = -1
    private var rowIndex: Int64 = 0
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
        flatRows = .allocate(capacity: max(columns.count, 1))
        flatRows.initialize(repeating: FlatRows(), count: max(columns.count, 1))
    }

    deinit {
        for c in columns.indices { flatRows[c].release() }
        flatRows.deallocate()
    }

    /// Whether the current row exists (false past the loaded row group's last row).
    public var hasRow: Bool { groupIndex >= 0 && rowIndex < rowCount }

    /// Reads row group `index`'s chunks of the used columns, and stands on its first row.
    public func load(rowGroup index: Int) throws {
        let group = file.metadata.rowGroups[index]
        groupIndex = -1
        rowCount = 0
        rowIndex = 0
        nestedUsed = []
        for c in columns.indices {
            leaves[c] = []
            flatCursors[c] = nil
            flatRows[c].release()
        }
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
            if let kind = column.kind {
                flatCursors[c] = cursors[0]
                flatRows[c] = try FlatRows(cursors[0], kind: kind)
            } else {
                nestedUsed.append(c)
            }
        }
        groupIndex = index
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

    /// Moves to the next row (within the loaded row group). A flat column has nothing to
    /// move: its value is found from the row number (``FlatRows``).
    public func advance() {
        guard hasRow else { return }
        rowIndex += 1
        if nestedUsed.isEmpty { return }
        for c in nestedUsed {
            for cursor in leaves[c] {
                cursor.level = cursor.levelEnd
                cursor.value = cursor.valueEnd
            }
            if rowIndex < rowCount { positionRow(c) }
        }
    }

    /// Writes the current row's value of column `c` (NULL for a column not read).
    public func write(column c: Int, to sink: some ValueSink) throws {
        let rows = flatRows[c]
        if rows.isRead {
            guard rowIndex < rowCount else { return sink.null() }
            let i = rows.valueIndex(row: Int(truncatingIfNeeded: rowIndex))
            guard i >= 0 else { return sink.null() }
            switch rows.storage {
            case .integers: return sink.integer(rows.integer(i))
            case .reals: return sink.real(rows.real(i))
            case .other:
                guard let cursor = flatCursors[c], let kind = flatKinds[c] else { return sink.null() }
                return LeafValues.write(cursor.chunk.values, i, kind: kind, to: sink)
            }
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

/// How a flat column's value of a row is found in its decoded chunk: the value's number for
/// each row (for a column with nulls: -1 for a null), and for the common kinds (integers and
/// reals with no text form) the values themselves as 64-bit numbers, copied once per row
/// group, so that a cell is two loads.
struct FlatRows {
    enum Storage { case integers, reals, other }

    /// Whether the column is read (a flat column of the row group loaded).
    private(set) var isRead = false
    private(set) var storage = Storage.other
    /// Per row, its value's number (-1: null); nil when every row has a value (row = value).
    private var rowValues: UnsafeMutablePointer<Int32>?
    /// The values as Int64 (integers) or Double (reals) bit patterns; nil for `.other`.
    private var numbers: UnsafeMutablePointer<UInt64>?

    init() {}

    /// The rows of a decoded flat column of kind `kind`.
    /// - Throws: ``ParquetError`` when the chunk's values are not one per present row.
    init(_ cursor: ParquetRowReader.LeafCursor, kind: LeafKind) throws {
        let chunk = cursor.chunk
        var present = chunk.levelCount
        if cursor.hasDefinitions {
            let levels = chunk.definitionLevels
            guard levels.count == chunk.levelCount, levels.count < Int(Int32.max) else {
                throw ParquetError("a column chunk of \(levels.count) definition levels for \(chunk.levelCount) rows")
            }
            let p = UnsafeMutablePointer<Int32>.allocate(capacity: max(levels.count, 1))
            var next: Int32 = 0
            for (r, level) in levels.enumerated() {
                if level == cursor.top {
                    p[r] = next
                    next &+= 1
                } else {
                    p[r] = -1
                }
            }
            rowValues = p
            present = Int(next)
        }
        guard chunk.values.count == present else {
            rowValues?.deallocate()
            throw ParquetError("a column chunk of \(chunk.values.count) values for \(present) rows with a value")
        }
        isRead = true
        switch (chunk.values, kind) {
        case (.int64(let v), .integer):
            numbers = Self.copy(v.count) { i in UInt64(bitPattern: v[i]) }
            storage = .integers
        case (.int32(let v), .integer):
            numbers = Self.copy(v.count) { i in UInt64(bitPattern: Int64(v[i])) }
            storage = .integers
        case (.int32(let v), .unsigned32):
            numbers = Self.copy(v.count) { i in UInt64(UInt32(bitPattern: v[i])) }
            storage = .integers
        case (.booleans(let v), _):
            numbers = Self.copy(v.count) { i in v[i] ? 1 : 0 }
            storage = .integers
        case (.double(let v), .real):
            numbers = Self.copy(v.count) { i in v[i].bitPattern }
            storage = .reals
        case (.float(let v), .real):
            numbers = Self.copy(v.count) { i in Double(v[i]).bitPattern }
            storage = .reals
        default:
            storage = .other
        }
    }

    private static func copy(_ count: Int, _ value: (Int) -> UInt64) -> UnsafeMutablePointer<UInt64> {
        let p = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        for i in 0..<count { p[i] = value(i) }
        return p
    }

    /// The number of row `row`'s value, -1 for a null.
    @inline(__always)
    func valueIndex(row: Int) -> Int {
        guard let rowValues else { return row }
        return Int(rowValues[row])
    }

    @inline(__always) func integer(_ i: Int) -> Int64 { Int64(bitPattern: numbers.map { $0[i] } ?? 0) }
    @inline(__always) func real(_ i: Int) -> Double { Double(bitPattern: numbers.map { $0[i] } ?? 0) }

    /// Frees its memory; afterwards the column is not read.
    mutating func release() {
        rowValues?.deallocate()
        numbers?.deallocate()
        self = FlatRows()
    }
}
