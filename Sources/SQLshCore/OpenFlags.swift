internal import CSQLite

/// Flags for opening a connection (`sqlite3_open_v2`).
public struct OpenFlags: OptionSet, Sendable {
    /// The `SQLITE_OPEN_*` bits.
    public let rawValue: Int32
    /// Flags from their bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Open for reading only.
    public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
    /// Open for reading and writing (read-only when the file is write-protected).
    public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    /// Create the database when it does not exist (with `readWrite`).
    public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// Interpret the filename as a URI (`file:data.db?mode=ro`).
    public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
    /// An in-memory database, named by the filename for shared cache.
    public static let memory = OpenFlags(rawValue: SQLITE_OPEN_MEMORY)
    /// Multi-thread mode: the connection is not serialized.
    public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
    /// Serialized mode.
    public static let fullMutex = OpenFlags(rawValue: SQLITE_OPEN_FULLMUTEX)
    /// Refuse a filename that is a symbolic link.
    public static let noFollow = OpenFlags(rawValue: SQLITE_OPEN_NOFOLLOW)

    /// Read-write, created when missing, URI filenames understood: what the shell uses.
    public static let `default`: OpenFlags = [.readWrite, .create, .uri]
}
