import SQLshCore
import SQLshParquet

/// `COPY ... TO 'x.parquet'`: a query's rows as a Parquet file.
///
/// Each column gets one Parquet type (``ParquetColumnTypeChooser``), which must fit all its
/// values, yet the query runs once cheaply. So the first row group's rows are kept in memory
/// while the types are chosen from them:
/// - when the query ends within that row group, the rows are written: one pass;
/// - else a read-only query runs on to the end, only noting its values' types, then runs again
///   and is written as it goes: two passes, memory bounded by one row group;
/// - else (a statement with side effects, `insert ... returning`, which must not run twice) the
///   types are chosen from the first row group, and a later value that does not fit its column
///   is an error (cast it in the query).
struct ParquetCopy {
    let statement: Statement
    let options: ParquetWriteOptions

    /// A value kept from the first row group.
    private enum Kept {
        case null, integer(Int64), real(Double), text([UInt8]), blob([UInt8])

        func withInput<R>(_ body: (ParquetInputValue) throws -> R) rethrows -> R {
            switch self {
            case .null: return try body(.null)
            case .integer(let n): return try body(.integer(n))
            case .real(let d): return try body(.real(d))
            case .text(let b): return try b.withUnsafeBytes { try body(.text($0)) }
            case .blob(let b): return try b.withUnsafeBytes { try body(.blob($0)) }
            }
        }
    }

    /// The first row group's rows are kept while they take less than this many bytes.
    static let keptBytes = 64 << 20

    /// Runs the statement and writes its rows to `fd`.
    /// - Returns: the number of rows written.
    /// - Throws: ``SQLiteError`` from stepping, ``ParquetError`` from writing.
    func write(to fd: Int32) throws -> Int64 {
        let count = statement.columnCount
        var choosers = (0..<count).map { ParquetColumnTypeChooser(declaredType: statement.columnDeclaredType(at: $0)) }
        var kept: [[Kept]] = []
        var keptSize = 0
        var finished = false
        while true {
            guard try statement.step() else { finished = true; break }
            var row: [Kept] = []
            row.reserveCapacity(count)
            for i in 0..<count {
                let value = input(i, asText: false)
                choosers[i].observe(value)
                keptSize += 24  // the value's own room, NULLs too
                switch value {
                case .null: row.append(.null)
                case .integer(let n): row.append(.integer(n)); keptSize += 8
                case .real(let d): row.append(.real(d)); keptSize += 8
                case .text(let b): row.append(.text(Array(b))); keptSize += b.count + 16
                case .blob(let b): row.append(.blob(Array(b))); keptSize += b.count + 16
                }
            }
            kept.append(row)
            if kept.count >= options.rowGroupSize || keptSize >= Self.keptBytes { break }
        }
        let twoPasses = !finished && statement.isReadOnly
        if twoPasses {
            kept = []
            while try statement.step() {
                for i in 0..<count { choosers[i].observe(input(i, asText: false)) }
            }
            statement.reset()
        }
        let columns = (0..<count).map {
            ParquetFileWriter<ParquetFileDescriptorOutput>.Column(name: statement.columnName(at: $0), type: choosers[$0].chosen)
        }
        var writer = try ParquetFileWriter(columns: columns, options: options, output: ParquetFileDescriptorOutput(fd: fd))
        let byteArray = writer.columns.map { $0.type.isByteArray }
        for row in kept {
            for i in 0..<count {
                if byteArray[i], case .real(let d) = row[i] {
                    // As SQLite's text conversion renders it.
                    try Array(formatReal(d).utf8).withUnsafeBytes { try writer.append(.text($0), column: i) }
                } else {
                    try row[i].withInput { try writer.append($0, column: i) }
                }
            }
            try writer.endRow()
        }
        kept = []
        if !finished {
            while try statement.step() {
                for i in 0..<count { try writer.append(input(i, asText: byteArray[i]), column: i) }
                try writer.endRow()
            }
        }
        _ = try writer.finish()
        return writer.rowCount
    }

    /// Column `i` of the current row; numbers as SQLite's text when `asText`.
    private func input(_ i: Int, asText: Bool) -> ParquetInputValue {
        switch statement.columnType(at: i) {
        case .null: return .null
        case .integer: return asText ? .text(UnsafeRawBufferPointer(statement.textBytes(at: i))) : .integer(statement.int64(at: i))
        case .real: return asText ? .text(UnsafeRawBufferPointer(statement.textBytes(at: i))) : .real(statement.double(at: i))
        case .text: return .text(UnsafeRawBufferPointer(statement.textBytes(at: i)))
        case .blob: return .blob(statement.blobBytes(at: i))
        }
    }
}
