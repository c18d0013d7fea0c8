extension ShellOption {
    /// Every option sqlsh accepts, in `-help` order; the wording follows sqlite3 3.40.1's. The
    /// output-mode options are defined with their modes (``OutputModeDefinition``).
    public static let all: [ShellOption] = [
        ShellOption("-A", "ARGS...", "run \".archive ARGS\" and exit", aliases: ["-archive"],
                    late: { run, _ in try run.runArchiveOption() }),
        ShellOption("-append", "append the database to the end of the file", early: { options, _ in options.databaseKind = .appendVFS }),
        ShellOption(mode: .ascii),
        ShellOption("-bail", "stop after hitting an error", early: { options, _ in options.bail = true }),
        ShellOption("-batch", "force batch I/O", early: { options, _ in options.interactive = false },
                    late: { run, _ in run.shell.isInteractive = false; return .next }),
        ShellOption(mode: .box),
        ShellOption(mode: .column),
        ShellOption("-cmd", "COMMAND", "run \"COMMAND\" before reading stdin", late: { run, values in
            try run.runCommandOption(values[0])
        }),
        ShellOption(mode: .csv),
        ShellOption("-deserialize", "open the database using sqlite3_deserialize()",
                    early: { options, _ in options.deserialize = true }),
        ShellOption("-echo", "print inputs before execution", late: { run, _ in run.settings.echo = true; return .next }),
        ShellOption("-init", "FILENAME", "read/process named file", early: { options, values in options.initFile = values[0] }),
        ShellOption("-[no]header", "turn headers on or off", aliases: ["-header", "-noheader"], late: { run, _ in
            run.settings.headers = run.currentOption == "-header"
            run.settings.headersSet = true
            return .next
        }),
        ShellOption("-help", "show this message", late: { run, _ in
            run.printUsage()
            return .exit(1)
        }),
        ShellOption(mode: .html),
        ShellOption("-interactive", "force interactive I/O", late: { run, _ in run.shell.isInteractive = true; return .next }),
        ShellOption(mode: .json),
        ShellOption(mode: .line),
        ShellOption(mode: .list),
        ShellOption("-load", "PATH", "load a sqlsh plugin (repeatable)",
                    early: { options, values in options.pluginPaths.append(values[0]) }),
        ShellOption("-lookaside", "SIZE N", "accepted for compatibility; ignored"),
        ShellOption(mode: .markdown),
        ShellOption("-maxsize", "N", "maximum size for a --deserialize database", argumentIsOptional: true,
                    early: { options, values in options.maxSize = DotCommandArguments.integerValue(values[0]) }),
        ShellOption("-memtrace", "trace all memory allocations and deallocations",
                    early: { options, _ in options.memoryTrace = true }),
        ShellOption("-mmap", "N", "default mmap size set to N",
                    early: { options, values in options.mmap = DotCommandArguments.integerValue(values[0]) }),
        ShellOption("-newline", "SEP", "set output row separator. Default: '\\n'", late: { run, values in
            run.settings.rowSeparator = String(rawBytes: values[0])
            return .next
        }),
        ShellOption("-nofollow", "refuse to open symbolic links to database files",
                    early: { options, _ in options.noFollow = true }),
        ShellOption("-nofunctions", "start with the function catalog switched off",
                    early: { options, _ in options.noFunctions = true }),
        ShellOption("-nonce", "STRING", "set the safe-mode escape nonce", secondPassSkip: 2,
                    early: { options, values in options.nonce = values[0] }),
        ShellOption("-nullvalue", "TEXT", "set text string for NULL values. Default ''", late: { run, values in
            run.settings.nullValue = String(rawBytes: values[0])
            return .next
        }),
        ShellOption("-pagecache", "SIZE N", "accepted for compatibility; ignored"),
        ShellOption(mode: .quote),
        ShellOption("-readonly", "open the database read-only", early: { options, _ in options.readOnly = true }),
        ShellOption("-safe", "enable safe-mode", early: { options, _ in options.safe = true }, late: { run, _ in
            // From here on, as in sqlite3 (the start-up file and an earlier -cmd run before it),
            // also on a database already opened because its file exists.
            run.commitSettings()
            run.shell.enterSafeMode()
            run.settings = run.shell.settings
            return .next
        }),
        ShellOption("-separator", "SEP", "set output column separator. Default: '|'", late: { run, values in
            run.settings.columnSeparator = String(rawBytes: values[0])
            return .next
        }),
        ShellOption("-stats", "print memory stats before each finalize", late: { run, _ in
            run.shell.statsEnabled = true
            return .next
        }),
        ShellOption(mode: .table),
        ShellOption(mode: .tabs),
        ShellOption("-version", "show sqlsh and SQLite versions", late: { run, _ in
            run.printVersion()
            return .exit(0)
        }),
        ShellOption("-vfs", "NAME", "use NAME as the default VFS", early: { options, values in options.vfs = values[0] }),
        ShellOption("-zip", "open the file as a ZIP Archive", early: { options, _ in options.databaseKind = .zip }),
        ShellOption("-backslash", "evaluate C escapes in SQL before running it", documented: false, late: { run, _ in
            run.shell.resolveBackslashesInSQL = true
            return .next
        }),
        ShellOption("-eqp", "show the query plan of each statement (.eqp on)", documented: false, late: { run, _ in
            run.shell.autoEQP = 1
            run.settings.eqp = run.shell.settings.eqp
            return .next
        }),
        ShellOption("-eqpfull", "show the query plan and bytecode (.eqp full)", documented: false, late: { run, _ in
            run.shell.autoEQP = 3
            run.settings.eqp = run.shell.settings.eqp
            return .next
        }),
        ShellOption("-heap", "SIZE", "accepted for compatibility; ignored", documented: false),
        ShellOption("-threadsafe", "N", "accepted for compatibility; ignored", documented: false, secondPassSkip: 2),
    ]
}
