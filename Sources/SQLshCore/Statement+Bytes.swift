// Public: this file's @inlinable hot path calls SQLite directly, and inlinable code may only
// use a public import. Its public declarations mention no C type; other modules still cannot
// name C declarations (they do not import CSQLite).
public import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Statement {
    // Forced inlining in this file: Benchmarks/shell.sh (output modes): column reads of every row.
    /// Column `index` as a 32-bit integer, as `sqlite3_column_int` gives it: the low 32 bits
    /// of the 64-bit value.
    @inlinable @inline(__always)
    public func int32(at index: Int) -> Int32 { sqlite3_column_int(statement, Int32(truncatingIfNeeded: index)) }

    /// The statement's SQL text as UTF-8 bytes owned by SQLite (no copy), valid while the
    /// statement lives.
    public var sqlBytes: UnsafeBufferPointer<UInt8> {
        guard let text = sqlite3_sql(handle) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
    }

    /// Binds NULL to parameter `index` (1-based).
    public func bindNull(at index: Int) throws {
        try check(sqlite3_bind_null(handle, Int32(clamping: index)), connection.handle)
    }

    /// Binds the value of column `column` of `source`'s current row to parameter `index`
    /// (1-based) of this statement, as it is: its type, bytes and subtype, with no conversion
    /// and no copy through Swift (`sqlite3_bind_value`).
    ///
    /// ```swift
    /// let lookup = try db.prepare("select value from settings where key = ?1")
    /// try lookup.bind("width", at: 1)
    /// if try lookup.step() { try query.bindValue(of: lookup, column: 0, at: 1) }
    /// ```
    public func bindValue(of source: Statement, column: Int, at index: Int) throws {
        let value = sqlite3_column_value(source.handle, Int32(clamping: column))
        try check(sqlite3_bind_value(handle, Int32(clamping: index), value), connection.handle)
    }
}
