#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore
import SQLshCatalog
import SQLshFiles
import CSQLshVersion

/// The shell: a connection, its settings, its function catalog and where output goes.
///
/// The shell library has no terminal: it takes lines from a ``LineSource`` and writes bytes to
/// ``OutputWriter``s, so every behaviour can be tested with strings in and bytes out.
///
/// Like sqlite3, the shell opens its database lazily: a shell made with
/// ``init(path:flags:vfs:catalog:standardOutput:standardError:)`` opens the file the first time
/// ``connection`` is used, so that a mistyped filename followed only by dot-commands creates no
/// empty file.
public final class Shell {
    /// The version of sqlsh: the top-level VERSION file's first word (CSQLshVersion embeds it).
    public static let version: String = {
        String(cString: sqlsh_version_text()).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .first.map(String.init) ?? "unknown"
    }()

    private(set) var openConnection: Connection?
    /// The filename the database is opened with when first needed (`:memory:` by default).
    public var databasePath: String
    /// The flags the database is opened with (`-readonly`, `-nofollow`).
    public var openFlags: OpenFlags
    /// The VFS the database is opened with, nil for the default.
    public var vfsName: String?
    /// Opens the database from a file's bytes with `sqlite3_deserialize` (`-deserialize`).
    public var deserialize = false
    /// How the database file is opened (`-zip`); nil: told from the file, as sqlite3 does
    /// (an existing ZIP archive opens as the `zip` table of an in-memory database).
    public var databaseKindOverride: DatabaseFileKind?
    /// `-A`: a missing database file named `*.zip` is a new ZIP archive.
    public var deducesZipByDefault = false
    /// What the open database is (`.archive` works on the `zip` table of a ZIP archive).
    public internal(set) var databaseKind: DatabaseFileKind = .normal
    /// The exit status a failed dot-command asks for when it is a command-line argument
    /// (sqlite3 exits with `.archive`'s SQLite result code, 14 for a file it cannot open);
    /// nil: 1.
    public var commandFailureStatus: Int32?
    /// With ``deserialize``: the largest size the in-memory database may grow to (`-maxsize`).
    public var deserializeMaxSize: Int64 = 0
    /// Whether a data file named as the database (`sqlsh -safe data.csv`) is refused rather
    /// than read as a table: `-safe` is on the command line (it is applied after the
    /// database may have been opened).
    public var refusesDataFiles = false
    /// The mmap size applied to every connection the shell opens (`-mmap N`), when set.
    public var mmapSize: Int64?

    /// The current connection (`.open` replaces it), opened on first use.
    ///
    /// When the database cannot be opened the shell does what sqlite3 does: it prints
    /// `Error: unable to open database "NAME": MESSAGE` and exits with status 1.
    public var connection: Connection {
        if let openConnection { return openConnection }
        return openDatabase()
    }

    /// Whether the database has been opened yet.
    public var isDatabaseOpen: Bool { openConnection != nil }

    /// Output settings and switches.
    public var settings = ShellSettings()
    /// The function catalog, registered on every connection the shell opens.
    public let catalog: Catalog
    /// Plugins and SQLite extensions loaded with `.load`, `-load` and the autoload folders.
    public let plugins = PluginManager()
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
    /// Whether statements typed at the prompt report how far a full scan of one table has
    /// gone (``scanFraction``); the interactive front end sets it where it shows the elapsed time.
    public var reportsScanProgress = false
    /// The progress of the statement running now, when it is a full scan of one table.
    var runningScan: ScanProgress?
    /// Called just before a statement's first row is printed (the interactive front end erases
    /// its elapsed-time indicator there); nil in batch use.
    public var willPrintRows: (() -> Void)?
    /// Whether Ctrl-C was pressed while the current input ran (the interactive front end sets
    /// it); a `.read` file then stops. nil in batch use.
    public var interruptRequested: (() -> Bool)?
    /// Called with the handle of each connection the shell starts using, and with nil before
    /// it closes it (the batch front end interrupts that connection on SIGINT); nil by default.
    public var connectionDidChange: ((OpaquePointer?) -> Void)?

