import Glibc
import CSQLite
import SQLshCore
import SQLshShell

/// Starts the shell from command-line arguments the way sqlite3 3.40.1's `main` does:
///
/// 1. a first pass finds the database name, the commands after it, `-init`, `-batch` and the
///    options that must be known before the database is opened;
/// 2. the database is opened if its file exists, and the start-up file (`~/.sqlshrc`, or
///    `-init FILE`) is run;
/// 3. a second pass applies the other options in order (so they override the start-up file)
///    and runs `-cmd` commands where they appear;
/// 4. the commands after the database name run in order, or else standard input is read.
struct ShellLauncher {
    let arguments: [String]
    /// `argv[0]`, which sqlite3 uses in its messages.
    let programName: String
    let err = OutputWriter(fileDescriptor: 2, unbuffered: true)

    init(arguments: [String]) {
        self.programName = arguments.first ?? "sqlsh"
        self.arguments = arguments
    }

    /// Runs the shell; returns the exit status.
    func run() -> Int32 {
        let argc = arguments.count
        var databasePath: String?
        var commands: [Int] = []  // indices in the arguments
        var initFile: String?
        var interactive = isatty(0) != 0
        var vfs: String?
        var readOnly = false
        var noFollow = false
        var deserialize = false
        var maxSize: Int64 = 0
        var mmap: Int64?
        var bail = false
        var noFunctions = false
        var pluginPaths: [String] = []
        var safe = false
        var nonce: String?
        var databaseKind: DatabaseFileKind?

        // First pass.
        var i = 1
        firstPass: while i < argc {
            let z = arguments[i]
            if !z.hasPrefix("-") {
                if databasePath == nil { databasePath = z } else { commands.append(i) }
                i += 1
                continue
            }
            switch optionName(z) {
            case "-separator", "-nullvalue", "-newline", "-cmd":
                i += 1; _ = value(at: i)
            case "-init":
                i += 1; initFile = value(at: i)
            case "-batch":
                interactive = false
            case "-heap", "-threadsafe":
                i += 1; _ = value(at: i)
            case "-pagecache", "-lookaside":
                i += 1; _ = value(at: i)
                i += 1; _ = value(at: i)
            case "-mmap":
                i += 1; mmap = DotCommandArguments.integerValue(value(at: i))
            case "-vfs":
                i += 1; vfs = value(at: i)
            case "-deserialize":
                deserialize = true
            case "-maxsize" where i + 1 < argc:
                i += 1; maxSize = DotCommandArguments.integerValue(arguments[i])
            case "-maxsize":
                break  // without a value: an unknown option in the second pass, as in sqlite3
            case "-readonly":
                readOnly = true
            case "-nofollow":
                noFollow = true
            case "-bail":
                bail = true
            case "-nofunctions":
                noFunctions = true
            case "-memtrace":
                MemoryTrace.activate()
            case "-load":
                i += 1; pluginPaths.append(value(at: i))
            case "-safe":
                safe = true
            case "-nonce":
                i += 1; nonce = value(at: i)
            case "-zip":
                databaseKind = .zip
            case "-append":
                databaseKind = .appendVFS
            case "-A", "-archive":
                break firstPass  // the rest of the line is .archive's
            default:
                break
            }
            i += 1
        }

        if let vfs, sqlite3_vfs_find(vfs) == nil {
            err.write("no such VFS: \"\(vfs)\"\n")
            return 1
        }
        if let vfs, let found = sqlite3_vfs_find(vfs) { sqlite3_vfs_register(found, 1) }
        let path = databasePath ?? ":memory:"
        let transientDatabase = argc == 1

        var flags: OpenFlags = readOnly ? [.readOnly, .uri] : .default
        if noFollow { flags.insert(.noFollow) }
        let shell = Shell(path: path, flags: flags, vfs: nil)
        shell.deserialize = deserialize
        shell.databaseKindOverride = databaseKind
        shell.deserializeMaxSize = maxSize
        shell.mmapSize = mmap
        shell.isInteractive = interactive
        // SIGINT interrupts the running statement instead of killing the process (an
        // interactive session installs its own handler later).
        Signals.installBatchInterruptHandler(shell: shell)
        shell.settings.bail = bail
        shell.nonce = nonce
        // Plugins join the catalog before -nofunctions and the start-up file, which may toggle them.
        if let status = loadPlugins(pluginPaths, safe: safe, shell: shell) { return status }
        if noFunctions { shell.catalog.setAllEnabled(false) }  // before any connection opens
        do {
            shell.openIfExists()
            try shell.throwPendingExit()
            let status = try run(shell: shell, commands: commands, initFile: initFile, transientDatabase: transientDatabase)
            return shell.finalStatus(status)
        } catch let exit as ShellExit {
            // The shell ended itself (`.exit N`, safe mode, ...): only the program exits.
            return shell.finalStatus(exit.status)
        } catch {
            err.write("Error: \(error)\n")
            return shell.finalStatus(1)
        }
    }

