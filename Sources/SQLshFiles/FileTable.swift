#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCatalog
import SQLshCore

/// The modules of the files pack: `read_csv` (and `read_csv_auto`), `read_json` (and
/// `read_json_auto`), `read_ndjson` (and `read_ndjson_auto`). A table of one is made by
/// `CREATE VIRTUAL TABLE t USING read_csv('data.csv', header=true)`, or with no arguments
/// from its name: a file's name (`temp."data.csv"`) or a call (`temp."read_csv('data.csv')"`),
/// which is how the tables for files named in FROM and for `read_csv(...)` calls are made
/// (FileTableRewriter.swift).
protocol FileTableModule: VirtualTableModule {
    /// The function the module reads with, for messages and a table's own arguments.
    static var function: String { get }
}

extension FileTableModule {
    static var options: TableValuedOptions { [.directOnly, .touchesFiles] }

    static func admit(arguments: [String], context: VirtualTableContext) throws {
        try SafeMode.refuseModule(function, on: context.handle)
    }

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        let options: FileReadOptions
        let joined = arguments.joined(separator: ",")
        if !joined.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) {
            var text = joined
            let call = try text.withUTF8 { try FileCall(function: function, arguments: $0) }
            options = try FileReadOptions(call: call)
        } else if let call = FileCall.parse(context.tableName) {
            options = try FileReadOptions(call: call)
        } else if let named = FileReadOptions(fileName: context.tableName) {
            options = named
        } else {
            throw FileTableError("\(function): name the file: CREATE VIRTUAL TABLE t USING \(function)('data.csv')")
        }
        let connection = context.connection
        let table: any VirtualTable & TrackedFileTable
        if options.format == .parquet {
            table = try ParquetTable(options: options, function: function, lengthLimit: connection.limit(.length),
                                     columnLimit: connection.limit(.column))
        } else {
            table = try FileTable(options: options, function: function, lengthLimit: connection.limit(.length),
                                  columnLimit: connection.limit(.column))
        }
        if context.schemaName == "temp", arguments.isEmpty {
            FileTables.track(table, handle: context.handle, name: context.tableName)
        }
        return table
    }
}

/// `read_csv` tables.
enum ReadCSVModule: FileTableModule { static var function: String { "read_csv" } }
/// `read_json` tables.
enum ReadJSONModule: FileTableModule { static var function: String { "read_json" } }
/// `read_ndjson` tables.
enum ReadNDJSONModule: FileTableModule { static var function: String { "read_ndjson" } }
/// `read_parquet` tables.
enum ReadParquetModule: FileTableModule { static var function: String { "read_parquet" } }

/// One column of a file table.
struct FileColumn {
    var name: String
    var type: ColumnType
}

/// A file as a read-only table: its columns and their types are found once, from the
/// first rows (the sample); each scan reads the file again from the start, one record at a
/// time, in constant memory.
final class FileTable: VirtualTable, TrackedFileTable {
    let options: FileReadOptions
    let function: String
    let columns: [FileColumn]
    /// The columns read from the file (the `filename` column comes after them).
    let dataColumnCount: Int
    let schema: String
    /// The files (one, or those of a pattern or a list) as they were when the table was made.
    let files: FileSet
    let lengthLimit: Int
    let estimatedRows: Int64
    // CSV
    let dialect: CSVDialect
    let hasHeader: Bool
    // JSON
    let jsonLayout: JSONLayout?
    let objectRecords: Bool
    let jsonKeys: [[UInt8]]
    /// The connection whose made-for-a-file tables list this table (FileTables).
    var trackedHandle: UInt?

    deinit {
        if let trackedHandle { FileTables.untrack(ObjectIdentifier(self), handle: trackedHandle) }
    }

