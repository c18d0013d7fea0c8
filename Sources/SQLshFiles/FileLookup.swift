#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// Numbers as an equality index keys them.
///
/// Every value is indexed under its text and, when it reads as a number, under that number;
/// a value looked up is looked up under the same keys. So the rows found for `col = x` are
/// all the rows SQLite could find equal under the BINARY collation, whatever affinity it
/// applies (`'7' = 7` under a numeric affinity, `7 = '7'` under a text one), and maybe a few
/// more: SQLite checks the constraint again on each row (the plan does not omit it).
enum LookupKey {
    /// A number's key: its bits (0 for -0).
    static func bits(_ value: Double) -> UInt64 { (value == 0 ? 0.0 : value).bitPattern }

    /// The number text reads as, leniently (spaces around, any form `strtod` reads).
    static func number(in p: UnsafePointer<UInt8>, _ n: Int) -> Double? {
        var start = 0, end = n
        while start < end && (p[start] == 32 || (p[start] >= 9 && p[start] <= 13)) { start += 1 }
        while end > start && (p[end - 1] == 32 || (p[end - 1] >= 9 && p[end - 1] <= 13)) { end -= 1 }
        let count = end - start
        guard count > 0, count < 400 else { return nil }
        // Text that cannot start a number is not one (most text: no copy, no strtod).
        let c = p[start]
        guard c &- 48 < 10 || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                || (c | 0x20) == UInt8(ascii: "i") || (c | 0x20) == UInt8(ascii: "n") else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { text -> Double? in
            guard let base = text.baseAddress else { return nil }
            UnsafeMutableRawPointer(base).copyMemory(from: p + start, byteCount: count)
            base[count] = 0
            var stop: UnsafeMutablePointer<CChar>?
            let value = strtod(base, &stop)
            guard let stop, stop == base + count, value.isFinite else { return nil }
            return value
        }
    }

    /// The hash of a text key.
    static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: p, count: n))
        return hasher.finalize()
    }
}

/// The rows of a file kept in memory, with equality indexes built on the columns a join
/// looks up: what a file table answers `col = other.col` from, instead of reading the whole
/// file again for each row of the other table. Made the first time a plan needs it, from one
/// scan of the file; it holds the file's values (about the file's size in memory).
final class MaterializedFile {
    /// One value: its bytes in the arena and how to read them (0: NULL; for CSV 1: a field;
    /// for JSON the kind + 1).
    struct Cell {
        var start: Int
        var count: Int32
        var kind: UInt8
        var flag: Bool
    }

    /// An equality index of one column: per key, the first row, and per row the next row
    /// with the same key (chains in file order), for its number and for its text.
    private final class ColumnIndex {
        var numberHeads: [UInt64: Int32] = [:]
        var numberNext: [Int32]
        var textHeads: [Int: Int32] = [:]
        var textNext: [Int32]
        /// Where each row's text key is: in the arena (start >= 0) or in `side` at
        /// `-start - 1` (a JSON string with escapes, a minified container, `true`); no text
        /// key when the count is -1.
        var textStart: [Int]
        var textCount: [Int32]
        var side: [UInt8] = []

        init(rows: Int) {
            numberNext = Array(repeating: -1, count: rows)
            textNext = Array(repeating: -1, count: rows)
            textStart = Array(repeating: 0, count: rows)
            textCount = Array(repeating: -1, count: rows)
        }
    }

    let columnCount: Int
    /// The files as they were when read.
    let files: FileSet
    private var arena: [UInt8] = []
    private var cells: [Cell] = []
    /// Each row's file (an index into ``files``), for the `filename` column.
    private var rowFiles: [Int32] = []
    private(set) var rowCount = 0
    private var indexes: [Int: ColumnIndex] = [:]
    private let isJSON: Bool
    private let types: [ColumnType]
    /// Where the values of an empty arena point (they have no bytes).
    nonisolated(unsafe) private static let noBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    /// Reads the whole file through a scan of `table`.
    init(table: FileTable) throws {
        columnCount = table.dataColumnCount
        files = table.files
        isJSON = table.jsonLayout != nil
        types = table.columns.map(\.type)
        let cursor = try table.makeCursor()
        guard let capturing = cursor as? CellCapturing else { return }
        try cursor.filter(FilterArguments(planNumber: 0, count: 0, values: nil))
        while !cursor.isAtEnd {
            // Rows are numbered with Int32 in the index chains.
            guard rowCount < Int(Int32.max) else {
                throw FileTableError("\(table.options.path): too many rows to look rows up by a join (more than \(Int32.max))")
            }
            for column in 0..<columnCount {
                let cell = capturing.cell(column)
                if let p = cell.bytes, cell.kind != 0, cell.count > 0 {
                    cells.append(Cell(start: arena.count, count: Int32(clamping: cell.count), kind: cell.kind, flag: cell.flag))
                    arena.append(contentsOf: UnsafeBufferPointer(start: p, count: cell.count))
                } else {
                    cells.append(Cell(start: arena.count, count: 0, kind: cell.kind, flag: cell.flag))
                }
            }
            rowFiles.append(Int32(clamping: capturing.fileOfRow))
            rowCount += 1
            try cursor.next()
        }
    }

