import SQLshCore

/// `eval(sql[, separator])`: runs every statement of `sql` and joins the text of every value
/// of every row, as sqlean's eval.
enum Eval {
    /// Runs `sql` on `db`; the joined output, or nil when no statement returned a row (DDL,
    /// DML, a query with no result). A row of NULLs or empty texts gives empty output, not
    /// nil, as in sqlean: whether a query returned something stays visible.
    ///
    /// A separator goes before a value only when some non-empty output already exists, and NULL
    /// values count as empty (sqlean's rule: `select null, 1` gives `1`, `select 1, null, 2`
    /// gives `1  2`). The output stops with SQLite's "string or blob too big" at
    /// `limit` bytes (the caller's ``ResultContext/lengthLimit``).
    static func run(_ db: Connection, sql: UnsafeBufferPointer<UInt8>, separator: UnsafeBufferPointer<UInt8>,
                    limit: Int) throws -> [UInt8]? {
        var output: [UInt8] = []
        var returnedRows = false
        var rest = sql
        while !rest.isEmpty {
            let (prepared, consumed) = try db.prepare(utf8: rest)
            rest = UnsafeBufferPointer(rebasing: rest[consumed...])
            guard let statement = prepared else { continue }
            let columns = statement.columnCount
            while try statement.step() {
                returnedRows = true
                for column in 0..<columns {
                    let value = statement.textBytesOrNil(at: column)
                    if !output.isEmpty {
                        try append(separator, to: &output, limit: limit)
                    }
                    if let value, value.count > 0 {
                        try append(value, to: &output, limit: limit)
                    }
                }
            }
        }
        return returnedRows ? output : nil
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], limit: Int) throws {
        guard bytes.count <= limit - output.count else { throw SQLiteError(code: .tooBig, message: "string or blob too big") }
        output.append(contentsOf: bytes)
    }
}