    init(options: FileReadOptions, function: String, lengthLimit: Int, columnLimit: Int) throws {
        self.options = options
        self.function = function
        self.files = try FileSet.resolve(options.fileNames)
        let first = files.paths.first ?? options.path
        let limit = options.recordLimit(lengthLimit: lengthLimit)
        self.lengthLimit = limit
        var columns: [FileColumn]
        var estimate: Int64
        switch options.format {
        case .csv:
            let found = try CSVInference(options: options, path: first, function: function, maxKept: limit).run()
            dialect = found.dialect
            hasHeader = found.header
            columns = found.columns
            estimate = found.estimatedRows
            jsonLayout = nil
            objectRecords = false
            jsonKeys = []
        case .parquet:
            throw FileTableError("\(function): a Parquet file is read by read_parquet")
        case .json(let layout):
            let found = try JSONInference(options: options, path: first, layout: layout, function: function, maxKept: limit).run()
            dialect = CSVDialect()
            hasHeader = false
            columns = found.columns
            estimate = found.estimatedRows
            jsonLayout = found.layout
            objectRecords = found.objectRecords
            jsonKeys = found.keys
        }
        dataColumnCount = columns.count
        if options.filenameColumn { columns.append(FileColumn(name: "filename", type: .text)) }
        guard columns.count <= columnLimit else {
            throw FileTableError("\(options.path): \(columns.count) columns, more than the column limit (\(columnLimit))")
        }
        self.columns = columns
        self.estimatedRows = max(estimate, 1).multipliedReportingOverflow(by: Int64(max(files.paths.count, 1))).partialValue
        schema = "CREATE TABLE x(" + columns.map { quotedName($0.name) + " " + $0.type.declaration }.joined(separator: ", ") + ")"
    }

    func makeCursor() throws -> any VirtualTableCursor {
        objectRecords || jsonLayout != nil ? JSONCursor(table: self) : CSVCursor(table: self)
    }

    /// A full scan (plan 0) costs reading the file; in a join, a usable equality on a column
    /// whose value is not known before the statement runs (another table's column) is
    /// answered from an index of the file kept in memory (plan column + 1), built on first
    /// use: the file is read once rather than once per row of the other table.
    func bestIndex(_ info: IndexInfo) throws {
        for i in 0..<info.constraintCount {
            let constraint = info.constraint(i)
            guard constraint.isUsable, constraint.op == .equal, constraint.column >= 0,
                  Int(constraint.column) < dataColumnCount, !info.rightHandSideIsKnown(constraint: i),
                  info.collation(constraint: i).uppercased() == "BINARY" else { continue }
            info.use(constraint: i, asArgument: 1, omit: false)
            info.planNumber = constraint.column + 1
            info.estimatedRows = 10
            info.estimatedCost = 25
            return
        }
        info.planNumber = 0
        info.estimatedRows = estimatedRows
        info.estimatedCost = Double(estimatedRows) * 4 + 1000
    }

    /// The file's rows in memory, for equality lookups: made on first use, and again when
    /// the file changed (looked at once a second at most).
    func materialized() throws -> MaterializedFile {
        let now = MonotonicClock.seconds()
        if let file = materializedFile {
            if now - lastChecked < 1 { return file }
            lastChecked = now
            if !file.files.isStale(options.fileNames) { return file }
        }
        let file = try MaterializedFile(table: self)
        materializedFile = file
        lastChecked = now
        return file
    }
    private var materializedFile: MaterializedFile?
    private var lastChecked = MonotonicClock.seconds()

    /// A new stream over file `index` of ``files``.
    func openStream(_ index: Int) throws -> ByteStream {
        try ByteStream(path: files.paths[index], maxKept: lengthLimit, limitName: options.recordLimitName(lengthLimit),
                   compression: options.compression)
    }

    /// The message of an error in a file: where, what, the line, and how to skip such rows.
    func message(_ error: FileRecordError, in path: String) -> String {
        FileErrors.message(error, path: path, function: function)
    }
}

/// Error messages of file tables.
enum FileErrors {
    /// `FILE:LINE:COLUMN: PROBLEM`, the line with a caret under the column, and the option
    /// that skips such records.
    static func message(_ error: FileRecordError, path: String, function: String) -> String {
        var text = "\(path):\(error.line):\(error.column): \(error.problem)"
        if !error.lineText.isEmpty {
            text += "\n  " + error.lineText
            if error.column <= 200 { text += "\n  " + String(repeating: " ", count: max(error.column - 1, 0)) + "^" }
        }
        text += "\n(ignore_errors=true skips such rows: select * from \(function)(\(OptionValue.quoted(path)), ignore_errors=true))"
        return text
    }
}

func quotedName(_ name: String) -> String {
    "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
}

