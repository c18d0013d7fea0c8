import SQLshCore

/// Runs the shell from command-line arguments the way sqlite3 3.40.1's `main` does, driven by
/// the table of options (``ShellOption/all``):
///
/// 1. ``firstPass()`` finds the database name, the commands after it and each option's
///    ``StartupOptions``, what must be known before the database opens;
/// 2. the program makes the ``Shell`` from them (``makeShell(_:)``), opens the database if its
///    file exists and runs the start-up file;
/// 3. ``secondPass()`` applies the other options in order (so they override the start-up file)
///    and runs `-cmd` commands where they stand;
/// 4. ``runCommands(interactive:)`` runs the commands after the database name in order, or
///    else reads standard input (or a terminal, through the program's closure).
///
/// The library prints and returns exit statuses; it never ends the process.
public final class CommandLineRun {
    /// What an option's second-pass action asks for next.
    public enum Step: Sendable, Equatable {
        /// Go on with the next argument.
        case next
        /// Stop: the program exits with this status.
        case exit(Int32)
    }

    /// The arguments as strings (invalid UTF-8 replaced), `argv[0]` first.
    public let arguments: [String]
    /// The same arguments as the program received their bytes (for SQL and separators, which
    /// need not be UTF-8).
    public let rawArguments: [[UInt8]]
    /// `argv[0]`, which sqlite3 uses in its messages.
    public var programName: String { arguments.first ?? "sqlsh" }
    /// Where messages go.
    public let err: OutputWriter
    /// The shell, once made.
    public private(set) var shell: Shell!
    /// The settings an option's action changes (written back to the shell after each one).
    public var settings = ShellSettings()
    /// The option being applied, as given with one dash (`-header` or `-noheader`).
    public private(set) var currentOption = ""
    /// The first pass's findings.
    public private(set) var startup: StartupOptions

    /// A run of `arguments` (`rawArguments` holds their bytes; by default their UTF-8).
    public init(arguments: [String], rawArguments: [[UInt8]]? = nil, interactive: Bool,
                err: OutputWriter = OutputWriter(fileDescriptor: 2, unbuffered: true)) {
        self.arguments = arguments
        self.rawArguments = rawArguments ?? arguments.map { Array($0.utf8) }
        self.err = err
        self.startup = StartupOptions(interactive: interactive)
    }

    /// The option name with a doubled leading dash reduced to one: `--csv` is `-csv`.
    static func optionName(_ argument: String) -> String {
        argument.hasPrefix("--") ? String(argument.dropFirst()) : argument
    }

    // MARK: First pass