    /// Everything after the first pass: the start-up file, the second pass, the commands or
    /// standard input. Output is flushed by the caller.
    private func run(shell: Shell, commands: [Int], initFile: String?, transientDatabase: Bool) throws -> Int32 {
        let argc = arguments.count
        try runStartupFile(initFile, shell: shell)

        // Second pass.
        var i = 1
        while i < argc {
            let z = arguments[i]
            guard z.hasPrefix("-") else { i += 1; continue }
            let name = optionName(z)
            var settings = shell.settings
            if let mode = OutputModeDefinition.option(named: name) {
                // -csv, -box, ...: the mode and the separators its option sets.
                settings.select(option: mode)
                shell.settings = settings
                i += 1
                continue
            }
            switch name {
            case "-init": i += 1
            case "-deserialize", "-readonly", "-nofollow", "-bail": break  // applied in the first pass
            case "-safe":
                // From here on, as in sqlite3 (the start-up file and earlier -cmd run before it),
                // also on a database already opened because its file exists.
                shell.settings = settings
                shell.enterSafeMode()
                settings = shell.settings
            case "-maxsize" where i + 1 < argc:
                i += 1
            case "-separator":
                i += 1; settings.columnSeparator = String(rawBytes: rawArgument(i))
            case "-newline":
                i += 1; settings.rowSeparator = String(rawBytes: rawArgument(i))
            case "-nullvalue":
                i += 1; settings.nullValue = String(rawBytes: rawArgument(i))
            case "-header", "-noheader":
                settings.headers = name == "-header"
                settings.headersSet = true
            case "-echo": settings.echo = true
            case "-eqp": shell.autoEQP = 1; settings.eqp = shell.settings.eqp
            case "-eqpfull": shell.autoEQP = 3; settings.eqp = shell.settings.eqp
            case "-stats": shell.statsEnabled = true
            case "-backslash": shell.resolveBackslashesInSQL = true
            case "-version":
                let out = shell.standardOutput
                out.write("sqlsh \(Shell.version) (SQLite \(String(cString: sqlite3_libversion())) \(String(cString: sqlite3_sourceid())))\n")
                out.flush()
                return 0
            case "-interactive": shell.isInteractive = true
            case "-batch": shell.isInteractive = false
            case "-nofunctions", "-memtrace", "-zip", "-append": break  // applied in the first pass
            case "-A", "-archive":
                // The rest of the command line are .archive arguments; its result is not the
                // exit status (sqlite3 exits 0 whatever .archive did).
                guard commands.isEmpty else {
                    err.write("Error: cannot mix regular SQL or dot-commands with \"\(z)\"\n")
                    return 1
                }
                shell.settings = settings
                shell.startInputLine()
                _ = shell.runArchiveCommandLine(Array(arguments[i...]))
                shell.close()
                return 0
            case "-heap", "-mmap", "-vfs", "-load": i += 1
            case "-pagecache", "-lookaside", "-threadsafe", "-nonce": i += 2
            case "-help":
                usage()
                return 1
            case "-cmd":
                if i == argc - 1 { i = argc; continue }
                i += 1
                shell.settings = settings
                if let status = try runCommandOption(i, shell: shell) { return status }
                settings = shell.settings
            default:
                err.write("\(programName): Error: unknown option: \(name)\n")
                err.write("Use -help for a list of options.\n")
                return 1
            }
            shell.settings = settings
            i += 1
        }

        var status: Int32 = 0
        if !commands.isEmpty {
            for index in commands {
                let command = arguments[index]
                shell.startInputLine()
                if command.hasPrefix(".") {
                    shell.commandFailureStatus = nil
                    switch try shell.runDotCommand(line: String(rawBytes: rawArgument(index))) {
                    case .success: continue
                    case .failure: status = shell.commandFailureStatus ?? 1
                    case .exit: status = 0
                    }
                    return status
                }
                if let failure = try shell.runArgumentSQL(utf8: rawArgument(index)) {
                    err.write("Error: ")
                    err.write(failure.message + [10])
                    return failure.code != 0 ? failure.code : 1
                }
            }
        } else if shell.isInteractive {
            status = try runInteractiveSession(shell: shell, transientDatabase: transientDatabase)
        } else {
            let outcome = try shell.process(FileLineSource(fileDescriptor: 0))
            status = outcome == .failure ? 1 : 0
        }
        shell.close()
        return status
    }

