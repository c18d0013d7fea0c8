// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Where a SQL function writes its result: a view over `sqlite3_context`.
///
/// Text and blob results are copied once, by SQLite, from the caller's buffer
/// (`SQLITE_TRANSIENT`): for short values that is cheaper than handing over a heap buffer.
public struct ResultContext {
    /// The `sqlite3_context *`.
    @usableFromInline package let rawValue: OpaquePointer

    /// A view over a `sqlite3_context *`, for C callbacks written by hand.
    @inlinable
    package init(rawValue: OpaquePointer) { self.rawValue = rawValue }

    /// Sets NULL.
    @inlinable public func setNull() { sqlite3_result_null(rawValue) }
    /// Sets an integer.
    @inlinable public func set(_ value: Int64) { sqlite3_result_int64(rawValue, value) }
    /// Sets an integer.
    @inlinable public func set(_ value: Int) { sqlite3_result_int64(rawValue, Int64(value)) }
    /// Sets a real.
    @inlinable public func set(_ value: Double) { sqlite3_result_double(rawValue, value) }

    /// Sets a text result from a string.
    @inlinable
    public func set(_ value: String) {
        // Reads the string's storage in place (no copy, no retain) when it is contiguous UTF-8.
        if value.utf8.withContiguousStorageIfAvailable({ setText(utf8: $0) }) != nil { return }
        var value = value
        value.withUTF8 { setText(utf8: $0) }
    }

    /// The longest text ``setText(utf8:)`` copies to the stack to hand SQLite with its
    /// terminator.
    public static let terminatedCopyCapacity = 256

    /// Sets a text result from UTF-8 bytes (copied by SQLite).
    @inlinable
    public func setText(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        // A short text without NUL bytes goes to SQLite NUL-terminated, with length -1: SQLite
        // then copies the terminator too and marks the value terminated. Given a length, it
        // copies the bytes alone, and the first reader that needs a C string (length(), a
        // comparison) reallocates the value to add one: an allocation per row.
        let count = bytes.count
        if count > 0 && count <= ResultContext.terminatedCopyCapacity, let base = bytes.baseAddress,
           memchr(base, 0, count) == nil {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: ResultContext.terminatedCopyCapacity + 1) { buffer in
                let copy = buffer.baseAddress.unsafelyUnwrapped
                UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: count)
                copy[count] = 0
                sqlite3_result_text(rawValue, copy, -1, sqlsh_sqlite_transient())
            }
        }
        // A non-nil pointer is required: a nil pointer would make the result NULL.
        var empty: UInt8 = 0
        if let base = bytes.baseAddress, count > 0 {
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_result_text64(rawValue, $0, sqlite3_uint64(bytes.count), sqlsh_sqlite_transient(), UInt8(SQLITE_UTF8))
            }
        } else {
            withUnsafeMutablePointer(to: &empty) {
                $0.withMemoryRebound(to: CChar.self, capacity: 1) {
                    sqlite3_result_text64(rawValue, $0, 0, sqlsh_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        }
    }

    /// Sets a text result from NUL-terminated UTF-8 that stays valid and unchanged for as long
    /// as the program runs (a C library's constant string): SQLite keeps the pointer
    /// (`SQLITE_STATIC`) instead of copying the bytes. A constant call factored out of a
    /// query's loop (a deterministic function without arguments) is then copied into each row
    /// by pointer; a copied (transient) result is allocated and copied again on every row.
    @inlinable
    public func setText(permanentCString text: UnsafePointer<CChar>) {
        sqlite3_result_text(rawValue, text, -1, nil)
    }

    /// Sets a blob result (copied by SQLite). An empty buffer gives an empty blob, not NULL.
    @inlinable
    public func setBlob(_ bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress, bytes.count > 0 {
            sqlite3_result_blob64(rawValue, base, sqlite3_uint64(bytes.count), sqlsh_sqlite_transient())
        } else {
            sqlite3_result_zeroblob(rawValue, 0)
        }
    }

    /// Sets a blob result from a byte array.
    @inlinable
    public func setBlob(_ bytes: [UInt8]) { bytes.withUnsafeBytes { setBlob($0) } }

    /// Sets a blob of `count` zero bytes.
    @inlinable public func setZeroBlob(count: Int) { sqlite3_result_zeroblob64(rawValue, sqlite3_uint64(max(0, count))) }

    /// Copies an argument through unchanged (type, bytes and subtype).
    @inlinable public func set(_ argument: Argument) { sqlite3_result_value(rawValue, argument.rawValue) }

    /// Sets the result's subtype (needs ``FunctionOptions/subtype``).
    @inlinable public func setSubtype(_ subtype: UInt32) { sqlite3_result_subtype(rawValue, subtype) }

    /// Sets an owned value as the result.
    public func set(_ value: SQLValue) {
        switch value {
        case .null: setNull()
        case .integer(let i): set(i)
        case .real(let d): set(d)
        case .text(let s): set(s)
        case .blob(let b): setBlob(b)
        }
    }

    /// Sets any convertible value, or NULL for nil.
    @inlinable
    public func set(_ value: (any SQLValueConvertible)?) {
        if let value { value.setResult(self) } else { setNull() }
    }

    /// Reports an error: the statement fails with `message` and the given result code.
    ///
    /// The code and message are made valid as ``SQLiteErrorReport`` describes: a code that is
    /// not an error becomes `SQLITE_ERROR`, an empty message SQLite's text for the code.
    public func setError(_ message: String, code: Int32 = SQLITE_ERROR) {
        SQLiteErrorReport(code: code, message: message).set(rawValue)
    }

    /// Reports an error with a named code, such as `.constraint`.
    public func setError(_ message: String, code: ResultCode) {
        setError(message, code: code.rawValue)
    }

    /// Reports a thrown error, with the code and message ``SQLiteErrorReport`` gives it.
    public func setError(_ error: any Error) {
        SQLiteErrorReport(error).set(rawValue)
    }

    /// Reports an error thrown by the SQL function named `function`.
    func setError(_ error: any Error, function: String) {
        SQLiteErrorReport(error, function: function).set(rawValue)
    }
}

extension SQLiteErrorReport {
    /// Makes the function call of `context` fail with this report.
    func set(_ context: OpaquePointer) {
        var message = message
        message.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                // The byte length, not -1: the message is not NUL-terminated.
                sqlite3_result_error(context, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
        if code != SQLITE_ERROR { sqlite3_result_error_code(context, code) }
    }
}
