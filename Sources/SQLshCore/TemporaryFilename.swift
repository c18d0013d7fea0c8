internal import CSQLite

extension Connection {
    /// A filename for a temporary file, as the VFS of the main database proposes it
    /// (`SQLITE_FCNTL_TEMPFILENAME`: a fresh name in SQLite's temporary directory), or nil
    /// when the VFS has none. The file is not created.
    public func temporaryFilename() -> String? {
        proposedTemporaryFilename(handle)
    }
}

extension ResultContext {
    /// ``Connection/temporaryFilename()`` for the connection the function runs on, for a
    /// function that needs a scratch file.
    public func temporaryFilename() -> String? {
        proposedTemporaryFilename(sqlite3_context_db_handle(rawValue))
    }
}

private func proposedTemporaryFilename(_ db: OpaquePointer?) -> String? {
    var name: UnsafeMutablePointer<CChar>?
    guard sqlite3_file_control(db, nil, SQLITE_FCNTL_TEMPFILENAME, &name) == SQLITE_OK, let name else { return nil }
    defer { sqlite3_free(name) }
    return String(cString: name)
}
