import SQLshCatalog
import SQLshCore
import SQLshParquet
import Synchronization

/// A `read_parquet` table: one Parquet file, or the files of a pattern or a list, read in
/// place. Its columns come from the first file's schema (all the files' with
/// `union_by_name`); a scan reads only the columns the statement uses, one row group at a
/// time, and skips the row groups whose statistics rule out the statement's simple
/// comparisons (``bestIndex(_:)``).
final class ParquetTable: VirtualTable, TrackedFileTable {
    let options: FileReadOptions
    let function: String
    let files: FileSet
    let layout: ParquetLayout
    /// Each column's source (``layout``'s, apart for the cursor's hot path).
    let sources: [ParquetLayout.Source]
    let limits: ParquetLimits
    let schema: String
    let estimatedRows: Int64
    var trackedHandle: UInt?
    /// The first file, opened when the table was made (its footer read).
    private let first: ParquetFile

    /// The plans ``bestIndex(_:)`` offered: the columns used and the comparisons passed,
    /// numbered by their place here (the plan number `filter` gets).
    private let plans = Mutex<[Plan]>([])

    struct Plan: Equatable {
        var used: UInt64
        /// Per argument: the data column and the operator.
        var comparisons: [Comparison]
    }

    struct Comparison: Equatable {
        var column: Int
        var op: IndexInfo.ConstraintOperator
    }

    deinit {
        if let trackedHandle { FileTables.untrack(ObjectIdentifier(self), handle: trackedHandle) }
    }

    init(options: FileReadOptions, function: String, lengthLimit: Int, columnLimit: Int) throws {
        self.options = options
        self.function = function
        let files = try FileSet.resolve(options.fileNames)
        self.files = files
        let limits = ParquetLimits(lengthLimit: lengthLimit)
        self.limits = limits
        let path = files.paths.first ?? options.path
        first = try Self.open(path, limits: limits)
        layout = try ParquetLayout(first: first, paths: files.paths, options: options) { try Self.open($0, limits: limits) }
        sources = layout.columns.map(\.source)
        guard layout.columns.count <= columnLimit else {
            throw FileTableError("\(path): \(layout.columns.count) columns, more than the column limit (\(columnLimit))")
        }
        guard !layout.columns.isEmpty else { throw FileTableError("\(path): a Parquet file without columns") }
        schema = "CREATE TABLE x(" + layout.columns.map { quotedName($0.name) + " " + $0.declaredType }.joined(separator: ", ") + ")"
        estimatedRows = max(first.rowCount, 1).multipliedReportingOverflow(by: Int64(max(files.paths.count, 1))).partialValue
    }

    /// Opens a file (a regular file only, without blocking), its errors named after it.
    static func open(_ path: String, limits: ParquetLimits, interrupt: InterruptCheck = InterruptCheck()) throws -> ParquetFile {
        let fd: Int32
        do {
            (fd, _) = try RegularFile.openForReading(path)
        } catch let failure as RegularFile.OpenFailure {
            throw FileTableError("cannot open \(path): \(failure.reason)")
        } catch let refusal as RegularFile.Refusal {
            throw FileTableError(refusal.isDirectory ? "cannot open \(path): Is a directory"
                                 : "cannot open \(path): \(refusal.message(path)) (sqlsh reads files, not pipes or devices)")
        }
        do {
            return try ParquetFile(descriptor: fd, path: path, limits: limits, interrupted: { interrupt.isRequested })
        } catch let error as ParquetError {
            throw fileError(error, path: path)
        }
    }

    /// A reading error as the statement's: `PATH: what is wrong`.
    static func fileError(_ error: ParquetError, path: String) -> FileTableError {
        let open = "cannot open the file: "
        if error.message.hasPrefix(open) { return FileTableError("cannot open \(path): \(error.message.dropFirst(open.count))") }
        return FileTableError("\(path): \(error.message)")
    }

    /// The file to read at `index`: the first is already open.
    func file(_ index: Int, interrupt: InterruptCheck) throws -> ParquetFile {
        index == 0 ? first : try Self.open(files.paths[index], limits: limits, interrupt: interrupt)
    }

    func makeCursor() throws -> any VirtualTableCursor { ParquetCursor(table: self) }

    /// A full scan of the columns used, with each usable comparison of a data column with a
    /// value (`=`, `<`, `<=`, `>`, `>=`; BETWEEN is two of them) passed along to skip row
    /// groups; SQLite still checks every row.
    func bestIndex(_ info: IndexInfo) throws {
        var comparisons: [Comparison] = []
        let ops: [IndexInfo.ConstraintOperator] = [.equal, .lessThan, .lessOrEqual, .greaterThan, .greaterOrEqual]
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.isUsable, ops.contains(constraint.op), constraint.column >= 0,
                  Int(constraint.column) < layout.columns.count,
                  case .data = layout.columns[Int(constraint.column)].source,
                  info.collation(constraint: i).uppercased() == "BINARY", comparisons.count < 32 else { continue }
            comparisons.append(Comparison(column: Int(constraint.column), op: constraint.op))
            info.use(constraint: i, asArgument: Int32(comparisons.count), omit: false)
        }
        let plan = Plan(used: info.columnsUsed, comparisons: comparisons)
        info.planNumber = plans.withLock { plans in
            if let found = plans.firstIndex(of: plan) { return Int32(found) }
            plans.append(plan)
            return Int32(plans.count - 1)
        }
        info.estimatedRows = estimatedRows
        info.estimatedCost = Double(estimatedRows) / Double(comparisons.count + 1) + 1000
    }

    /// The plan numbered `number`.
    func plan(_ number: Int32) -> Plan {
        plans.withLock { plans in plans.indices.contains(Int(number)) ? plans[Int(number)] : Plan(used: .max, comparisons: []) }
    }
}
