internal import CSQLite

/// A change-recording session of SQLite's session extension (`sqlite3session_*`) on one
/// database of a connection: the shell's `.session`. Shell plumbing, so package access.
///
/// ``close()`` must run before the connection closes.
package final class ChangeSession {
    private let handle: OpaquePointer
    private var isClosed = false
    /// Tables for which this returns false are not recorded (`sqlite3session_table_filter`);
    /// nil records every table. It gets the table's name as SQLite's C string.
    package var tableFilter: ((UnsafePointer<CChar>) -> Bool)?

    /// Creates a session on database `schema` (`main`, an attached name) of `connection`.
    /// - Throws: ``SQLiteError`` with `sqlite3session_create`'s result code.
    package init(connection: Connection, schema: String) throws {
        var session: OpaquePointer?
        let rc = sqlite3session_create(connection.handle, schema, &session)
        guard rc == SQLITE_OK, let session else { throw SQLiteError(code: rc) }
        handle = session
        sqlite3session_table_filter(session, { context, table in
            guard let context, let table else { return 1 }
            let session = Unmanaged<ChangeSession>.fromOpaque(context).takeUnretainedValue()
            return session.tableFilter.map { $0(table) ? 1 : 0 } ?? 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Records changes of `table` too (`sqlite3session_attach`); returns SQLite's result code.
    package func attach(table: String) -> Int32 {
        sqlite3session_attach(handle, table)
    }

    /// `sqlite3session_enable`: sets the enabled flag (0 or 1; negative only reads it) and
    /// returns its value.
    package func enable(_ value: Int32) -> Int32 {
        sqlite3session_enable(handle, value)
    }

    /// `sqlite3session_indirect`: sets the indirect flag (0 or 1; negative only reads it) and
    /// returns its value.
    package func indirect(_ value: Int32) -> Int32 {
        sqlite3session_indirect(handle, value)
    }

    /// `sqlite3session_isempty`: 1 when no change was recorded, else 0.
    package var isEmptyFlag: Int32 {
        sqlite3session_isempty(handle)
    }

    /// Gives `body` the recorded changes as a changeset, or a patchset (`sqlite3session_changeset`,
    /// `sqlite3session_patchset`), with SQLite's result code; the bytes are valid during `body`.
    package func withChanges<R>(patchset: Bool, _ body: (_ code: Int32, _ bytes: UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var size: Int32 = 0
        var bytes: UnsafeMutableRawPointer?
        let rc = patchset ? sqlite3session_patchset(handle, &size, &bytes) : sqlite3session_changeset(handle, &size, &bytes)
        defer { sqlite3_free(bytes) }
        return try body(rc, UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(max(0, size))))
    }

    /// Deletes the session (`sqlite3session_delete`); later calls do nothing.
    package func close() {
        guard !isClosed else { return }
        isClosed = true
        sqlite3session_delete(handle)
    }
}
