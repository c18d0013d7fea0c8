import CSQLite
import SQLshCore

/// A session opened by `.session open DB NAME`: an `sqlite3_session` recording changes to a
/// database of one connection, and the GLOB patterns of the tables it ignores.
final class ShellSession {
    let name: String
    let handle: OpaquePointer
    /// `.session filter GLOB...`: tables whose name matches one of these are not recorded.
    var filters: [String] = []

    /// Opens a session on database `schema` of `db`; nil with SQLite's result code on failure.
    static func open(name: String, db: OpaquePointer, schema: String) -> Result<ShellSession, SessionOpenError> {
        var session: OpaquePointer?
        let rc = sqlite3session_create(db, schema, &session)
        guard rc == SQLITE_OK, let session else { return .failure(SessionOpenError(code: rc)) }
        let shellSession = ShellSession(name: name, handle: session)
        sqlite3session_table_filter(session, { context, table in
            guard let context, let table else { return 1 }
            let session = Unmanaged<ShellSession>.fromOpaque(context).takeUnretainedValue()
            return session.filters.contains { SQLText.glob($0, matches: table) } ? 0 : 1
        }, Unmanaged.passUnretained(shellSession).toOpaque())
        return .success(shellSession)
    }

    private init(name: String, handle: OpaquePointer) {
        self.name = name
        self.handle = handle
    }

    /// Deletes the session; must happen before its connection closes.
    func close() {
        sqlite3session_delete(handle)
    }
}

/// Why `sqlite3session_create` failed.
struct SessionOpenError: Error {
    var code: Int32
}
