import SQLshCore

/// `--deserialize` and `--hexdb` (the command line's and `.open`'s): a database image loaded
/// into a connection's main schema, held in memory, as sqlite3's `open_db` does it.
enum DeserializedDatabase {
    /// Loads a file's bytes (none when it cannot be read).
    ///
    /// - Parameter maxSize: when positive, how large the database may grow (`--maxsize`).
    /// - Throws: ``SQLiteError`` whose message is sqlite3's `sqlite3_deserialize() returns N`.
    static func load(file: String, into connection: Connection, maxSize: Int64) throws {
        // An unreadable file is an empty database, as in sqlite3.
        let bytes = WholeFile.read(file) ?? []
        let image = try bytes.withUnsafeBytes { try DatabaseImage(copying: $0) }
        try load(image, into: connection, maxSize: maxSize)
    }

    /// Hands an image over to the connection's main schema, resizable, capped at `maxSize`
    /// when it is positive.
    static func load(_ image: DatabaseImage, into connection: Connection, maxSize: Int64) throws {
        do {
            try connection.deserialize(image)
        } catch let error as SQLiteError {
            throw SQLiteError(code: error.code, message: "sqlite3_deserialize() returns \(error.code)")
        }
        if maxSize > 0 { connection.setSizeLimit(maxSize) }
    }
}
