import CSQLite

/// Flags for opening a connection (`sqlite3_open_v2`).
public struct OpenFlags: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
    public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// Interpret the filename as a URI (`file:data.db?mode=ro`).
    public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
    public static let memory = OpenFlags(rawValue: SQLITE_OPEN_MEMORY)
    public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
    public static let fullMutex = OpenFlags(rawValue: SQLITE_OPEN_FULLMUTEX)
    public static let noFollow = OpenFlags(rawValue: SQLITE_OPEN_NOFOLLOW)

    /// Read-write, created when missing, URI filenames understood: what the shell uses.
    public static let `default`: OpenFlags = [.readWrite, .create, .uri]
}
