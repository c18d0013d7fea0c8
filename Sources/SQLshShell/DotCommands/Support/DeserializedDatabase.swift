import Glibc
import SQLshCore

/// `--deserialize` and `--hexdb` (the command line's and `.open`'s): a database image loaded
/// into a connection's main schema, held in memory, as sqlite3's `open_db` does it.
enum DeserializedDatabase {
    /// Loads a file's bytes (none when it cannot be read: an empty database, as in sqlite3).
    ///
    /// - Parameter maxSize: when positive, how large the database may grow (`--maxsize`).
    /// - Throws: ``SQLiteError`` whose message is sqlite3's `sqlite3_deserialize() returns N`.
    static func load(file: String, into connection: Connection, maxSize: Int64) throws {
        let bytes = contents(of: file)
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

    /// A file's bytes; empty when it cannot be opened.
    private static func contents(of file: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return bytes }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }
}