    /// Whether the SQL input running now ended in `\G` (interactive only): its results show
    /// as vertical records.
    public internal(set) var verticalResult = false
    /// `.timer on` at the prompt: the timer of the input running now, whose CPU times the
    /// footers show instead of sqlite3's `Run Time` line (see ``footerCPUTimes()``).
    var footerTimer: RunTimer?
    /// Whether a footer of the input running now showed ``footerTimer``'s CPU times.
    var footerShowedTimes = false
    /// The last statement whose result was shown on the screen (`.last` shows it again).
    public internal(set) var lastResult: LastResult?

    /// Whether input is typed by a person (sqlite3's `stdin_is_interactive`): errors then say
    /// `Parse error: ...` without a line number, and `.exit` is not needed to stop.
    public var isInteractive = false
    /// Whether the input being processed is typed by a person at the prompt (not a `.read`
    /// file, not a script): confirmations such as `.enable`'s are shown then only.
    public var isTypedByPerson: Bool { isInteractive && currentSource?.isInteractive == true }
    /// The last SQL input run (all its lines), for `.edit`.
    public internal(set) var previousStatement: [UInt8] = []
    /// The number of the input line being processed (1-based), for messages such as
    /// `line N: cannot run .read in safe mode`. 0 outside of input processing.
    public internal(set) var lineNumber = 0
    /// How deep `.read` has nested input (sqlite3 stops at 25).
    var inputNesting = 0
    /// The input being processed (`.open --hexdb` reads its lines from it).
    var currentSource: LineSource?

    /// `.timeout`, kept so that it can be applied to connections opened later.
    var busyTimeout: Int32 = 0
    /// `.progress` state.
    let progressState = ProgressState()
    /// `.trace` state.
    let trace = TraceState()
    /// Whether `.auth on` prints every authorizer callback.
    var printsAuthorizerCallbacks = false
    /// EXPLAIN QUERY PLAN rows collected for the statement being run (`.eqp`).
    var queryPlan = QueryPlanGraph()
    /// `.eqp`: 0 off, 1 on, 2 trigger, 3 full (sqlite3's `autoEQP`; larger values act as full).
    public var autoEQP = 0 {
        didSet { settings.eqp = ["off", "on", "trigger", "full"][autoEQP & 3] }
    }
    /// `.explain auto` (the default): EXPLAIN and EXPLAIN QUERY PLAN get their own display.
    public var autoExplain = true {
        didSet { updateExplainSetting() }
    }
    /// The mode to go back to after `.explain off`.
    var modeBeforeExplain = OutputMode.list
    /// Print statistics after each statement (`-stats`, `.stats on`).
    public var statsEnabled = false

    func updateExplainSetting() {
        settings.explain = settings.mode == .explain ? "on" : autoExplain ? "auto" : "off"
    }

    /// Evaluate C escapes in SQL before running it (the undocumented `-backslash` option).
    public var resolveBackslashesInSQL = false
    /// Print memory statistics after each statement (`-stats`, `.stats on`); a hook set by
    /// the `.stats` command, which knows the format.
    public var statementStatistics: ((Shell, Statement) -> Void)? = StatsDisplay.hook(level: 1)

    /// Creates a shell on an open connection and registers the catalog's enabled functions.
    public init(connection: Connection, catalog: Catalog = .builtIn(),
                standardOutput: OutputWriter = OutputWriter(fileDescriptor: 1),
                standardError: OutputWriter = OutputWriter(fileDescriptor: 2, unbuffered: true)) throws {
        self.openConnection = connection
        self.databasePath = connection.path
        self.openFlags = .default
        self.catalog = catalog
        self.standardOutput = standardOutput
        self.out = standardOutput
        self.err = standardError
        ShellPack.add(to: catalog)
        try catalog.register(on: connection)
        try FileTablesSubsystem.install(on: connection, catalog: catalog)
    }

    /// Creates a shell that opens `path` when the database is first needed.
    public init(path: String, flags: OpenFlags = .default, vfs: String? = nil, catalog: Catalog = .builtIn(),
                standardOutput: OutputWriter = OutputWriter(fileDescriptor: 1),
                standardError: OutputWriter = OutputWriter(fileDescriptor: 2, unbuffered: true)) {
        self.databasePath = path
        self.openFlags = flags
        self.vfsName = vfs
        self.catalog = catalog
        self.standardOutput = standardOutput
        self.out = standardOutput
        self.err = standardError
        ShellPack.add(to: catalog)
    }