    /// Records the database name, the commands and the options needed before the database
    /// opens. Returns an exit status when the command line is unusable (a missing argument:
    /// sqlite3's `missing argument to -X`, status 1).
    public func firstPass() -> Int32? {
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            guard argument.hasPrefix("-") else {
                if startup.databasePath == nil { startup.databasePath = argument } else { startup.commands.append(i) }
                i += 1
                continue
            }
            guard let option = ShellOption.named(Self.optionName(argument)) else { i += 1; continue }
            if option.takesTheRest { break }  // the rest of the line is .archive's
            if i + option.argumentCount >= arguments.count && option.argumentCount > 0 {
                if option.argumentIsOptional { i += 1; continue }
                err.write("\(programName): Error: missing argument to \(arguments[arguments.count - 1])\n")
                return 1
            }
            option.early?(&startup, Array(arguments[(i + 1)..<(i + 1 + option.argumentCount)]))
            i += 1 + option.argumentCount
        }
        // Before anything else touches SQLite: the allocator can only be wrapped before it starts.
        if startup.memoryTrace { MemoryTrace.activate() }
        return nil
    }

    // MARK: The shell

    /// Makes the shell the first pass describes (not opened yet), with its plugins loaded;
    /// an exit status when that fails (`-load` in safe mode, a plugin that does not load).
    public func makeShell(_ make: (StartupOptions) -> Shell) -> Int32? {
        let shell = make(startup)
        self.shell = shell
        shell.deserialize = startup.deserialize
        shell.databaseKindOverride = startup.databaseKind
        shell.deserializeMaxSize = startup.maxSize
        shell.mmapSize = startup.mmap
        shell.isInteractive = startup.interactive
        shell.settings.bail = startup.bail
        shell.nonce = startup.nonce
        shell.refusesDataFiles = startup.safe
        settings = shell.settings
        // Plugins join the catalog before -nofunctions and the start-up file, which may toggle them.
        if let status = loadPlugins() { return status }
        if startup.noFunctions { shell.catalog.setAllEnabled(false) }  // before any connection opens
        return nil
    }

    /// The autoload folders, then each `-load PATH`; an exit status when a `-load` fails (it is
    /// an error in safe mode unless it names a WebAssembly module; safe mode autoloads only those).
    private func loadPlugins() -> Int32? {
        if startup.safe && !startup.pluginPaths.allSatisfy(PluginManager.isWebAssembly) {
            err.write("Error: cannot load plugins in safe mode\n")
            return 1
        }
        shell.autoloadPlugins(safeMode: startup.safe)
        for path in startup.pluginPaths {
            do {
                try shell.loadPluginAtStartup(path)
            } catch {
                err.write("Error: \(error)\n")
                return 1
            }
        }
        return nil
    }

    // MARK: Second pass

    /// Applies the options in order; returns an exit status when one ends the run (`-help`,
    /// `-version`, `-A`, an unknown option, `-cmd` under `-bail`).
    public func secondPass() throws -> Int32? {
        var i = 1
        while i < arguments.count {
            let argument = arguments[i]
            guard argument.hasPrefix("-") else { i += 1; continue }
            let name = Self.optionName(argument)
            settings = shell.settings
            guard let option = ShellOption.named(name),
                  option.argumentCount == 0 || i + option.argumentCount < arguments.count || option.name == "-cmd" else {
                err.write("\(programName): Error: unknown option: \(name)\n")
                err.write("Use -help for a list of options.\n")
                return 1
            }
            if option.name == "-cmd" && i == arguments.count - 1 { break }  // a final -cmd without a command
            currentOption = name
            if option.takesTheRest { currentIndex = i }
            if let late = option.late {
                let values = Array(rawArguments[(i + 1)..<min(arguments.count, i + 1 + option.argumentCount)])
                if case .exit(let status) = try late(self, values) { return status }
            }
            commitSettings()
            i += 1 + option.secondPassSkip
        }
        return nil
    }

    /// Writes the options' settings back to the shell.
    public func commitSettings() {
        shell.settings = settings
    }

    /// Where `-A` stands (its arguments are the rest of the line).
    private var currentIndex = 0

    /// `-A ARGS...`: runs `.archive ARGS` and ends the run with status 0 (sqlite3 exits 0
    /// whatever .archive did); refused together with SQL or dot-command arguments.
    func runArchiveOption() throws -> Step {
        guard startup.commands.isEmpty else {
            err.write("Error: cannot mix regular SQL or dot-commands with \"\(arguments[currentIndex])\"\n")
            return .exit(1)
        }
        commitSettings()
        shell.startInputLine()
        _ = shell.runArchiveCommandLine(Array(arguments[currentIndex...]))
        shell.close()
        return .exit(0)
    }

    /// `-cmd COMMAND`: runs a dot-command or SQL; ends the run only under `-bail`.
    func runCommandOption(_ command: [UInt8]) throws -> Step {
        commitSettings()
        defer { settings = shell.settings }
        if command.first == UInt8(ascii: ".") {
            let outcome = try shell.runDotCommand(line: String(rawBytes: command))
            if outcome != .success && shell.settings.bail { return .exit(outcome == .failure ? 1 : 0) }
            return .next
        }
        if let failure = try shell.runArgumentSQL(utf8: command) {
            err.write("Error: ")
            err.write(failure.message + [10])
            if shell.settings.bail { return .exit(failure.code != 0 ? failure.code : 1) }
        }
        return .next
    }

    /// `-help`: sqlite3's usage text on standard error.
    func printUsage() {
        err.write("Usage: \(programName) [OPTIONS] FILENAME [SQL]\n")
        err.write("FILENAME is the name of an SQLite database. A new database is created\n")
        err.write("if the file does not previously exist.\n")
        err.write("OPTIONS include:\n")
        err.write(ShellOption.helpText)
    }

    /// `-version`: sqlsh's version and SQLite's.
    func printVersion() {
        let out = shell.standardOutput
        out.write("sqlsh \(Shell.version) (SQLite \(SQLiteLibrary.version) \(SQLiteLibrary.sourceID))\n")
        out.flush()
    }

    // MARK: Commands

    /// Runs the commands after the database name, in order (the first failure ends the run
    /// with its status), or else standard input: through `interactive` when the shell reads a
    /// terminal, as piped input otherwise. Closes the shell.
    public func runCommands(interactive: (Shell) throws -> Int32) throws -> Int32 {
        var status: Int32 = 0
        if !startup.commands.isEmpty {
            for index in startup.commands {
                let command = rawArguments[index]
                shell.startInputLine()
                if command.first == UInt8(ascii: ".") {
                    shell.commandFailureStatus = nil
                    switch try shell.runDotCommand(line: String(rawBytes: command)) {
                    case .success: continue
                    case .failure: status = shell.commandFailureStatus ?? 1
                    case .exit: status = 0
                    }
                    return status
                }
                if let failure = try shell.runArgumentSQL(utf8: command) {
                    err.write("Error: ")
                    err.write(failure.message + [10])
                    return failure.code != 0 ? failure.code : 1
                }
            }
        } else if shell.isInteractive {
            status = try interactive(shell)
        } else {
            let outcome = try shell.process(FileLineSource(fileDescriptor: 0))
            status = outcome == .failure ? 1 : 0
        }
        shell.close()
        return status
    }
}
