/// What the first pass over the command line finds: everything that must be known before the
/// database is opened (sqlite3 3.40.1's first loop in `main`).
public struct StartupOptions: Sendable {
    /// The database file name (the first argument that is not an option); nil for `:memory:`.
    public var databasePath: String?
    /// The indices of the arguments after the file name: SQL and dot-commands to run.
    public var commands: [Int] = []
    /// `-init FILE`: the start-up file instead of `~/.sqlshrc`.
    public var initFile: String?
    /// Whether the shell reads a terminal (`-batch` turns it off).
    public var interactive: Bool
    /// `-vfs NAME`.
    public var vfs: String?
    /// `-readonly`, `-nofollow`, `-deserialize`, `-bail`, `-nofunctions`, `-safe`.
    public var readOnly = false, noFollow = false, deserialize = false, bail = false, noFunctions = false, safe = false
    /// `-maxsize N`: the largest `-deserialize` database.
    public var maxSize: Int64 = 0
    /// `-mmap N`.
    public var mmap: Int64?
    /// `-load PATH`, in order.
    public var pluginPaths: [String] = []
    /// `-nonce STRING`.
    public var nonce: String?
    /// `-zip` or `-append`: how to open the file whatever it looks like.
    public var databaseKind: DatabaseFileKind?
    /// `-memtrace`.
    public var memoryTrace = false

    /// Nothing set yet; `interactive` is whether standard input is a terminal.
    public init(interactive: Bool) {
        self.interactive = interactive
    }
}