    /// Opens the database now if its file exists (sqlite3 does this at start-up, so that the
    /// start-up file already sees the database).
    public func openIfExists() {
        if openConnection == nil && access(databasePath, F_OK) == 0 { _ = connection }
    }

    private func openDatabase() -> Connection {
        do {
            let connection: Connection
            var kind = deserialize ? .normal
                : databaseKindOverride ?? DatabaseFileKind.deduce(path: databasePath, defaultZip: deducesZipByDefault)
            if kind == .normal && !deserialize && databaseKindOverride == nil && DatabaseFileKind.isDataFile(path: databasePath) {
                kind = .dataFile
                // `sqlsh -safe data.csv` would read a file: refused as safe mode refuses
                // every way of reading one.
                if settings.safeMode || refusesDataFiles {
                    err.write("Error: cannot read \(databasePath) in safe mode\n")
                    pendingExit = ShellExit(status: 1)
                    out.flush()
                    out = OutputWriter(fileDescriptor: -1)
                    if let standIn = try? Connection(path: ":memory:", flags: .default, vfs: nil) { return standIn }
                }
            }
            if deserialize {
                connection = try Connection(path: "", flags: .default, vfs: vfsName)
                try loadDeserialized(into: connection)
            } else if kind == .zip || kind == .dataFile {
                connection = try Connection(path: ":memory:", flags: .default, vfs: vfsName)
            } else if kind == .appendVFS {
                // -append, or a file that ends with an appended database's mark.
                AppendVFS.register()
                connection = try Connection(path: databasePath, flags: openFlags, vfs: AppendVFS.name)
            } else {
                connection = try Connection(path: databasePath, flags: openFlags, vfs: vfsName)
            }
            connection.setExtendedResultCodes(false)
            try? connection.setExtensionLoading(enabled: true)
            if let mmapSize { try? connection.execute("PRAGMA mmap_size=\(mmapSize)") }
            try catalog.register(on: connection)
            try FileTablesSubsystem.install(on: connection, catalog: catalog)
            openConnection = connection
            databaseKind = kind
            if kind == .zip {
                // Before configure(): safe mode's authorizer allows the archive named on the command line.
                let literal = "'" + databasePath.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
                try? connection.execute("CREATE VIRTUAL TABLE zip USING zipfile(\(literal));")
            }
            if kind == .dataFile {
                // The file as the table named after it (`data` for data.csv).
                do {
                    try FileTablesSubsystem.createTable(FileTablesSubsystem.tableName(forFile: databasePath), overFile: databasePath, on: connection)
                } catch let error as SQLiteError {
                    err.write("Error: unable to open \"\(databasePath)\" as a table: \(error.message)\n")
                    pendingExit = ShellExit(status: 1)
                    out.flush()
                    out = OutputWriter(fileDescriptor: -1)
                }
            }
            configure(connection)
            return connection
        } catch let error as SQLiteError {
            err.write("Error: unable to open database \"\(databasePath)\": \(error.message)\n")
        } catch {
            err.write("Error: unable to open database \"\(databasePath)\": \(error)\n")
        }
        // sqlite3 exits here. The property cannot throw: the shell stops at the next check of
        // `pendingExit` (before any SQL runs; after the dot-command that asked), and this
        // stand-in in-memory database is what it returns until then. What a dot-command prints
        // about the stand-in is discarded (a writer on no file), as sqlite3 prints nothing more.
        pendingExit = ShellExit(status: 1)
        out.flush()
        out = OutputWriter(fileDescriptor: -1)
        if let standIn = try? Connection(path: ":memory:", flags: .default, vfs: nil) { return standIn }
        preconditionFailure("cannot open an in-memory database (out of memory)")
    }

    private func loadDeserialized(into connection: Connection) throws {
        do {
            try DeserializedDatabase.load(file: databasePath, into: connection, maxSize: deserializeMaxSize)
        } catch let error as SQLiteError {
            err.write("Error: \(error.message)\n")
        }
    }