/// Column names as DuckDB makes them: a missing one is `columnN` (N zero-padded to the
/// width of the last index), a repeated one (any case) gets `_1`, `_2`...
func uniqueColumnNames(_ names: [String?], normalize: Bool) -> [String] {
    let width = String(max(names.count - 1, 0)).count
    var used: Set<String> = []
    return names.enumerated().map { i, name -> String in
        var base = name ?? ""
        if normalize { base = normalized(base) }
        if base.isEmpty {
            let digits = String(i)
            base = "column" + String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        var candidate = base
        var n = 0
        while used.contains(candidate.lowercased()) {
            n += 1
            candidate = "\(base)_\(n)"
        }
        used.insert(candidate.lowercased())
        return candidate
    }
}

/// DuckDB's `normalize_names`: lowercase, characters other than letters, digits and `_`
/// become `_`, a leading digit gets a `_` before it.
private func normalized(_ name: String) -> String {
    var out = String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if let first = out.first, first.isNumber { out = "_" + out }
    return out
}

// MARK: CSV

/// The dialect, header, columns and types of a delimited file, from its first records.
struct CSVInference {
    let options: FileReadOptions
    /// The file read (the first of a table's files: the others are read alike).
    let path: String
    let function: String
    let maxKept: Int

    struct Result {
        var dialect: CSVDialect
        var header: Bool
        var columns: [FileColumn]
        var estimatedRows: Int64
    }

    func run() throws -> Result {
        var dialect = CSVDialect()
        dialect.quote = options.quote
        dialect.escape = options.escape
        dialect.comment = options.comment
        if let delimiter = options.delimiter {
            dialect.delimiter = delimiter
        } else if options.autoDetect {
            dialect.delimiter = try sniffDelimiter(dialect)
        }
        if dialect.delimiter == 10 || dialect.delimiter == 13 || dialect.delimiter == dialect.quote {
            throw FileTableError("\(function): the delimiter cannot be a newline or the quote")
        }
        let stream = try ByteStream(path: path, maxKept: maxKept, limitName: options.recordLimitName(maxKept), compression: options.compression)
        let scanner = try CSVScanner(stream: stream, dialect: dialect)
        try scanner.skipLines(options.skip)
        // The first record (a header or data), then the sample.
        var first: [[UInt8]]? = nil
        var firstKinds: [FieldKinds] = []
        var kinds: [FieldKinds] = []
        var widest = 0
        var sampled = 0
        var sampleBytes = 0
        let sampleStart = scanner.offset
        var reachedEnd = false
        while sampled < options.sampleSize {
            do {
                guard try scanner.next() else { reachedEnd = true; break }
            } catch let error as FileRecordError {
                guard options.ignoreErrors else { throw FileTableError(FileErrors.message(error, path: path, function: function)) }
                try scanner.skip(error)
                continue
            }
            let count = scanner.fields.count
            if first == nil {
                first = (0..<count).map { i in let (p, n) = scanner.bytes(i); return Array(UnsafeBufferPointer(start: p, count: n)) }
                firstKinds = (0..<count).map { i in
                    let (p, n) = scanner.bytes(i)
                    return isNull(p, n) ? [] : n == 0 ? .text : kind(p, n)
                }
                continue
            }
            widest = max(widest, count)
            if kinds.count < count { kinds += Array(repeating: [], count: count - kinds.count) }
            for i in 0..<count {
                let (p, n) = scanner.bytes(i)
                // An empty field that is not NULL (nullstr says otherwise) is text.
                if !isNull(p, n) { kinds[i].formUnion(n == 0 ? .text : kind(p, n)) }
            }
            sampled += 1
        }
        sampleBytes = scanner.offset - sampleStart
        let header = decideHeader(first: firstKinds, rest: kinds, sampled: sampled)
        var fieldCount = max(widest, first?.count ?? 0)
        if header { fieldCount = first?.count ?? 0 }
        if !header, let firstKindsCount = Optional(firstKinds.count) {
            if kinds.count < firstKindsCount { kinds += Array(repeating: [], count: firstKindsCount - kinds.count) }
            for (i, k) in firstKinds.enumerated() { kinds[i].formUnion(k) }
        }
        var names: [String?] = (0..<max(fieldCount, 1)).map { i in
            header && i < (first?.count ?? 0) ? String(decoding: first?[i] ?? [], as: UTF8.self) : nil
        }
        var types: [ColumnType] = (0..<names.count).map { i in
            guard options.autoDetect, !options.allText, i < kinds.count else { return .text }
            return kinds[i].columnType
        }
        if let given = options.columns {
            names = given.map(\.name)
            types = given.map(\.type)
        }
        if let given = options.names {
            for (i, name) in given.enumerated() {
                if i < names.count { names[i] = name } else { names.append(name); types.append(.text) }
            }
        }
        if let given = options.types {
            for (i, type) in given.enumerated() where i < types.count { types[i] = type }
        }
        let unique = uniqueColumnNames(names, normalize: options.normalizeNames)
        for (name, type) in options.typesByName {
            guard let i = unique.firstIndex(where: { $0.lowercased() == name.lowercased() }) else {
                throw FileTableError("\(function): types names a column the file does not have: \(name)")
            }
            types[i] = type
        }
        let columns = zip(unique, types).map { FileColumn(name: $0, type: $1) }
        var estimate = Int64(sampled)
        if !reachedEnd && sampled > 0 && sampleBytes > 0 {
            let size = stream.isCompressed ? stream.fileSize * 5 : stream.fileSize
            estimate = max(Int64(sampled), size / Int64(max(sampleBytes / sampled, 1)))
        }
        return Result(dialect: dialect, header: header, columns: columns, estimatedRows: estimate)
    }

    private func isNull(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        FileNulls.isNull(p, n, options.nullStrings)
    }

    /// What a field looks like, for inference: a value that `dateformat` (`timestampformat`)
    /// reads, and that is not a number, is a date (a timestamp).
    private func kind(_ p: UnsafePointer<UInt8>, _ n: Int) -> FieldKinds {
        let kind = FieldValue.kind(p, n)
        guard kind == .text else { return kind }
        if let format = options.dateFormat, format.read(p, n, timestamp: false) != nil { return .date }
        if let format = options.timestampFormat, format.read(p, n, timestamp: true) != nil { return .timestamp }
        return kind
    }

    /// Whether the first record names the columns: given by `header`; without it (and
    /// without hand-given columns), when none of its fields is a number, boolean or date and
    /// one of them is text over a column of numbers, booleans or dates below, or none is
    /// empty (DuckDB's rule, roughly).
    private func decideHeader(first: [FieldKinds], rest: [FieldKinds], sampled: Int) -> Bool {
        if let header = options.header { return header }
        if options.columns != nil || !options.autoDetect { return false }
        guard !first.isEmpty else { return false }
        // A number, boolean or date in the first row: data.
        if first.contains(where: { $0 != .text && $0 != [] }) { return false }
        // Text over a column of numbers, booleans or dates: names.
        for (i, kinds) in rest.enumerated() where i < first.count && first[i] == .text && !kinds.isEmpty && kinds.columnType != .text {
            return true
        }
        // Only text: names when none is missing.
        return !first.contains([])
    }

    /// The delimiter among `,` tab `;` `|` that splits the first lines into the most
    /// records of the same field count (more fields breaking a tie); `,` when none splits.
    private func sniffDelimiter(_ base: CSVDialect) throws -> UInt8 {
        var best: (delimiter: UInt8, consistent: Int, fields: Int) = (UInt8(ascii: ","), 0, 1)
        for candidate in [UInt8(ascii: ","), 9, UInt8(ascii: ";"), UInt8(ascii: "|")] {
            var dialect = base
            dialect.delimiter = candidate
            let stream = try ByteStream(path: path, maxKept: maxKept, limitName: options.recordLimitName(maxKept), compression: options.compression,
                                        initialCapacity: 64 << 10)
            let scanner = try CSVScanner(stream: stream, dialect: dialect)
            try scanner.skipLines(options.skip)
            var counts: [Int: Int] = [:]
            var errors = 0
            var records = 0
            while records < 40 {
                do {
                    guard try scanner.next() else { break }
                    counts[scanner.fields.count, default: 0] += 1
                    records += 1
                } catch let error as FileRecordError {
                    errors += 1
                    if errors > 3 { break }
                    try scanner.skip(error)
                }
            }
            guard errors <= 3, let (fields, consistent) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }),
                  fields > 1 else { continue }
            if consistent > best.consistent || (consistent == best.consistent && fields > best.fields) {
                best = (candidate, consistent, fields)
            }
        }
        return best.delimiter
    }
}

