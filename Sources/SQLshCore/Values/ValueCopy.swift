internal import CSQLite

/// A copy of a SQL value that outlives the call it came from (`sqlite3_value_dup`): exactly
/// the same value (type, bytes, invalid UTF-8 and subtype kept, unlike ``SQLValue``), freed
/// when the copy is released.
///
/// ```swift
/// let kept = try ValueCopy(arguments[0])   // in one call
/// result.set(kept.value)                   // in a later one
/// ```
///
/// Not `Sendable`: like the connection it came from, use it from one thread at a time.
public final class ValueCopy {
    /// The copied `sqlite3_value *`, owned by this object.
    package let rawValue: OpaquePointer

    /// Copies an argument.
    /// - Throws: ``SQLiteError`` `SQLITE_NOMEM` when SQLite cannot allocate the copy.
    public init(_ argument: Argument) throws {
        guard let copy = sqlite3_value_dup(argument.rawValue) else { throw SQLiteError(code: SQLITE_NOMEM) }
        rawValue = copy
    }

    deinit { sqlite3_value_free(rawValue) }

    /// The copy as an ``Argument`` (to read it, bind it or set it as a result), valid while
    /// this object lives.
    public var value: Argument { Argument(rawValue: rawValue) }
}

@available(*, unavailable, message: "a ValueCopy belongs to the thread using its connection")
extension ValueCopy: Sendable {}