    /// Puts into `rows` the rows (0-based, in file order) whose value of `column` may equal
    /// `value` (none for NULL).
    func lookUp(column: Int, _ value: Argument, into rows: inout [Int32]) {
        rows.removeAll(keepingCapacity: true)
        let index = self.index(column)
        var number: Double?
        var text: UnsafeBufferPointer<UInt8>?
        switch value.storageType {
        case .null: return
        case .integer: number = Double(value.int64)
        case .real: number = value.double
        case .text:
            text = value.utf8
        case .blob:
            let blob = value.blob
            text = UnsafeBufferPointer(start: blob.baseAddress?.assumingMemoryBound(to: UInt8.self), count: blob.count)
        }
        if let text, number == nil { number = LookupKey.number(in: text.baseAddress ?? UnsafePointer(Self.noBytes), text.count) }
        if let number, var row = index.numberHeads[LookupKey.bits(number)] {
            while row >= 0 { rows.append(row); row = index.numberNext[Int(row)] }
        }
        guard let text else { return }
        let found = rows.count
        let p = text.baseAddress ?? UnsafePointer(Self.noBytes), n = text.count
        guard var row = index.textHeads[LookupKey.hash(p, n)] else { return }
        arena.withUnsafeBufferPointer { all in
            let base = all.baseAddress ?? UnsafePointer(Self.noBytes)
            index.side.withUnsafeBufferPointer { side in
                let sideBase = side.baseAddress ?? UnsafePointer(Self.noBytes)
                while row >= 0 {
                    let r = Int(row)
                    let start = index.textStart[r], count = Int(index.textCount[r])
                    let key = start >= 0 ? base + start : sideBase + (-start - 1)
                    if count == n && (n == 0 || memcmp(key, p, n) == 0) { rows.append(row) }
                    row = index.textNext[r]
                }
            }
        }
        // Rows found under both keys once, in file order: the two chains are each in file
        // order, so they are merged in one pass.
        if found > 0 && rows.count > found {
            merged.removeAll(keepingCapacity: true)
            var i = 0, j = found
            while i < found || j < rows.count {
                let next: Int32
                if j >= rows.count || (i < found && rows[i] <= rows[j]) {
                    next = rows[i]
                    i += 1
                } else {
                    next = rows[j]
                    j += 1
                }
                if merged.last != next { merged.append(next) }
            }
            swap(&rows, &merged)
        }
    }

    /// Where two chains' rows are merged (kept from one lookup to the next).
    private var merged: [Int32] = []

    private func index(_ column: Int) -> ColumnIndex {
        if let index = indexes[column] { return index }
        let index = ColumnIndex(rows: rowCount)
        arena.withUnsafeBufferPointer { all in
            let base = all.baseAddress ?? UnsafePointer(Self.noBytes)
            // Backwards, so that each chain runs in file order.
            for row in stride(from: rowCount - 1, through: 0, by: -1) {
                let cell = cells[row * columnCount + column]
                let p = base + cell.start, n = Int(cell.count)
                guard let (number, text) = keys(cell, p, n, type: types[column]) else { continue }
                if let number {
                    let bits = LookupKey.bits(number)
                    index.numberNext[row] = index.numberHeads[bits] ?? -1
                    index.numberHeads[bits] = Int32(row)
                }
                let hash: Int
                if let text {
                    index.textStart[row] = -index.side.count - 1
                    index.textCount[row] = Int32(text.count)
                    index.side += text
                    hash = text.withUnsafeBufferPointer { LookupKey.hash($0.baseAddress ?? UnsafePointer(Self.noBytes), $0.count) }
                } else {
                    index.textStart[row] = cell.start
                    index.textCount[row] = Int32(n)
                    hash = LookupKey.hash(p, n)
                }
                index.textNext[row] = index.textHeads[hash] ?? -1
                index.textHeads[hash] = Int32(row)
            }
        }
        indexes[column] = index
        return index
    }

