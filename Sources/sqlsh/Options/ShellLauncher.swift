#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshShell

/// Starts the shell from the command line: the library's ``CommandLineRun`` parses it with
/// the table of options (``ShellOption``); this adds what only the program has: whether
/// standard input is a terminal, the arguments' bytes, the default VFS, signals and the
/// interactive session.
struct ShellLauncher {
    let arguments: [String]

    init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Runs the shell; returns the exit status.
    func run() -> Int32 {
        let run = CommandLineRun(arguments: arguments, rawArguments: rawArguments(), interactive: isatty(0) != 0)
        if let status = run.firstPass() { return status }
        let startup = run.startup
        if let vfs = startup.vfs, !SQLiteLibrary.makeDefaultVFS(named: vfs) {
            run.err.write("no such VFS: \"\(vfs)\"\n")
            return 1
        }
        let status = run.makeShell { startup in
            var flags: OpenFlags = startup.readOnly ? [.readOnly, .uri] : .default
            if startup.noFollow { flags.insert(.noFollow) }
            let shell = Shell(path: startup.databasePath ?? ":memory:", flags: flags, vfs: nil)
            // SIGINT interrupts the running statement instead of killing the process (an
            // interactive session installs its own handler later).
            Signals.installBatchInterruptHandler(shell: shell)
            return shell
        }
        if let status { return status }
        let shell = run.shell!
        do {
            shell.openIfExists()
            try shell.throwPendingExit()
            try runStartupFile(startup.initFile, shell: shell, err: run.err)
            if let status = try run.secondPass() { return shell.finalStatus(status) }
            let transient = arguments.count == 1
            let status = try run.runCommands { shell in try runInteractiveSession(shell: shell, transientDatabase: transient) }
            return shell.finalStatus(status)
        } catch let exit as ShellExit {
            // The shell ended itself (`.exit N`, safe mode, ...): only the program exits.
            return shell.finalStatus(exit.status)
        } catch {
            run.err.write("Error: \(error)\n")
            return shell.finalStatus(1)
        }
    }

    /// Runs `~/.sqlshrc`, or the `-init` file, as sqlite3 runs `~/.sqliterc`.
    private func runStartupFile(_ override: String?, shell: Shell, err: OutputWriter) throws {
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

    /// The arguments' bytes as the program received them (`arguments` holds them decoded,
    /// invalid UTF-8 replaced), for SQL, which need not be UTF-8.
    private func rawArguments() -> [[UInt8]] {
        guard Int(CommandLine.argc) == arguments.count else { return arguments.map { Array($0.utf8) } }
        return (0..<arguments.count).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return Array(arguments[index].utf8) }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(pointer)))
        }
    }
}