/// The NULL strings of a CSV table (`nullstr`; by default the empty field).
enum FileNulls {
    // Forced inlining in this file: Benchmarks/files.sh: every value given to SQLite.
    @inline(__always)
    static func isNull(_ p: UnsafePointer<UInt8>, _ n: Int, _ nulls: [[UInt8]]) -> Bool {
        for null in nulls where null.count == n {
            if n == 0 || null.withUnsafeBufferPointer({ $0.elementsEqual(UnsafeBufferPointer(start: p, count: n)) }) { return true }
        }
        return false
    }
}

/// What the scans of delimited and JSON files share: the table, the file being read, the row
/// number, and an equality lookup when the plan is one (FileLookup.swift).
class FileCursor {
    let table: FileTable
    /// Which of the table's files is read now.
    var fileIndex = 0
    var row: Int64 = 0
    private(set) var isAtEnd = true
    private var lookup = EqualityLookup()
    /// Whether the current scan is a lookup (``lookup``'s own flag, apart: per-row checks
    /// read a plain Bool rather than the lookup, which mutating calls access dynamically).
    private var isLookup = false
    let types: [ColumnType]

    init(table: FileTable) {
        self.table = table
        types = table.columns.map(\.type)
    }

    /// Starts a scan: a lookup when the plan is one (true then), else a scan from the first
    /// file's first row, which the subclass reads.
    func beginLookup(_ arguments: FilterArguments) throws -> Bool {
        row = 0
        isLookup = false
        if try lookup.begin(table, arguments) {
            isLookup = true
            isAtEnd = lookup.isAtEnd
            return true
        }
        isAtEnd = false
        return false
    }

