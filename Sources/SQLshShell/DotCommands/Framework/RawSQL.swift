import SQLshCore

/// SQL a dot-command builds from its arguments, run with the arguments' original bytes (see
/// ``RawText``) and, as sqlite3 passes it to SQLite as a C string, up to its first NUL.
extension Connection {
    /// The first statement of `sql` (nil for only whitespace and comments), as
    /// `sqlite3_prepare_v2` prepares it.
    func prepareFirst(raw sql: String) throws -> Statement? {
        let bytes = Self.cStringBytes(sql)
        return try bytes.withUnsafeBufferPointer { try prepare(utf8: $0).statement }
    }

    /// Every statement of `sql` in turn, rows discarded, stopping at the first error, as
    /// `sqlite3_exec` runs it.
    func execute(raw sql: String) throws {
        let bytes = Self.cStringBytes(sql)
        try bytes.withUnsafeBufferPointer { try execute(utf8: $0) }
    }

    private static func cStringBytes(_ sql: String) -> [UInt8] {
        let bytes = sql.rawBytes
        guard let end = bytes.firstIndex(of: 0) else { return bytes }
        return Array(bytes[..<end])
    }
}
