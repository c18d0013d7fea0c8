internal import CSQLite

/// A database image in memory that SQLite allocated (`sqlite3_malloc64`), ready to become a
/// connection's database through ``Connection/deserialize(_:schema:readOnly:resizable:)``.
///
/// Fill ``bytes`` in place (a large image is then held once, never copied), then hand the
/// image to a connection, which takes its memory over: the image is empty afterwards. An
/// image that is never handed over frees its memory when released.
///
/// ```swift
/// let image = try DatabaseImage(count: 4096)
/// // ... write the pages into image.bytes ...
/// try db.deserialize(image)
/// ```
public final class DatabaseImage {
    private var memory: UnsafeMutableRawPointer?
    /// The image's size in bytes (0 once a connection has taken it over).
    public private(set) var count: Int

    /// Allocates a zero-filled image of `count` bytes.
    /// - Throws: ``SQLiteError`` `SQLITE_NOMEM` when the memory cannot be had, `SQLITE_MISUSE`
    ///   for a negative count.
    public init(count: Int) throws {
        guard count >= 0 else { throw SQLiteError(code: SQLITE_MISUSE, message: "negative database image size") }
        // SQLite wants a valid pointer even for an empty database.
        guard let memory = sqlite3_malloc64(sqlite3_uint64(max(count, 1))) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "out of memory")
        }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1))
        self.memory = memory
        self.count = count
    }

    /// Copies `bytes` into a new image.
    public convenience init(copying bytes: UnsafeRawBufferPointer) throws {
        try self.init(count: bytes.count)
        if let source = bytes.baseAddress, let memory { memory.copyMemory(from: source, byteCount: bytes.count) }
    }

    deinit { sqlite3_free(memory) }

    /// The image's bytes, to fill in place; empty once a connection has taken the image over.
    public var bytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: memory, count: memory == nil ? 0 : count)
    }

    /// Gives up the memory: the caller (SQLite) frees it from now on.
    fileprivate func release() -> (memory: UnsafeMutableRawPointer, count: Int)? {
        guard let memory else { return nil }
        defer { self.memory = nil; self.count = 0 }
        return (memory, count)
    }
}

extension Connection {
    /// Replaces a schema's database with an in-memory image (`sqlite3_deserialize`).
    ///
    /// The connection takes the image's memory over and frees it when the schema is closed or
    /// replaced, also when this call fails; the image is empty afterwards.
    ///
    /// - Parameters:
    ///   - image: the database file's bytes; an empty image is an empty database.
    ///   - schema: `main`, `temp` or an attached schema's name.
    ///   - readOnly: refuse writes (`SQLITE_DESERIALIZE_READONLY`).
    ///   - resizable: let the database grow past the image's size
    ///     (`SQLITE_DESERIALIZE_RESIZEABLE`); see ``setSizeLimit(_:schema:)``.
    /// - Throws: ``SQLiteError`` with the code `sqlite3_deserialize` returned, for example
    ///   `SQLITE_ERROR` for an unknown schema or `SQLITE_BUSY` while a statement reads it, or
    ///   `SQLITE_MISUSE` for an image already handed over.
    public func deserialize(_ image: DatabaseImage, schema: String = "main", readOnly: Bool = false, resizable: Bool = true) throws {
        guard let (memory, count) = image.release() else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the database image was already handed over")
        }
        var flags = SQLITE_DESERIALIZE_FREEONCLOSE
        if readOnly { flags |= SQLITE_DESERIALIZE_READONLY }
        if resizable { flags |= SQLITE_DESERIALIZE_RESIZEABLE }
        let size = sqlite3_int64(count)
        let rc = sqlite3_deserialize(handle, schema, memory.assumingMemoryBound(to: UInt8.self), size, size, UInt32(flags))
        if rc != SQLITE_OK {
            // The code is kept as returned (not widened to the connection's extended code).
            throw SQLiteError(code: rc, message: SQLiteError.from(handle, code: rc).message)
        }
    }

    /// Replaces a schema's database with a copy of `bytes`; see
    /// ``deserialize(_:schema:readOnly:resizable:)``.
    public func deserialize(copying bytes: UnsafeRawBufferPointer, schema: String = "main",
                            readOnly: Bool = false, resizable: Bool = true) throws {
        try deserialize(DatabaseImage(copying: bytes), schema: schema, readOnly: readOnly, resizable: resizable)
    }

    /// The bytes of a database exactly as they would be on disk (`sqlite3_serialize`): the
    /// way to get at the pages of an in-memory or temporary database, which have no file.
    ///
    /// ```swift
    /// let db = try Connection()
    /// try db.execute("create table t(x); insert into t values(1)")
    /// let image = try db.serialize()   // starts with "SQLite format 3\0"
    /// ```
    ///
    /// - Parameter schema: `main`, `temp` or the name of an attached database.
    /// - Returns: a copy of the database image; empty for a database with no pages yet.
    /// - Throws: ``SQLiteError`` when there is no such schema or SQLite cannot read its pages.
    public func serialize(schema: String = "main") throws -> [UInt8] {
        guard !isClosed else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database connection is closed") }
        guard sqlite3_db_filename(handle, schema) != nil else {
            throw SQLiteError(code: SQLITE_ERROR, message: "unknown database \(schema)")
        }
        var size: sqlite3_int64 = 0
        guard let memory = sqlite3_serialize(handle, schema, &size, 0) else {
            // No pages yet is not an error: an empty database serializes to nothing.
            if size == 0 { return [] }
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot serialize database \(schema)")
        }
        defer { sqlite3_free(memory) }
        return Array(UnsafeBufferPointer(start: memory, count: Int(clamping: size)))
    }

    /// Caps how large a deserialized, resizable database may grow (`SQLITE_FCNTL_SIZE_LIMIT`);
    /// a write past it fails with `SQLITE_FULL`.
    ///
    /// - Parameter limit: the largest size in bytes; a negative value only reads the limit.
    /// - Returns: the limit in force afterwards, or nil when the schema is not a deserialized
    ///   database (its VFS does not know the control).
    @discardableResult
    public func setSizeLimit(_ limit: Int64, schema: String = "main") -> Int64? {
        var value = sqlite3_int64(limit)
        guard sqlite3_file_control(handle, schema, SQLITE_FCNTL_SIZE_LIMIT, &value) == SQLITE_OK else { return nil }
        return Int64(value)
    }
}