    /// The autoload folders, then each `-load PATH`; an exit status when a `-load` fails (it is
    /// an error in safe mode, which also skips the autoload folders).
    private func loadPlugins(_ paths: [String], safe: Bool, shell: Shell) -> Int32? {
        guard !safe else {
            if paths.isEmpty { return nil }
            err.write("Error: cannot load plugins in safe mode\n")
            return 1
        }
        shell.autoloadPlugins()
        for path in paths {
            do {
                try shell.loadPluginAtStartup(path)
            } catch {
                err.write("Error: \(error)\n")
                return 1
            }
        }
        return nil
    }

    /// `-cmd COMMAND`: runs a dot-command or SQL; returns an exit status when the shell must
    /// stop (only under `-bail`).
    private func runCommandOption(_ index: Int, shell: Shell) throws -> Int32? {
        let command = arguments[index]
        if command.hasPrefix(".") {
            let outcome = try shell.runDotCommand(line: String(rawBytes: rawArgument(index)))
            if outcome != .success && shell.settings.bail {
                return outcome == .failure ? 1 : 0
            }
            return nil
        }
        if let failure = try shell.runArgumentSQL(utf8: rawArgument(index)) {
            err.write("Error: ")
            err.write(failure.message + [10])
            if shell.settings.bail { return failure.code != 0 ? failure.code : 1 }
        }
        return nil
    }

    /// Runs `~/.sqlshrc`, or the `-init` file, as sqlite3 runs `~/.sqliterc`.
    private func runStartupFile(_ override: String?, shell: Shell) throws {
        let path: String
        if let override {
            path = override
        } else {
            guard let home = homeDirectory() else {
                err.write("-- warning: cannot find home directory; cannot read ~/.sqlshrc\n")
                return
            }
            path = home + "/.sqlshrc"
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if override != nil {
                err.write("cannot open: \"\(path)\"\n")
                if shell.settings.bail { try shell.terminate(1) }
            }
            return
        }
        if shell.isInteractive { err.write("-- Loading resources from \(path)\n") }
        let source = FileLineSource(fileDescriptor: fd, close: { _ = close($0) })
        defer { source.close() }
        let outcome = try shell.process(source)
        if outcome == .failure && shell.settings.bail { try shell.terminate(1) }
    }

    /// The home directory: the password database's entry for this user, else `$HOME`.
    private func homeDirectory() -> String? {
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        if let home = getenv("HOME") { return String(cString: home) }
        return nil
    }

    private func usage() {
        err.write("Usage: \(programName) [OPTIONS] FILENAME [SQL]\n")
        err.write("FILENAME is the name of an SQLite database. A new database is created\n")
        err.write("if the file does not previously exist.\n")
        err.write("OPTIONS include:\n")
        err.write(CommandLineOption.helpText)
    }

    /// The bytes of argument `index` as the program received them (`arguments` holds them
    /// decoded, invalid UTF-8 replaced), for SQL, which need not be UTF-8.
    private func rawArgument(_ index: Int) -> [UInt8] {
        guard Int(CommandLine.argc) == arguments.count, let pointer = CommandLine.unsafeArgv[index] else {
            return Array(arguments[index].utf8)
        }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(pointer)))
    }

    /// The option name with a doubled leading dash reduced to one: `--csv` is `-csv`.
    private func optionName(_ z: String) -> String {
        z.hasPrefix("--") ? String(z.dropFirst()) : z
    }

    /// The argument of an option, or sqlite3's `missing argument` error and exit status 1.
    private func value(at index: Int) -> String {
        guard index < arguments.count else {
            err.write("\(programName): Error: missing argument to \(arguments[arguments.count - 1])\n")
            exit(1)
        }
        return arguments[index]
    }
}
