internal import CSQLite

/// An error reported by SQLite, or by sqlsh on SQLite's behalf.
///
/// `code` is the extended result code (for example `SQLITE_CONSTRAINT_UNIQUE`), also by name
/// as ``resultCode``; `message` is the text SQLite gives (`sqlite3_errmsg`), and `offset` the
/// byte offset in the SQL text where a prepare error was detected (`sqlite3_error_offset`),
/// when SQLite knows it.
///
/// ```swift
/// throw SQLiteError(code: .constraint, message: "age must be positive")
/// throw SQLiteError(code: .tooBig)          // message: SQLite's own "string or blob too big"
/// print(error)                               // UNIQUE constraint failed: t.x
/// debugPrint(error)                          // SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.x
/// ```
public struct SQLiteError: Error, Equatable, CustomStringConvertible, CustomDebugStringConvertible, Sendable {
    /// The extended result code.
    public var code: Int32
    /// The error message.
    public var message: String
    /// The byte offset of the error in the SQL text, for prepare errors.
    public var offset: Int?

    /// Creates an error with an explicit code and message.
    public init(code: Int32 = 1 /* SQLITE_ERROR */, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// An error with SQLite's own text for the code (`sqlite3_errstr`), such as "constraint
    /// failed" for `SQLITE_CONSTRAINT`.
    public init(code: Int32) {
        self.init(code: code, message: String(cString: sqlite3_errstr(code)))
    }

    /// An error with a named code; without a message (nil or empty), SQLite's own text for
    /// the code (`sqlite3_errstr`).
    ///
    /// ```swift
    /// SQLiteError(code: .constraintCheck, message: "price must be positive")
    /// SQLiteError(code: .busy)  // "database is locked"
    /// ```
    public init(code: ResultCode, message: String? = nil, offset: Int? = nil) {
        let message = message ?? ""
        self.init(code: code.rawValue, message: message.isEmpty ? code.message : message, offset: offset)
    }

    /// The code by name: compare with `==` (`.constraintUnique`), or its ``ResultCode/primary``
    /// code (`.constraint`).
    public var resultCode: ResultCode {
        get { ResultCode(code) }
        set { code = newValue.rawValue }
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// SQLite's English description of the code, as `sqlite3_errstr` gives it.
    public var codeDescription: String { String(cString: sqlite3_errstr(code)) }

    /// The message alone, as sqlite3 prints it (`UNIQUE constraint failed: t.x`): the shell
    /// interpolates errors into its sqlite3-compatible output.
    public var description: String { message }

    /// The code and the message: `SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: t.x`
    /// (`debugPrint(error)`, `String(reflecting: error)`, test failures).
    public var debugDescription: String { "\(resultCode): \(message)" }

    /// Reads the current error state of a connection.
    ///
    /// The connection's error state describes `code` only when their primary codes agree; when
    /// they do not (an API that returns a code without recording it), the code's own
    /// description is used rather than a stale message.
    static func from(_ db: OpaquePointer?, code: Int32) -> SQLiteError {
        guard let db else { return SQLiteError(code: code) }
        let extended = sqlite3_extended_errcode(db)
        guard extended & 0xFF == code & 0xFF else { return SQLiteError(code: code) }
        let offset = sqlite3_error_offset(db)
        return SQLiteError(
            code: extended,
            message: String(cString: sqlite3_errmsg(db)),
            offset: offset >= 0 ? Int(offset) : nil)
    }
}

/// An error a SQL function can throw to choose the SQLite result code reported with its message.
///
/// How a thrown error reaches SQLite is described in ``SQLiteErrorReport``.
public protocol SQLiteErrorConvertible: Error {
    /// The SQLite (extended) result code to report; `SQLITE_ERROR` by default.
    var sqliteCode: Int32 { get }
    /// The message to report; empty gives SQLite's own text for the code.
    var sqliteMessage: String { get }
}

extension SQLiteErrorConvertible {
    public var sqliteCode: Int32 { SQLITE_ERROR }
}

extension SQLiteError: SQLiteErrorConvertible {
    public var sqliteCode: Int32 { code }
    public var sqliteMessage: String { message }
}

/// An error that describes itself for people, read before its `description`.
///
/// The requirement is the one of Foundation's `LocalizedError`, which the core cannot see (it
/// does not link Foundation, to keep the shell's start-up fast): a `LocalizedError` type
/// adopts this protocol with an empty extension, and its `errorDescription` becomes the
/// message.
///
/// ```swift
/// enum ParseError: LocalizedError, DescribedError {
///     case tooBig
///     var errorDescription: String? { "the input is too big" }
/// }
/// ```
public protocol DescribedError: Error {
    /// The message for people, or nil to fall back to the `description`.
    var errorDescription: String? { get }
}

/// How an error thrown by a SQL function (scalar, aggregate step or final, window value or
/// inverse, table-valued function) reaches SQLite: its result code and message.
///
/// - Code: a ``SQLiteErrorConvertible`` error's ``SQLiteErrorConvertible/sqliteCode`` (the
///   code of a ``SQLiteError``), else `SQLITE_ERROR`. A code that is not an error
///   (`SQLITE_OK`, `SQLITE_ROW`, `SQLITE_DONE` or an extended form of them) becomes
///   `SQLITE_ERROR`: SQLite would otherwise end the statement silently, return rows forever
///   or return the message as the result.
/// - Message, the first that applies: a ``SQLiteErrorConvertible`` error's
///   ``SQLiteErrorConvertible/sqliteMessage``; a ``DescribedError``'s non-nil
///   `errorDescription`; a `CustomStringConvertible` error's `description`; otherwise the
///   type and `String(describing:)`, after the function's name when it is known:
///   `reverse(): MyError.tooBig` for a case of an enum that does not describe itself (a struct
///   gives `f(): MyError(limit: 3)`). An empty message is replaced by SQLite's text for the
///   code (`sqlite3_errstr`, "SQL logic error" for `SQLITE_ERROR`).
/// - NUL: SQLite keeps an error message as a C string, so a message is cut at its first NUL
///   byte (`"bad\0input"` gives `bad`), as SQLite's own C callers would see it; a message that
///   starts with NUL is empty, and gets SQLite's text for the code.
public struct SQLiteErrorReport: Sendable, Equatable {
    /// The result code given to SQLite: always an error code.
    public var code: Int32
    /// The message given to SQLite: never empty, no NUL bytes.
    public var message: String

    /// The report of a thrown error.
    public init(_ error: any Error) {
        self.init(error, function: nil)
    }

    /// The report of an error thrown by the SQL function `function` (its name), which a
    /// message of an error that does not describe itself names.
    init(_ error: any Error, function: String?) {
        var code = SQLITE_ERROR
        let message: String
        if let error = error as? any SQLiteErrorConvertible {
            code = error.sqliteCode
            message = error.sqliteMessage
        } else if let error = error as? any DescribedError, let text = error.errorDescription {
            message = text
        } else if let error = error as? any CustomStringConvertible {
            message = error.description
        } else {
            // `tooBig` alone says nothing: say whose and what it is.
            let type = String(describing: Swift.type(of: error))
            let value = String(describing: error)
            let described = value.hasPrefix(type) ? value : type + "." + value
            message = function.map { "\($0)(): \(described)" } ?? described
        }
        self.init(code: code, message: message)
    }

    /// A report with a code and message, made valid: an error code, and a non-empty message
    /// cut at its first NUL byte (SQLite keeps it as a C string).
    public init(code: Int32, message: String) {
        self.code = ResultCode(code).isError ? code : SQLITE_ERROR
        var message = message
        if let nul = message.utf8.firstIndex(of: 0) {
            message = String(Substring(message.utf8[..<nul]))
        }
        self.message = message.isEmpty ? String(cString: sqlite3_errstr(self.code)) : message
    }
}

func check(_ rc: Int32, _ db: OpaquePointer?) throws {
    if rc != SQLITE_OK { throw SQLiteError.from(db, code: rc) }
}
