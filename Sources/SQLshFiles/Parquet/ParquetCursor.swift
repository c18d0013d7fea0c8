import SQLshCore
import SQLshParquet

/// A scan of a `read_parquet` table: file after file, row group after row group (skipping
/// those the plan's comparisons rule out), row after row.
final class ParquetCursor: VirtualTableCursor {
    private let table: ParquetTable
    private var fileIndex = 0
    private var file: ParquetFile?
    private var reader: ParquetRowReader? {
        didSet { readerRef = reader.map { Unmanaged.passUnretained($0) } }
    }
    /// ``reader``, borrowed by the per-row paths: reading it through the property would
    /// retain and release it on every call (Benchmarks/parquet.sh).
    private var readerRef: Unmanaged<ParquetRowReader>?
    /// Per table column: the file's column it reads (data columns only), for the file open.
    private var mapping: [Int?] = []
    /// ``mapping`` for the hot path of ``column(_:into:)``: per table column, the file's
    /// column, or -1 (not a data column, or not in this file). Memory of its own rather than
    /// an array: a cell costs no uniqueness, exclusivity or reference-count operation.
    private let fileColumns: UnsafeMutablePointer<Int>
    private let columnCount: Int
    private var used: Set<Int> = []
    private var comparisons: [(column: Int, op: IndexInfo.ConstraintOperator, value: StatisticValue?)] = []
    private var rowGroup = -1
    private var rowNumber: Int64 = 0
    /// The rows left in the row group loaded, the current one included (0: none loaded).
    private var remaining: Int64 = 0
    /// Whether the file's reader reads columns (false for `count(*)`: rows are only counted).
    private var advances = false
    private var interrupt = InterruptCheck()
    private(set) var isAtEnd = true

    init(table: ParquetTable) {
        self.table = table
        columnCount = table.layout.columns.count
        fileColumns = .allocate(capacity: max(columnCount, 1))
        fileColumns.initialize(repeating: -1, count: max(columnCount, 1))
    }

    deinit { fileColumns.deallocate() }

    func filter(_ arguments: FilterArguments) throws {
        interrupt = InterruptCheck()
        let plan = table.plan(arguments.planNumber)
        used = []
        for (i, column) in table.layout.columns.enumerated() where plan.used & (1 << UInt64(min(i, 63))) != 0 {
            if case .data(let d) = column.source { used.insert(d) }
        }
        comparisons = plan.comparisons.enumerated().map { i, comparison in
            (comparison.column, comparison.op, i < arguments.count ? Self.statistic(arguments[i]) : nil)
        }
        rowNumber = 0
        remaining = 0
        isAtEnd = false
        try open(0)
        try settle()
    }

    /// A comparison's value as statistics are compared with it (nil: not comparable).
    private static func statistic(_ argument: Argument) -> StatisticValue? {
        switch argument.storageType {
        case .integer: return .integer(argument.int64)
        case .real: return argument.double.isNaN ? nil : .real(argument.double)
        case .text: return .text(Array(argument.utf8))
        default: return nil
        }
    }

    /// Opens file `index` (its columns matched to the table's by name).
    private func open(_ index: Int) throws {
        fileIndex = index
        rowGroup = -1
        reader = nil
        let path = table.files.paths[index]
        let file = try table.file(index, interrupt: interrupt)
        let check = interrupt
        file.interrupted = { check.isRequested }
        self.file = file
        let columns = ParquetColumn.columns(of: file.schema)
        var byName: [String: Int] = [:]
        for (i, column) in columns.enumerated() where byName[column.name.lowercased()] == nil { byName[column.name.lowercased()] = i }
        mapping = table.layout.columns.map { column in
            guard case .data(let d) = column.source else { return nil }
            return byName[table.layout.dataNames[d]]
        }
        for (i, f) in mapping.enumerated() where i < columnCount { fileColumns[i] = f ?? -1 }
        if !table.options.unionByName {
            for (i, column) in table.layout.columns.enumerated() where mapping[i] == nil {
                if case .data(let d) = column.source, used.contains(d) {
                    throw FileTableError("\(path): no column \(column.name) (union_by_name=true reads files whose columns differ)")
                }
            }
        }
        var fileUsed: Set<Int> = []
        for (i, column) in table.layout.columns.enumerated() {
            if case .data(let d) = column.source, used.contains(d), let f = mapping[i] { fileUsed.insert(f) }
        }
        reader = ParquetRowReader(file: file, columns: columns, used: fileUsed)
        advances = !fileUsed.isEmpty
    }