    /// Moves a lookup to its next row; false when the scan is not a lookup.
    func advanceLookup() -> Bool {
        guard isLookup else { return false }
        lookup.advance()
        isAtEnd = lookup.isAtEnd
        return true
    }

    /// Marks the end of the scan.
    func finish() { isAtEnd = true }

    /// Whether the current row comes from the lookup, and then writes its `column`.
    func writeLookedUp(_ column: Int, into result: ResultContext) -> Bool {
        guard isLookup else { return false }
        lookup.write(column: column, into: result)
        return true
    }

    /// The `filename` column: the file the row comes from.
    func writeFilename(into result: ResultContext) {
        if isLookup { return lookup.writeFilename(into: result) }
        result.set(table.files.paths[min(fileIndex, table.files.paths.count - 1)])
    }

    /// Whether another file follows the one being read.
    var hasNextFile: Bool { fileIndex + 1 < table.files.paths.count }

    func rowid() throws -> Int64 { isLookup ? lookup.rowid : row }

    var fileOfRow: Int { fileIndex }
}

/// A scan of a delimited file.
final class CSVCursor: FileCursor, VirtualTableCursor, CellCapturing {
    private var scanner: CSVScanner? {
        didSet { scannerRef = scanner.map { Unmanaged.passUnretained($0) } }
    }
    /// ``scanner``, borrowed by the per-row paths: reading it through the property would
    /// retain and release it on every call (Benchmarks/files.sh).
    private var scannerRef: Unmanaged<CSVScanner>?
    private let nullIsEmptyOnly: Bool

    override init(table: FileTable) {
        nullIsEmptyOnly = table.options.nullStrings == [[]]
        super.init(table: table)
    }

    func filter(_ arguments: FilterArguments) throws {
        if try beginLookup(arguments) { return }
        try open(0)
        if !isAtEnd { try next() }
    }

    /// Starts reading file `index` (past its skipped lines and its header).
    private func open(_ index: Int) throws {
        fileIndex = index
        let scanner = try CSVScanner(stream: try table.openStream(index), dialect: table.dialect)
        try scanner.skipLines(table.options.skip)
        self.scanner = scanner
        if table.hasHeader { try read(header: true) }
    }

    func next() throws {
        if advanceLookup() { return }
        try read(header: false)
    }

    /// What reading one record gave.
    private enum Record { case row, skipped, endOfFile }

    private func read(header: Bool) throws {
        while true {
            guard let scannerRef else { finish(); return }
            switch try scannerRef._withUnsafeGuaranteedRef({ try readRecord($0, header: header) }) {
            case .row:
                if !header { row += 1 }
                return
            case .skipped:
                continue
            case .endOfFile:
                // The end of a file: the next one, if any (its header skipped too).
                if header || !hasNextFile { if !header { finish() }; return }
                try open(fileIndex + 1)
            }
        }
    }

