internal import CSQLite

/// Facts about the SQLite library linked in, and its process-wide services.
public enum SQLiteLibrary {
    /// The version, for example `3.40.1` (`sqlite3_libversion`).
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// The check-in date, time and hash the library was built from (`sqlite3_sourceid`).
    public static var sourceID: String { String(cString: sqlite3_sourceid()) }

    /// Whether the library was compiled with an option (`sqlite3_compileoption_used`), named
    /// with or without its `SQLITE_` prefix: `isCompileOptionUsed("SOUNDEX")` is true when the
    /// core `soundex()` function exists.
    public static func isCompileOptionUsed(_ name: String) -> Bool {
        sqlite3_compileoption_used(name) == 1
    }

    /// Fills `buffer` with bytes from SQLite's pseudo-random generator (`sqlite3_randomness`),
    /// the one `random()` and `randomblob()` use.
    public static func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        sqlite3_randomness(Int32(clamping: buffer.count), base)
    }

    /// A pseudo-random value of a fixed-width integer type, from SQLite's generator.
    public static func random<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T {
        var value: T = 0
        withUnsafeMutableBytes(of: &value) { fillRandom($0) }
        return value
    }
}