    /// Moves to a row: the current one if it exists, else the next row group (or file) with
    /// rows that the comparisons do not rule out; the end otherwise.
    private func settle() throws {
        while true {
            if interrupt.isRequested { throw SQLiteError(code: .interrupt, message: "interrupted") }
            if remaining > 0 { return }
            guard let file, let reader else { isAtEnd = true; return }
            let next = rowGroup + 1
            if next < file.metadata.rowGroups.count {
                rowGroup = next
                if file.metadata.rowGroups[next].numRows == 0 || ruledOut(next, file, reader) { continue }
                do {
                    try reader.load(rowGroup: next)
                    remaining = file.metadata.rowGroups[next].numRows
                } catch let error as ParquetError {
                    throw ParquetTable.fileError(error, path: file.path)
                } catch is ParquetInterrupted {
                    throw SQLiteError(code: .interrupt, message: "interrupted")
                }
                continue
            }
            guard fileIndex + 1 < table.files.paths.count else { isAtEnd = true; self.reader = nil; return }
            try open(fileIndex + 1)
        }
    }

    /// Whether row group `group`'s statistics show that no row meets a comparison.
    private func ruledOut(_ group: Int, _ file: ParquetFile, _ reader: ParquetRowReader) -> Bool {
        for comparison in comparisons {
            guard let value = comparison.value, let f = mapping[comparison.column],
                  let range = file.statistics(rowGroup: group, column: reader.columns[f]) else { continue }
            let low = Self.compare(range.min, value)
            let high = Self.compare(range.max, value)
            guard let low, let high else { continue }
            switch comparison.op {
            case .equal: if low > 0 || high < 0 { return true }
            case .lessThan: if low >= 0 { return true }
            case .lessOrEqual: if low > 0 { return true }
            case .greaterThan: if high <= 0 { return true }
            case .greaterOrEqual: if high < 0 { return true }
            default: break
            }
        }
        return false
    }

    /// SQLite's order of two values of the same kind (numbers with numbers, text with text):
    /// -1, 0, 1; nil when they do not compare so.
    static func compare(_ a: StatisticValue, _ b: StatisticValue) -> Int? {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y ? -1 : x > y ? 1 : 0
        case (.integer(let x), .real(let y)): return compareNumbers(Double(x), y, exact: x)
        case (.real(let x), .integer(let y)): return compareNumbers(x, Double(y), exact: nil).map { $0 }
        case (.real(let x), .real(let y)): return x < y ? -1 : x > y ? 1 : 0
        case (.text(let x), .text(let y)):
            return x.lexicographicallyPrecedes(y) ? -1 : y.lexicographicallyPrecedes(x) ? 1 : 0
        default: return nil
        }
    }

    /// Compares numbers whose conversion to double may round: close calls are not decided.
    private static func compareNumbers(_ x: Double, _ y: Double, exact: Int64?) -> Int? {
        if abs(x) >= 9.0e15 || abs(y) >= 9.0e15 { return nil }
        return x < y ? -1 : x > y ? 1 : 0
    }

    /// The next row: within a row group only the columns read move (nothing for `count(*)`).
    func next() throws {
        rowNumber += 1
        remaining -= 1
        if remaining > 0 {
            if advances { readerRef?._withUnsafeGuaranteedRef { $0.advance() } }
            return
        }
        try settle()
    }

    func column(_ index: Int, into result: ResultContext) throws {
        if index >= 0, index < columnCount, fileColumns[index] >= 0, let readerRef {
            let f = fileColumns[index]
            return try readerRef._withUnsafeGuaranteedRef { reader in
                do {
                    try reader.write(column: f, to: ResultSink(result: result))
                } catch let error as ParquetError {
                    throw ParquetTable.fileError(error, path: reader.file.path)
                }
            }
        }
        switch table.sources[index] {
        case .filename:
            result.set(table.files.paths[fileIndex])
        case .hive(let key):
            guard let value = ParquetLayout.hivePairs(table.files.paths[fileIndex]).first(where: { $0.key == key })?.value else {
                return result.setNull()
            }
            if table.layout.columns[index].declaredType == "BIGINT", let n = Int64(value) { result.set(n) } else { result.set(value) }
        case .data:
            guard let reader, let f = mapping[index] else { return result.setNull() }
            do {
                try reader.write(column: f, to: ResultSink(result: result))
            } catch let error as ParquetError {
                throw ParquetTable.fileError(error, path: reader.file.path)
            }
        }
    }

    func rowid() throws -> Int64 { rowNumber }
}

/// Cells written as SQL results.
struct ResultSink: ValueSink {
    let result: ResultContext
    func null() { result.setNull() }
    func integer(_ value: Int64) { result.set(value) }
    func real(_ value: Double) { result.set(value) }
    func text(_ utf8: UnsafeBufferPointer<UInt8>) { result.setText(utf8: utf8) }
    func blob(_ bytes: UnsafeBufferPointer<UInt8>) { result.setBlob(UnsafeRawBufferPointer(bytes)) }
}