    /// Reads the next record of the current file: a row (or the header), a record skipped
    /// (`ignore_errors`), or the end of the file.
    private func readRecord(_ scanner: CSVScanner, header: Bool) throws -> Record {
        let columns = table.dataColumnCount
        do {
            guard try scanner.next() else { return .endOfFile }
        } catch let error as FileRecordError {
            guard table.options.ignoreErrors else { throw FileTableError(table.message(error, in: scanner.stream.path)) }
            try scanner.skip(error)
            return .skipped
        }
        if header { return .row }
        let count = scanner.fields.count
        if count > columns {
            // Extra fields that are all empty (a trailing delimiter) are no error.
            var extra = false
            for i in columns..<count where scanner.fields[i].end > scanner.fields[i].start || scanner.fields[i].quoted {
                extra = true
                break
            }
            if extra {
                let error = scanner.error(at: scanner.fields[columns].rawStart,
                                          "a row with \(count) fields, more than the \(columns) columns",
                                          resumeFrom: scanner.fields[columns].rawStart)
                guard table.options.ignoreErrors else { throw FileTableError(table.message(error, in: scanner.stream.path)) }
                return .skipped
            }
        } else if count < columns && !table.options.nullPadding {
            let error = scanner.error(at: scanner.recordStart, "a row with \(count) fields, fewer than the \(columns) columns",
                                      resumeFrom: scanner.recordStart)
            guard table.options.ignoreErrors else { throw FileTableError(table.message(error, in: scanner.stream.path)) }
            return .skipped
        }
        return .row
    }

    func cell(_ column: Int) -> (kind: UInt8, flag: Bool, bytes: UnsafePointer<UInt8>?, count: Int) {
        guard let scanner, column < scanner.fields.count else { return (0, false, nil, 0) }
        let (p, n) = scanner.bytes(column)
        if nullIsEmptyOnly ? n == 0 : FileNulls.isNull(p, n, table.options.nullStrings) { return (0, false, nil, 0) }
        return (1, false, p, n)
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard index < table.dataColumnCount else { return writeFilename(into: result) }
        if writeLookedUp(index, into: result) { return }
        guard let scannerRef else { return result.setNull() }
        try scannerRef._withUnsafeGuaranteedRef { try write(index, of: $0, into: result) }
    }

    /// Writes the current record's field `index` as its column's value.
    private func write(_ index: Int, of scanner: CSVScanner, into result: ResultContext) throws {
        guard index < scanner.fields.count else { return result.setNull() }
        let (p, n) = scanner.bytes(index)
        if nullIsEmptyOnly ? n == 0 : FileNulls.isNull(p, n, table.options.nullStrings) { return result.setNull() }
        if n > table.lengthLimit {
            let field = scanner.fields[index]
            throw FileTableError(table.message(scanner.error(at: field.rawStart, "a field of \(n) bytes, longer than the length limit (\(table.lengthLimit))",
                                                             resumeFrom: field.rawStart), in: scanner.stream.path))
        }
        let type = types[index]
        if type == .date || type == .timestamp { return try writeDate(p, n, column: index, of: scanner, as: type, into: result) }
        FieldValue.write(p, n, as: type, into: result)
    }

    /// A DATE or TIMESTAMP value: read with `dateformat`/`timestampformat` when given (as ISO
    /// text), else it must be ISO already. Anything else is an error naming the value, or
    /// NULL with `ignore_errors` (never the raw text under a date's name).
    private func writeDate(_ p: UnsafePointer<UInt8>, _ n: Int, column index: Int, of scanner: CSVScanner, as type: ColumnType,
                           into result: ResultContext) throws {
        let timestamp = type == .timestamp
        let format = timestamp ? table.options.timestampFormat ?? table.options.dateFormat : table.options.dateFormat
        if let format, let text = format.read(p, n, timestamp: timestamp) { return result.set(text) }
        // ISO text is a date whatever the layout given.
        if FieldValue.isDate(p, n) || (timestamp && FieldValue.isTimestamp(p, n)) {
            return result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
        }
        if table.options.ignoreErrors { return result.setNull() }
        let value = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 80)), as: UTF8.self)
        let name = table.columns[index].name
        let option = timestamp ? "timestampformat" : "dateformat"
        let hint = format.map { " with \(option)='\($0.text)'" } ?? " (\(option)='%d/%m/%Y' reads other layouts)"
        let field = scanner.fields[index]
        throw FileTableError(table.message(scanner.error(at: field.rawStart, "'\(value)' in column \(name) is not a \(type.declaration)\(hint)",
                                                         resumeFrom: field.rawStart), in: scanner.stream.path))
    }
}

// MARK: JSON

/// The layout, columns and types of a JSON file, from its first records.
struct JSONInference {
    let options: FileReadOptions
    /// The file read (the first of a table's files).
    let path: String
    let layout: JSONLayout?
    let function: String
    let maxKept: Int

