import CSQLite

/// An error reported by SQLite, or by sqlsh on SQLite's behalf.
///
/// `code` is the extended result code (for example `SQLITE_CONSTRAINT_UNIQUE`), `message` the
/// text SQLite gives (`sqlite3_errmsg`), and `offset` the byte offset in the SQL text where a
/// prepare error was detected (`sqlite3_error_offset`), when SQLite knows it.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The extended result code.
    public var code: Int32
    /// The error message.
    public var message: String
    /// The byte offset of the error in the SQL text, for prepare errors.
    public var offset: Int?

    /// Creates an error with an explicit code and message.
    public init(code: Int32 = SQLITE_ERROR, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// SQLite's English description of the code, as `sqlite3_errstr` gives it.
    public var codeDescription: String { String(cString: sqlite3_errstr(code)) }

    /// The message.
    public var description: String { message }

    /// Reads the current error state of a connection.
    ///
    /// The connection's error state describes `code` only when their primary codes agree; when
    /// they do not (an API that returns a code without recording it), the code's own
    /// description is used rather than a stale message.
    static func from(_ db: OpaquePointer?, code: Int32) -> SQLiteError {
        guard let db else { return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code))) }
        let extended = sqlite3_extended_errcode(db)
        guard extended & 0xFF == code & 0xFF else {
            return SQLiteError(code: code, message: String(cString: sqlite3_errstr(code)))
        }
        let offset = sqlite3_error_offset(db)
        return SQLiteError(
            code: extended,
            message: String(cString: sqlite3_errmsg(db)),
            offset: offset >= 0 ? Int(offset) : nil)
    }
}

/// An error a SQL function can throw to choose the SQLite result code reported with its message.
///
/// Any other thrown error reaches SQLite as `SQLITE_ERROR` with the error's description.
public protocol SQLiteErrorConvertible: Error {
    /// The SQLite (extended) result code to report.
    var sqliteCode: Int32 { get }
    /// The message to report.
    var sqliteMessage: String { get }
}

extension SQLiteError: SQLiteErrorConvertible {
    public var sqliteCode: Int32 { code }
    public var sqliteMessage: String { message }
}

@inline(__always)
func check(_ rc: Int32, _ db: OpaquePointer?) throws {
    if rc != SQLITE_OK { throw SQLiteError.from(db, code: rc) }
}
