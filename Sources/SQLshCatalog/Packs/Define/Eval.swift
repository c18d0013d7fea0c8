import CSQLite
import SQLshCore

/// `eval(sql[, separator])`: runs every statement of `sql` and joins the text of every value
/// of every row, as sqlean's eval.
enum Eval {
    /// Runs `sql` on `db`; the joined output, or nil when nothing was output.
    ///
    /// A separator goes before a value only when some non-empty output already exists, and NULL
    /// values count as empty (sqlean's rule: `select null, 1` gives `1`, `select 1, null, 2`
    /// gives `1  2`). The output stops with SQLite's "string or blob too big" at
    /// `limit` bytes (the caller's ``ResultContext/lengthLimit``).
    static func run(_ db: OpaquePointer, sql: UnsafePointer<CChar>, separator: UnsafeBufferPointer<UInt8>,
                    limit: Int) throws -> [UInt8]? {
        var output: [UInt8] = []
        var rest: UnsafePointer<CChar>? = sql
        while let text = rest, text.pointee != 0 {
            let (prepared, tail) = try DefineSQL.prepare(db, text)
            rest = tail
            guard let statement = prepared else { continue }
            defer { sqlite3_finalize(statement) }
            let columns = sqlite3_column_count(statement)
            while true {
                let rc = sqlite3_step(statement)
                if rc == SQLITE_DONE { break }
                guard rc == SQLITE_ROW else { throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(db))) }
                for column in 0..<columns {
                    let value = sqlite3_column_text(statement, column)
                    let count = Int(sqlite3_column_bytes(statement, column))
                    if !output.isEmpty {
                        try append(separator, to: &output, limit: limit)
                    }
                    if let value, count > 0 {
                        try append(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: count),
                                   to: &output, limit: limit)
                    }
                }
            }
        }
        return output.isEmpty ? nil : output
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], limit: Int) throws {
        guard bytes.count <= limit - output.count else { throw SQLiteError(code: SQLITE_TOOBIG, message: "string or blob too big") }
        output.append(contentsOf: bytes)
    }
}