    /// Replaces the connection (`.open`): the catalog's enabled functions are registered on it.
    public func replaceConnection(with connection: Connection) throws {
        closeSessions(slot: activeConnectionSlot)
        try catalog.register(on: connection)
        try FileTablesSubsystem.install(on: connection, catalog: catalog)
        connection.setExtendedResultCodes(false)
        try? connection.setExtensionLoading(enabled: true)
        self.openConnection = connection
        databaseKind = .normal
        configure(connection)
    }

    /// Settings that live on the connection: the shell's `completion` table, safe mode's
    /// authorizer. (`edit()` is in the catalog's `shell` pack.)
    private func configure(_ connection: Connection) {
        connectionDidChange?(connection.handle)
        try? CompletionTable.register(on: connection)
        StoredFileTables.setAdvice(on: connection, ".trust NAME reads it anyway")
        if settings.safeMode { installSafeModeAuthorizer(on: connection) }
    }

    /// `.connection`: the connections kept in the other slots (0 to 9) with their filenames
    /// (nil: a slot opened by `.connection N` that was never given a file).
    var parkedConnections: [Int: (connection: Connection?, path: String?)] = [:]
    /// The slot of the current connection.
    public internal(set) var activeConnectionSlot = 0
    /// Whether the current slot has no filename of its own yet (it opens `:memory:`).
    var activeSlotIsUnnamed = false
    /// The current slot's filename: nil while it has none (`.open` gives it one).
    var activeSlotPath: String? { activeSlotIsUnnamed && databasePath == ":memory:" ? nil : databasePath }

    /// `.session`: the sessions of each slot's connection.
    var sessionsBySlot: [Int: [ShellSession]] = [:]
    /// The sessions of the current connection.
    var sessions: [ShellSession] {
        get { sessionsBySlot[activeConnectionSlot] ?? [] }
        set { sessionsBySlot[activeConnectionSlot] = newValue }
    }

    /// Deletes the sessions of slot `slot` (before its connection closes, as SQLite requires).
    func closeSessions(slot: Int) {
        for session in sessionsBySlot.removeValue(forKey: slot) ?? [] { session.close() }
    }

    /// Makes slot `slot` current, keeping the current connection (open or not) in its slot.
    func switchConnection(to slot: Int) {
        guard slot != activeConnectionSlot else { return }
        parkedConnections[activeConnectionSlot] = (openConnection, activeSlotPath)
        let next = parkedConnections.removeValue(forKey: slot)
        openConnection = next?.connection
        activeSlotIsUnnamed = next == nil || next?.path == nil
        databasePath = next?.path ?? ":memory:"
        activeConnectionSlot = slot
    }

    /// Closes the database (a `.trace` of close events reports it) and flushes all output.
    public func close() {
        closeSessions(slot: activeConnectionSlot)
        if let openConnection {
            self.openConnection = nil
            connectionDidChange?(nil)
            SafeMode.deactivate(on: openConnection.handle)
            do {
                try openConnection.close()
            } catch let error as SQLiteError {
                err.write("Error: sqlite3_close() returns \(error.code & 0xFF): \(error.message)\n")
            } catch {}
        }
        flushAll()
    }

    /// Ends the shell with exit status `status` (`.exit N`, fatal errors): throws
    /// ``ShellExit``, which the program running the shell catches to flush
    /// (``finalStatus(_:)``) and exit. The library never ends the process itself.
    public func terminate(_ status: Int32) throws -> Never {
        throw ShellExit(status: status)
    }

    /// An exit decided where nothing can be thrown (inside SQLite's authorizer callback, or at
    /// the first use of ``connection``): the shell stops as soon as control is back, and
    /// ``throwPendingExit()`` throws it.
    public internal(set) var pendingExit: ShellExit?

    /// Throws ``pendingExit`` if there is one.
    public func throwPendingExit() throws {
        if let pendingExit { throw pendingExit }
    }

    /// Flushes every output and returns the exit status: `status`, or 1 when results written
    /// to standard output were lost (a full disk, an I/O error), which is then reported on
    /// standard error. sqlite3 loses them silently and exits 0. A closed pipe (`| head`) is
    /// not reported: the reader chose to stop reading.
    public func finalStatus(_ status: Int32) -> Int32 {
        flushAll()
        guard standardOutput.failed, standardOutput.failureCode != EPIPE else { return status }
        err.write("Error: cannot write the output: \(String(cString: strerror(standardOutput.failureCode)))\n")
        err.flush()
        return status == 0 ? 1 : status
    }