    struct Result {
        var layout: JSONLayout
        var objectRecords: Bool
        var keys: [[UInt8]]
        var columns: [FileColumn]
        var estimatedRows: Int64
    }

    func run() throws -> Result {
        let stream = try ByteStream(path: path, maxKept: maxKept, limitName: options.recordLimitName(maxKept), compression: options.compression)
        let scanner = try JSONScanner(stream: stream, layout: layout)
        let given = options.columns
        if let given { scanner.setKeys(given.map { Array($0.name.utf8) }) } else { scanner.learnsKeys = true }
        var objectRecords: Bool? = given != nil ? true : nil
        var kinds: [FieldKinds] = []
        var scalarKinds: FieldKinds = []
        var sampled = 0
        var reachedEnd = false
        while sampled < options.sampleSize {
            do {
                guard try scanner.next() else { reachedEnd = true; break }
            } catch let error as FileRecordError {
                guard options.ignoreErrors, try scanner.skip(error) else {
                    throw FileTableError(FileErrors.message(error, path: path, function: function))
                }
                continue
            }
            sampled += 1
            let isObject = scanner.record.kind == .object
            if objectRecords == nil { objectRecords = isObject }
            if objectRecords == true {
                guard isObject else { continue }
                if kinds.count < scanner.slots.count { kinds += Array(repeating: [], count: scanner.slots.count - kinds.count) }
                for (i, slot) in scanner.slots.enumerated() where slot.record == scanner.recordCount {
                    kinds[i].formUnion(JSONValues.kind(slot, scanner))
                }
            } else {
                scalarKinds.formUnion(JSONValues.kind(scanner.record, scanner))
            }
        }
        var columns: [FileColumn]
        var keys: [[UInt8]] = []
        if objectRecords == true {
            keys = scanner.keys
            if let given {
                columns = given.map { FileColumn(name: $0.name, type: $0.type) }
            } else {
                let names = uniqueColumnNames(keys.map { String(decoding: $0, as: UTF8.self) }, normalize: false)
                columns = names.enumerated().map { i, name in
                    FileColumn(name: name, type: options.autoDetect && i < kinds.count ? kinds[i].columnType : .text)
                }
            }
            if columns.isEmpty { columns = [FileColumn(name: "json", type: .json)]; keys = [] }
        } else {
            columns = [FileColumn(name: "json", type: sampled == 0 ? .json : scalarKinds.columnType)]
        }
        var estimate = Int64(sampled)
        if !reachedEnd && sampled > 0 {
            let read = max(stream.end, 1)
            let size = stream.isCompressed ? stream.fileSize * 5 : stream.fileSize
            estimate = max(Int64(sampled), size / Int64(max(read / sampled, 1)))
        }
        return Result(layout: scanner.layout, objectRecords: objectRecords ?? false, keys: keys, columns: columns,
                      estimatedRows: estimate)
    }
}

/// Reading JSON values as SQL values.
enum JSONValues {
    /// What a value looks like, for inference.
    static func kind(_ slot: JSONSlot, _ scanner: JSONScanner) -> FieldKinds {
        switch slot.kind {
        case .null: return []
        case .true, .false: return .boolean
        case .object, .array: return .json
        case .number:
            let (p, n) = scanner.bytes(slot.start, slot.end)
            if !slot.flag, FieldValue.integer(p, n) != nil { return .integer }
            return FieldValue.real(p, n) != nil ? .real : .text
        case .string:
            if slot.flag { return .text }
            let (p, n) = scanner.bytes(slot.start, slot.end)
            guard n >= 10, p[0] &- 48 < 10 else { return .text }
            if FieldValue.isDate(p, n) { return .date }
            if FieldValue.isTimestamp(p, n) { return .timestamp }
            return .text
        }
    }

    /// Writes a value as a value of a column of `type`: what does not fit the type is kept
    /// as it is (a string as text, a number as a number or its text, a container as JSON).
    @inline(__always)
    static func write(_ slot: JSONSlot, as type: ColumnType, _ scanner: JSONScanner, into result: ResultContext) {
        let (p, n) = scanner.bytes(slot.start, slot.end)
        write(slot.kind, escaped: slot.flag, p, n, as: type, into: result)
    }

