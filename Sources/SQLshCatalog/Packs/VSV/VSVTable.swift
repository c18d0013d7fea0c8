import SQLshCore

/// The `vsv` virtual table module: a delimited file (or inline data) as a read-only table,
/// read again from the start by every query, one record at a time.
enum VSVModule: VirtualTableModule {
    static var options: TableValuedOptions { [.directOnly, .touchesFiles] }

    static func admit(arguments: [String], context: VirtualTableContext) throws {
        try SafeMode.refuseModule("vsv", on: context.handle)
    }

    static func makeTable(arguments: [String], context: VirtualTableContext) throws -> any VirtualTable {
        let options = try VSVOptions(arguments: arguments)
        // Checked before the column names are made: columns=100000000 would need gigabytes.
        let limit = context.connection.limit(.column)
        if let columns = options.columns, columns > limit {
            throw SQLiteError(message: "too many columns: columns=\(columns) is more than the column limit (\(limit))")
        }
        return try VSVTable(options, maxRecordBytes: context.connection.limit(.length))
    }
}

final class VSVTable: VirtualTable {
    let options: VSVOptions
    let schema: String
    /// How many columns each row has.
    let columnCount: Int

    /// The most bytes one record may hold (the connection's length limit).
    let maxRecordBytes: Int

    init(_ options: VSVOptions, maxRecordBytes: Int) throws {
        self.options = options
        self.maxRecordBytes = maxRecordBytes
        // The header, or the first record when the column count is not given.
        var names: [String] = []
        var count = options.columns
        if options.header || count == nil {
            let reader = try VSVReader(options.source, fieldSeparator: options.fieldSeparator,
                                       recordSeparator: options.recordSeparator, maxRecordBytes: maxRecordBytes)
            if try reader.readRecord() {
                if options.header { names = (0..<reader.fields.count).map { String(decoding: reader.field($0), as: UTF8.self) } }
                if count == nil { count = reader.fields.count }
            }
        }
        let columns = max(count ?? 1, 1)
        columnCount = columns
        if let schema = options.schema {
            self.schema = schema
        } else {
            // Header names, then c<k> numbered from 1 past them (sqlean: header a,b with
            // columns=4 gives a, b, c3, c4); without a header c0, c1, ...
            let declared = (0..<columns).map { i -> String in
                if i < names.count { return quoteIdentifier(names[i]) }
                return names.isEmpty ? "c\(i)" : "c\(i + 1)"
            }
            self.schema = "CREATE TABLE x(" + declared.joined(separator: ",") + ")"
        }
    }

    func makeCursor() throws -> any VirtualTableCursor { VSVCursor(table: self) }
}

private func quoteIdentifier(_ name: String) -> String {
    "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
}

final class VSVCursor: VirtualTableCursor {
    let table: VSVTable
    private var reader: VSVReader?
    private var row: Int64 = 0
    private(set) var isAtEnd = true

    init(table: VSVTable) { self.table = table }

    func filter(_ arguments: FilterArguments) throws {
        let options = table.options
        let reader = try VSVReader(options.source, fieldSeparator: options.fieldSeparator,
                                   recordSeparator: options.recordSeparator, maxRecordBytes: table.maxRecordBytes)
        if options.header { _ = try reader.readRecord() }
        for _ in 0..<options.skip where try !reader.readRecord() {
            throw SQLiteError(message: "premature end of file during skip")
        }
        self.reader = reader
        row = 0
        try next()
    }

    func next() throws {
        guard let reader else { isAtEnd = true; return }
        isAtEnd = try !reader.readRecord()
        if !isAtEnd { row += 1 }
    }

    func rowid() throws -> Int64 { row }

    func column(_ index: Int, into result: ResultContext) throws {
        guard let reader, index < reader.fields.count else { return result.setNull() }
        let field = reader.fields[index]
        let options = table.options
        if options.nulls && !field.quoted && field.start == field.end { return result.setNull() }
        try reader.bytes.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[field.start..<field.end])
            try VSVValue.write(bytes, affinity: options.affinity, validate: options.validateText,
                               decimalSeparator: options.decimalSeparator, into: result)
        }
    }
}