    /// sqlite3's `outCount`: `.once` sets it to 2; it counts down after each dot-command and
    /// output goes back to standard output when it reaches 0, or after the next SQL input.
    public var outputResetCountdown = 0

    /// Ends an `.output`/`.once` redirection: the current output, when it is not standard
    /// output, is flushed and replaced by standard output (the file is closed when released).
    public func resetOutput() {
        // As sqlite3's output_reset: a file or pipe is flushed as it closes; standard output
        // keeps what it buffered (a `.system` child may write before it).
        if out !== standardOutput {
            out.flush()
            out = standardOutput
        }
        settings.outputFile = ""
        redirectNote = nil
        if let closing = outputClosing {
            outputClosing = nil
            closing()
        }
    }

    /// At the prompt, a `.output`/`.once` file whose name says a format the mode does not
    /// write (`o.csv` in list mode): after each input written to it the prompt says what went
    /// there (``RedirectNote``).
    var redirectNote: RedirectNote?
    /// The terminal's echo, held off by the interactive front end while an input runs.
    public var typeAheadEcho = TypeAheadEcho()
    /// Whether ``out`` is standing in for the screen (output kept to be paged, see
    /// `pagedWhenLong`): it is laid out for the terminal's width.
    var outIsForScreen = false
    /// Rows written by the renderers of the non-screen modes, counted for ``redirectNote``.
    var renderedRows = 0

    /// What ending the current `.output`/`.once` redirection must do besides closing the
    /// file: wait for a pipe's command (`pclose`), open the editor or spreadsheet for `-e`/`-x`.
    var outputClosing: (() -> Void)?

    /// Writes out everything buffered.
    public func flushAll() {
        out.flush()
        if out !== standardOutput { standardOutput.flush() }
        err.flush()
        trace.output?.flush()
    }

    /// The advisor `.expert` prepared: the next SQL input is analysed by it instead of run.
    var pendingExpert: IndexAdvisor?
    /// Whether that analysis lists its candidates and statements (`.expert -verbose`).
    var pendingExpertVerbose = false

    /// The name `.testcase` gave the current test case (`.check` reports it).
    public var testcaseName = ""

    /// The `-nonce` string: `.nonce` with it suspends safe mode until the next dot-command ends.
    public var nonce: String?
    /// Whether a correct `.nonce` suspended safe mode, for the one input line (or command-line
    /// argument) after it.
    public var safeModeSuspended = false
    /// Whether the line after a correct `.nonce` has not started yet.
    var nonceLinePending = false

    /// Called as each input line (or command-line argument) starts: a suspension of safe mode
    /// by `.nonce` covers only the line after it. (sqlite3 does the same for input lines but
    /// keeps it for every later SQL argument; sqlsh ends it there too.)
    public func startInputLine() {
        guard safeModeSuspended else { return }
        if nonceLinePending { nonceLinePending = false } else { safeModeSuspended = false }
    }
    /// Whether safe mode refuses things now: `-safe` and not suspended by `.nonce`.
    public var isSafeModeActive: Bool { settings.safeMode && !safeModeSuspended }

    /// In safe mode, prints `line N: MESSAGE` and ends the shell with status 1 (throws
    /// ``ShellExit``), as sqlite3's `failIfSafeMode` does; otherwise does nothing. Dot-commands
    /// call it at the point where sqlite3 does (for example `.open` only when it would open a
    /// file).
    public func failIfSafeMode(_ message: @autoclosure () -> String) throws {
        guard isSafeModeActive else { return }
        err.write("line \(lineNumber): \(message())\n")
        try terminate(1)
    }

    /// ``failIfSafeMode(_:)`` where nothing can be thrown (the authorizer): prints the message
    /// and sets ``pendingExit``; returns whether safe mode refused.
    func refuseInSafeMode(_ message: @autoclosure () -> String) -> Bool {
        guard isSafeModeActive else { return false }
        if pendingExit == nil {
            err.write("line \(lineNumber): \(message())\n")
            pendingExit = ShellExit(status: 1)
        }
        return true
    }
}
