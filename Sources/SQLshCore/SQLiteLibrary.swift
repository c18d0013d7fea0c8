import CSQLite

/// Facts about the SQLite library itself, and process-wide settings: things that belong to no
/// connection.
///
/// ```swift
/// SQLiteLibrary.version                         // "3.40.1"
/// SQLiteLibrary.isComplete("select 1;")         // true
/// SQLiteLibrary.isKeyword("select")             // true
/// SQLiteLibrary.glob("t*", matches: "table")    // true
/// ```
public enum SQLiteLibrary {
    /// The library's version (`sqlite3_libversion`), such as `3.40.1`.
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// The version as a NUL-terminated string in static storage, for C interfaces.
    public static var versionCString: UnsafePointer<CChar> { sqlite3_libversion() }

    /// The version as a number (`3040001` for 3.40.1).
    public static var versionNumber: Int { Int(sqlite3_libversion_number()) }

    /// The source identifier of the build (`sqlite3_sourceid`): the check-in date and hash.
    public static var sourceID: String { String(cString: sqlite3_sourceid()) }

    /// SQLite's keywords, in the order of its keyword table (`sqlite3_keyword_name`).
    public static let keywords: [String] = {
        var words: [String] = []
        for i in 0..<sqlite3_keyword_count() {
            var name: UnsafePointer<CChar>?
            var length: Int32 = 0
            guard sqlite3_keyword_name(i, &name, &length) == SQLITE_OK, let name else { continue }
            words.append(String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self))
        }
        return words
    }()

    /// Whether `word` is one of SQLite's keywords (any case).
    public static func isKeyword(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sqlite3_keyword_check($0.baseAddress, Int32(clamping: $0.count)) != 0 }
        }
    }

    /// Whether `sql` ends with a complete statement (`sqlite3_complete`): a semicolon outside
    /// strings, comments and trigger bodies. Text after an embedded NUL is not looked at.
    public static func isComplete(_ sql: String) -> Bool {
        sqlite3_complete(sql) != 0
    }

    /// ``isComplete(_:)`` over a NUL-terminated UTF-8 buffer (the NUL must be inside the
    /// buffer; without one the answer is false).
    public static func isComplete(nulTerminated sql: UnsafeBufferPointer<UInt8>) -> Bool {
        guard sql.contains(0), let base = sql.baseAddress else { return false }
        return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: sql.count) { sqlite3_complete($0) != 0 }
    }

    /// Whether `text` matches the GLOB pattern `pattern` (`sqlite3_strglob`: case-sensitive,
    /// `*`, `?` and `[...]`).
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        sqlite3_strglob(pattern, text) == 0
    }

    /// ``glob(_:matches:)`` with a NUL-terminated C string, as SQLite's callbacks give names.
    public static func glob(_ pattern: String, matches text: UnsafePointer<CChar>) -> Bool {
        sqlite3_strglob(pattern, text) == 0
    }

    /// Random bytes from SQLite's pseudo-random generator (`sqlite3_randomness`).
    public static func randomUInt64() -> UInt64 {
        var value: UInt64 = 0
        sqlite3_randomness(8, &value)
        return value
    }

    /// The current time from the default VFS, in milliseconds since the Julian epoch, as the
    /// `sqlite3` shell's `.timer` reads it; 0 when there is no VFS.
    public static func currentTimeMilliseconds() -> Int64 {
        guard let vfs = sqlite3_vfs_find(nil) else { return 0 }
        var t: sqlite3_int64 = 0
        if vfs.pointee.iVersion >= 2, let current = vfs.pointee.xCurrentTimeInt64 {
            _ = current(vfs, &t)
        } else if let current = vfs.pointee.xCurrentTime {
            var days = 0.0
            _ = current(vfs, &days)
            t = sqlite3_int64(days * 86_400_000.0)
        }
        return t
    }

    /// Puts SQLite in multi-thread mode (`SQLITE_CONFIG_MULTITHREAD`): connections have no
    /// mutex, so each must be used from one thread at a time (``Connection/interrupt()``
    /// needs none). Must run before SQLite initializes, that is before any connection opens.
    ///
    /// - Returns: false when SQLite refuses (it is already initialized).
    @discardableResult
    public static func useMultiThreadMode() -> Bool {
        sqlsh_config_multithread() == SQLITE_OK
    }
}