    /// A stored value's keys: its number (nil: none) and its text when it is not its bytes
    /// (nil: the bytes); nil for NULL.
    private func keys(_ cell: Cell, _ p: UnsafePointer<UInt8>, _ n: Int, type: ColumnType) -> (Double?, [UInt8]?)? {
        guard cell.kind != 0 else { return nil }
        if isJSON {
            switch JSONSlot.Kind(rawValue: cell.kind - 1) {
            case .null?, nil: return nil
            case .true?: return (1, Array("true".utf8))
            case .false?: return (0, Array("false".utf8))
            case .number?: return (LookupKey.number(in: p, n), nil)
            case .string?:
                guard cell.flag else { return (LookupKey.number(in: p, n), nil) }
                let decoded = JSONScanner.decode(p, n)
                return (decoded.withUnsafeBufferPointer { b in b.baseAddress.flatMap { LookupKey.number(in: $0, b.count) } }, decoded)
            case .object?, .array?:
                return (nil, JSONScanner.minify(p, n))
            }
        }
        if type == .boolean, let value = FieldValue.boolean(p, n) { return (Double(value), nil) }
        return (n > 0 ? LookupKey.number(in: p, n) : nil, nil)
    }

    /// Writes the name of row `row`'s file.
    func writeFilename(row: Int, into result: ResultContext) {
        let index = Int(rowFiles[row])
        if index < files.paths.count { result.set(files.paths[index]) } else { result.setNull() }
    }

    /// Writes row `row`'s value of `column` as the table's scans write it.
    func write(row: Int, column: Int, into result: ResultContext) {
        let cell = cells[row * columnCount + column]
        guard cell.kind != 0 else { return result.setNull() }
        arena.withUnsafeBufferPointer { all in
            let p = (all.baseAddress ?? UnsafePointer(Self.noBytes)) + cell.start
            if isJSON {
                guard let kind = JSONSlot.Kind(rawValue: cell.kind - 1) else { return result.setNull() }
                JSONValues.write(kind, escaped: cell.flag, p, Int(cell.count), as: types[column], into: result)
            } else {
                FieldValue.write(p, Int(cell.count), as: types[column], into: result)
            }
        }
    }
}

/// A cursor whose current row's values can be kept (for ``MaterializedFile``).
protocol CellCapturing {
    /// The file the current row comes from (an index into the table's files).
    var fileOfRow: Int { get }
    /// The current row's value of `column`: its kind (0 for NULL), flag, and bytes (valid
    /// until the cursor moves).
    func cell(_ column: Int) -> (kind: UInt8, flag: Bool, bytes: UnsafePointer<UInt8>?, count: Int)
}

/// A cursor's equality lookup (plan column + 1, ``FileTable/bestIndex(_:)``): the rows
/// found, in a buffer kept from one lookup to the next, and the one the cursor is on.
struct EqualityLookup {
    private var file: MaterializedFile?
    private var rows: [Int32] = []
    private var position = 0

    /// Whether the cursor's current scan is a lookup.
    var isActive: Bool { file != nil }
    var isAtEnd: Bool { position >= rows.count }

    /// Starts a lookup when the plan is one; false for a full scan.
    mutating func begin(_ table: FileTable, _ arguments: FilterArguments) throws -> Bool {
        guard arguments.planNumber > 0, arguments.count == 1 else {
            file = nil
            return false
        }
        let file = try table.materialized()
        file.lookUp(column: Int(arguments.planNumber) - 1, arguments[0], into: &rows)
        self.file = file
        position = 0
        return true
    }

    mutating func advance() { position += 1 }

    /// The current row's rowid: its 1-based position in the file.
    var rowid: Int64 { Int64(rows[position]) + 1 }

    func write(column: Int, into result: ResultContext) {
        file?.write(row: Int(rows[position]), column: column, into: result)
    }

    /// The current row's file name (the `filename` column).
    func writeFilename(into result: ResultContext) {
        file?.writeFilename(row: Int(rows[position]), into: result)
    }
}
