import SQLshCore

/// A session opened by `.session open DB NAME`: the core's ``ChangeSession`` recording changes
/// to a database of one connection, and the GLOB patterns of the tables it ignores.
final class ShellSession {
    let name: String
    let session: ChangeSession
    /// `.session filter GLOB...`: tables whose name matches one of these are not recorded.
    var filters: [String] = []

    /// Opens a session on database `schema` of `connection`; SQLite's result code on failure.
    static func open(name: String, connection: Connection, schema: String) -> Result<ShellSession, SessionOpenError> {
        do {
            return .success(ShellSession(name: name, session: try ChangeSession(connection: connection, schema: schema)))
        } catch let error as SQLiteError {
            return .failure(SessionOpenError(code: error.code))
        } catch {
            return .failure(SessionOpenError(code: ResultCode.error.rawValue))
        }
    }

    private init(name: String, session: ChangeSession) {
        self.name = name
        self.session = session
        session.tableFilter = { [unowned self] table in
            !filters.contains { SQLText.glob($0, matches: table) }
        }
    }

    /// Deletes the session; must happen before its connection closes.
    func close() {
        session.close()
    }
}

/// Why `sqlite3session_create` failed.
struct SessionOpenError: Error {
    var code: Int32
}
