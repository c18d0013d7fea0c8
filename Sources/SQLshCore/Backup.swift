internal import CSQLite

/// An online backup: copies a database, page by page, from one connection to another
/// (`sqlite3_backup_*`), while the source stays usable.
///
/// Most callers use ``Connection/backup(to:schema:destinationSchema:pagesPerStep:progress:)``,
/// ``Connection/backup(toFile:schema:)`` or ``Connection/restore(fromFile:schema:)``; use this
/// type directly to interleave the copy with other work:
///
/// ```swift
/// let backup = try Backup(from: db, to: copy)
/// while try !backup.step(pages: 100) {
///     print("\(backup.remainingPages) of \(backup.totalPages) pages left")
/// }
/// try backup.finish()
/// ```
///
/// Both connections are kept alive until the backup is finished. A backup that is released
/// without ``finish()`` is finished then, and its error, if any, is lost.
public final class Backup {
    /// The `sqlite3_backup *` handle, nil once finished.
    package private(set) var handle: OpaquePointer?
    /// The connection read from.
    public let source: Connection
    /// The connection written to.
    public let destination: Connection

    /// Starts a backup of `schema` of `source` into `destinationSchema` of `destination`.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses, for example when the destination has a
    ///   read transaction open, or both are the same connection.
    public init(from source: Connection, schema: String = "main",
                to destination: Connection, schema destinationSchema: String = "main") throws {
        guard let handle = sqlite3_backup_init(destination.handle, destinationSchema, source.handle, schema) else {
            throw SQLiteError.from(destination.handle, code: sqlite3_errcode(destination.handle))
        }
        self.handle = handle
        self.source = source
        self.destination = destination
    }

    deinit {
        if let handle { sqlite3_backup_finish(handle) }
    }

    /// Copies up to `pages` pages (all remaining ones when negative).
    ///
    /// - Returns: `true` when the copy is complete.
    /// - Throws: ``SQLiteError``; `SQLITE_BUSY` and `SQLITE_LOCKED` are temporary (step again
    ///   later), any other error is final.
    @discardableResult
    public func step(pages: Int = -1) throws -> Bool {
        guard let handle else { return true }
        let rc = sqlite3_backup_step(handle, Int32(clamping: pages))
        switch rc {
        case SQLITE_DONE: return true
        case SQLITE_OK: return false
        default: throw SQLiteError(code: rc, message: String(cString: sqlite3_errstr(rc)))
        }
    }

    /// Pages still to copy, as of the last ``step(pages:)``.
    public var remainingPages: Int { handle.map { Int(sqlite3_backup_remaining($0)) } ?? 0 }

    /// Pages in the source database, as of the last ``step(pages:)``.
    public var totalPages: Int { handle.map { Int(sqlite3_backup_pagecount($0)) } ?? 0 }

    /// Ends the backup and releases its resources.
    ///
    /// - Throws: ``SQLiteError`` with the first error any step met (read from the destination
    ///   connection); finishing twice is harmless.
    public func finish() throws {
        guard let handle else { return }
        self.handle = nil
        let rc = sqlite3_backup_finish(handle)
        if rc != SQLITE_OK { throw SQLiteError.from(destination.handle, code: rc) }
    }
}

extension Connection {
    /// Copies a database of this connection into another connection, replacing its content.
    ///
    /// ```swift
    /// let copy = try Connection(path: "copy.db")
    /// try db.backup(to: copy) { remaining, total in
    ///     print("\(total - remaining)/\(total)")
    ///     return true // keep going
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - destination: the connection written to.
    ///   - schema: the database of this connection to copy (`main`, `temp` or an attached name).
    ///   - destinationSchema: the database of `destination` to replace.
    ///   - pagesPerStep: pages copied between progress reports; when a step finds the
    ///     database locked, it waits 100 ms and retries, at most 100 times.
    ///   - progress: called after each step with the remaining and total page counts; return
    ///     `false` to stop (the backup then throws `SQLITE_INTERRUPT`).
    /// - Throws: ``SQLiteError``.
    public func backup(to destination: Connection, schema: String = "main", destinationSchema: String = "main",
                       pagesPerStep: Int = 100, progress: ((_ remaining: Int, _ total: Int) -> Bool)? = nil) throws {
        let backup = try Backup(from: self, schema: schema, to: destination, schema: destinationSchema)
        var retries = 0
        do {
            while true {
                let done: Bool
                do {
                    done = try backup.step(pages: pagesPerStep > 0 ? pagesPerStep : -1)
                    retries = 0
                } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY || error.primaryCode == SQLITE_LOCKED {
                    retries += 1
                    if retries > 100 { throw error }
                    sqlite3_sleep(100)
                    continue
                }
                let keepGoing = progress?(backup.remainingPages, backup.totalPages) ?? true
                if done { break }
                if !keepGoing { throw SQLiteError(code: SQLITE_INTERRUPT, message: "backup interrupted") }
            }
        } catch {
            try? backup.finish()
            throw error
        }
        try backup.finish()
    }

    /// Writes a database of this connection to a file (created or overwritten), as the shell's
    /// `.backup` and `.save` do.
    ///
    /// - Parameters:
    ///   - path: the file to write; a URI filename is accepted.
    ///   - schema: the database to save (`main` by default).
    public func backup(toFile path: String, schema: String = "main") throws {
        let destination = try Connection(path: path)
        try backup(to: destination, schema: schema)
        try destination.close()
    }

    /// Replaces a database of this connection with the content of a file, as the shell's
    /// `.restore` does.
    ///
    /// - Parameters:
    ///   - path: the database file to read; it must exist.
    ///   - schema: the database of this connection to replace (`main` by default).
    public func restore(fromFile path: String, schema: String = "main") throws {
        let source = try Connection(path: path, flags: [.readOnly, .uri])
        try source.backup(to: self, destinationSchema: schema)
        try source.close()
    }
}
