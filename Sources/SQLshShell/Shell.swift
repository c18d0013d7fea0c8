import SQLshCore
import SQLshCatalog

/// The shell: a connection, its settings, its function catalog and where output goes.
///
/// The shell library has no terminal: it takes lines from a ``LineSource`` and writes bytes to
/// ``OutputWriter``s, so every behaviour can be tested with strings in and bytes out.
public final class Shell {
    /// The current connection (`.open` replaces it).
    public internal(set) var connection: Connection
    /// Output settings and switches.
    public var settings = ShellSettings()
    /// The function catalog, registered on every connection the shell opens.
    public let catalog: Catalog
    /// Where results go now (standard output, or a file after `.output`/`.once`).
    public var out: OutputWriter
    /// Standard output.
    public let standardOutput: OutputWriter
    /// Where errors go.
    public let err: OutputWriter
    /// Errors seen so far (the exit status is 1 when any).
    public internal(set) var errorCount = 0
    /// Long operations (`.import`) report how far they are: `done` of `total` units (bytes;
    /// `total` 0 when unknown), and once more with `done == total` when finished. The
    /// interactive front end sets it to draw a progress bar; nil in batch use.
    public var progress: ((_ done: Int64, _ total: Int64) -> Void)?
    /// Called just before a statement's first row is printed (the interactive front end erases
    /// its elapsed-time indicator there); nil in batch use.
    public var willPrintRows: (() -> Void)?

    /// Creates a shell on an open connection and registers the catalog's enabled functions.
    public init(connection: Connection, catalog: Catalog = .builtIn(),
                standardOutput: OutputWriter = OutputWriter(fileDescriptor: 1),
                standardError: OutputWriter = OutputWriter(fileDescriptor: 2, unbuffered: true)) throws {
        self.connection = connection
        self.catalog = catalog
        self.standardOutput = standardOutput
        self.out = standardOutput
        self.err = standardError
        try catalog.register(on: connection)
    }

    /// Replaces the connection (`.open`): the catalog's enabled functions are registered on it.
    public func replaceConnection(with connection: Connection) throws {
        try catalog.register(on: connection)
        self.connection = connection
    }
}
