internal import CSQLite

extension SQLiteLibrary {
    /// Frees memory SQLite allocated and handed over to the caller (`sqlite3_free`), such as
    /// the buffer `sqlite3session_changeset` or `sqlite3session_patchset` fills. Nil does
    /// nothing.
    ///
    /// ```swift
    /// var bytes: UnsafeMutableRawPointer?
    /// let rc = sqlite3session_changeset(session, &size, &bytes)
    /// defer { SQLiteLibrary.free(bytes) }
    /// ```
    package static func free(_ pointer: UnsafeMutableRawPointer?) {
        sqlite3_free(pointer)
    }
}