    /// Writes a value of kind `kind` whose text is the `n` bytes at `p` (a string's content
    /// between its quotes, with escapes when `escaped`; a number's or a container's text).
    static func write(_ kind: JSONSlot.Kind, escaped flag: Bool, _ p: UnsafePointer<UInt8>, _ n: Int, as type: ColumnType,
                      into result: ResultContext) {
        switch kind {
        case .null:
            result.setNull()
        case .true, .false:
            if type == .text || type == .json || type == .date || type == .timestamp {
                result.set(kind == .true ? "true" : "false")
            } else {
                result.set(Int64(kind == .true ? 1 : 0))
            }
        case .number:
            switch type {
            case .text, .json, .date, .timestamp, .blob:
                result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
            case .real:
                if let value = FieldValue.real(p, n) { return result.set(value) }
                result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
            case .integer, .boolean:
                if !flag, let value = FieldValue.integer(p, n) { return result.set(value) }
                if let value = FieldValue.real(p, n) { return result.set(value) }
                result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
            }
        case .string:
            if type == .json {
                // The string as JSON text, quotes and escapes included.
                let quoted = [UInt8(ascii: "\"")] + Array(UnsafeBufferPointer(start: p, count: n)) + [UInt8(ascii: "\"")]
                return quoted.withUnsafeBufferPointer { result.setText(utf8: $0) }
            }
            if flag {
                let decoded = JSONScanner.decode(p, n)
                decoded.withUnsafeBufferPointer { result.setText(utf8: $0) }
            } else {
                result.setText(utf8: UnsafeBufferPointer(start: p, count: n))
            }
        case .object, .array:
            let text = JSONScanner.minify(p, n)
            text.withUnsafeBufferPointer { result.setText(utf8: $0) }
        }
    }
}

/// A scan of a JSON file.
final class JSONCursor: FileCursor, VirtualTableCursor, CellCapturing {
    private var scanner: JSONScanner?

    func filter(_ arguments: FilterArguments) throws {
        if try beginLookup(arguments) { return }
        try open(0)
        try next()
    }

    /// Starts reading file `index`.
    private func open(_ index: Int) throws {
        fileIndex = index
        let scanner = try JSONScanner(stream: try table.openStream(index), layout: table.jsonLayout)
        if table.objectRecords { scanner.setKeys(table.jsonKeys) }
        self.scanner = scanner
    }

    func next() throws {
        if advanceLookup() { return }
        while true {
            guard let scanner else { finish(); return }
            do {
                guard try scanner.next() else {
                    guard hasNextFile else { finish(); return }
                    try open(fileIndex + 1)
                    continue
                }
            } catch let error as FileRecordError {
                guard table.options.ignoreErrors, try scanner.skip(error) else {
                    throw FileTableError(table.message(error, in: scanner.stream.path))
                }
                continue
            }
            if table.objectRecords && scanner.record.kind != .object {
                let error = scanner.error(at: scanner.record.start, "a record that is not an object, in a file of objects")
                guard table.options.ignoreErrors else { throw FileTableError(table.message(error, in: scanner.stream.path)) }
                continue
            }
            row += 1
            return
        }
    }

    func cell(_ column: Int) -> (kind: UInt8, flag: Bool, bytes: UnsafePointer<UInt8>?, count: Int) {
        guard let scanner else { return (0, false, nil, 0) }
        let slot: JSONSlot
        if table.objectRecords {
            guard column < scanner.slots.count, scanner.slots[column].record == scanner.recordCount else { return (0, false, nil, 0) }
            slot = scanner.slots[column]
        } else {
            slot = scanner.record
        }
        let (p, n) = scanner.bytes(slot.start, slot.end)
        return (slot.kind.rawValue + 1, slot.flag, p, n)
    }

    func column(_ index: Int, into result: ResultContext) throws {
        guard index < table.dataColumnCount else { return writeFilename(into: result) }
        if writeLookedUp(index, into: result) { return }
        guard let scanner else { return result.setNull() }
        if !table.objectRecords { return JSONValues.write(scanner.record, as: types[index], scanner, into: result) }
        guard index < scanner.slots.count else { return result.setNull() }
        let slot = scanner.slots[index]
        guard slot.record == scanner.recordCount else { return result.setNull() }
        if slot.end - slot.start > table.lengthLimit {
            throw FileTableError(table.message(scanner.error(at: slot.start, "a value of \(slot.end - slot.start) bytes, longer than the length limit (\(table.lengthLimit))"),
                                               in: scanner.stream.path))
        }
        JSONValues.write(slot, as: types[index], scanner, into: result)
    }
}
