import Glibc
import SQLshCore

/// A key of an equality index over a file table's column.
///
/// Every value is indexed under its text and, when it reads as a number, under that number;
/// a value looked up is looked up under the same keys. So the rows found for `col = x` are
/// all the rows SQLite could find equal under the BINARY collation, whatever affinity it
/// applies (`'7' = 7` under a numeric affinity, `7 = '7'` under a text one), and maybe a few
/// more: SQLite checks the constraint again on each row (the plan does not omit it).
enum LookupKey: Hashable {
    /// A number, by its bits (0 for -0).
    case numberBits(UInt64)
    case text([UInt8])

    static func number(_ value: Double) -> LookupKey {
        .numberBits((value == 0 ? 0.0 : value).bitPattern)
    }

    /// The number text reads as, leniently (spaces around, any form `strtod` reads).
    static func number(in p: UnsafePointer<UInt8>, _ n: Int) -> Double? {
        var start = 0, end = n
        while start < end && (p[start] == 32 || (p[start] >= 9 && p[start] <= 13)) { start += 1 }
        while end > start && (p[end - 1] == 32 || (p[end - 1] >= 9 && p[end - 1] <= 13)) { end -= 1 }
        let count = end - start
        guard count > 0, count < 400 else { return nil }
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

    /// The keys a looked-up value is found under (none for NULL).
    static func keys(of value: Argument) -> [LookupKey] {
        switch value.storageType {
        case .null: return []
        case .integer: return [.number(Double(value.int64))]
        case .real: return [.number(value.double)]
        case .text, .blob:
            let bytes = value.storageType == .text ? value.utf8 : UnsafeBufferPointer(start: value.blob.baseAddress?.assumingMemoryBound(to: UInt8.self), count: value.blob.count)
            var keys: [LookupKey] = [.text(Array(bytes))]
            if let base = bytes.baseAddress, let number = number(in: base, bytes.count) { keys.append(.number(number)) }
            return keys
        }
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
        var count: Int
        var kind: UInt8
        var flag: Bool
    }

    let columnCount: Int
    let identity: FileIdentity?
    private var arena: [UInt8] = []
    private var cells: [Cell] = []
    private(set) var rowCount = 0
    private var indexes: [Int: [LookupKey: [Int32]]] = [:]
    private let isJSON: Bool
    private let types: [ColumnType]
    /// Where the values of an empty arena point (they have no bytes).
    nonisolated(unsafe) private static let noBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    /// Reads the whole file through a scan of `table`.
    init(table: FileTable) throws {
        columnCount = table.dataColumnCount
        identity = FileIdentity.of(table.options.path)
        isJSON = table.jsonLayout != nil
        types = table.columns.map(\.type)
        let cursor = try table.makeCursor()
        guard let capturing = cursor as? CellCapturing else { return }
        try cursor.filter(FilterArguments(planNumber: 0, count: 0, values: nil))
        while !cursor.isAtEnd {
            for column in 0..<columnCount {
                let cell = capturing.cell(column)
                if cell.kind == 0 || cell.count == 0 {
                    cells.append(Cell(start: arena.count, count: 0, kind: cell.kind, flag: cell.flag))
                } else if let p = cell.bytes {
                    cells.append(Cell(start: arena.count, count: cell.count, kind: cell.kind, flag: cell.flag))
                    arena.append(contentsOf: UnsafeBufferPointer(start: p, count: cell.count))
                }
            }
            rowCount += 1
            try cursor.next()
        }
    }

    /// The rows (0-based, in file order) whose value of `column` may equal `value`.
    func rows(column: Int, matching value: Argument) -> [Int32] {
        let keys = LookupKey.keys(of: value)
        guard !keys.isEmpty else { return [] }
        let index = self.index(column)
        if keys.count == 1 { return index[keys[0]] ?? [] }
        var found = Set<Int32>()
        for key in keys { found.formUnion(index[key] ?? []) }
        return found.sorted()
    }

    private func index(_ column: Int) -> [LookupKey: [Int32]] {
        if let index = indexes[column] { return index }
        var index: [LookupKey: [Int32]] = [:]
        arena.withUnsafeBufferPointer { all in
            let base = all.baseAddress ?? UnsafePointer(Self.noBytes)
            for row in 0..<rowCount {
                let cell = cells[row * columnCount + column]
                for key in keys(cell, base + cell.start, type: types[column]) {
                    if index[key]?.last != Int32(row) { index[key, default: []].append(Int32(row)) }
                }
            }
        }
        indexes[column] = index
        return index
    }

    /// The keys a stored value is found under.
    private func keys(_ cell: Cell, _ p: UnsafePointer<UInt8>, type: ColumnType) -> [LookupKey] {
        guard cell.kind != 0 else { return [] }
        let n = cell.count
        let text = Array(UnsafeBufferPointer(start: p, count: n))
        if isJSON {
            switch JSONSlot.Kind(rawValue: cell.kind - 1) {
            case .null?, nil: return []
            case .true?: return [.number(1.0), .text(Array("true".utf8))]
            case .false?: return [.number(0.0), .text(Array("false".utf8))]
            case .number?: return [.text(text)] + (LookupKey.number(in: p, n).map { [.number($0)] } ?? [])
            case .string?:
                let decoded = cell.flag ? JSONScanner.decode(p, n) : text
                let number = decoded.withUnsafeBufferPointer { b in b.baseAddress.flatMap { LookupKey.number(in: $0, b.count) } }
                return [.text(decoded)] + (number.map { [.number($0)] } ?? [])
            case .object?, .array?:
                return [.text(JSONScanner.minify(p, n))]
            }
        }
        var keys: [LookupKey] = [.text(text)]
        if n > 0 {
            if type == .boolean, let value = FieldValue.boolean(p, n) {
                keys.append(.number(Double(value)))
            } else if let number = LookupKey.number(in: p, n) {
                keys.append(.number(number))
            }
        }
        return keys
    }

    /// Writes row `row`'s value of `column` as the table's scans write it.
    func write(row: Int, column: Int, into result: ResultContext) {
        let cell = cells[row * columnCount + column]
        guard cell.kind != 0 else { return result.setNull() }
        arena.withUnsafeBufferPointer { all in
            let p = (all.baseAddress ?? UnsafePointer(Self.noBytes)) + cell.start
            if isJSON {
                guard let kind = JSONSlot.Kind(rawValue: cell.kind - 1) else { return result.setNull() }
                JSONValues.write(kind, escaped: cell.flag, p, cell.count, as: types[column], into: result)
            } else {
                FieldValue.write(p, cell.count, as: types[column], into: result)
            }
        }
    }
}

/// A cursor whose current row's values can be kept (for ``MaterializedFile``).
protocol CellCapturing {
    /// The current row's value of `column`: its kind (0 for NULL), flag, and bytes (valid
    /// until the cursor moves).
    func cell(_ column: Int) -> (kind: UInt8, flag: Bool, bytes: UnsafePointer<UInt8>?, count: Int)
}

/// An equality lookup in progress: the rows found and the one the cursor is on.
struct LookupScan {
    let file: MaterializedFile
    let rows: [Int32]
    var position = 0

    var isAtEnd: Bool { position >= rows.count }
    var row: Int { Int(rows[position]) }
}
