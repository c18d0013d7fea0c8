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
        let run = CommandLineRun(arguments: arguments, rawArguments: CommandLineRun.rawArguments(arguments), interactive: isatty(0) != 0)
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
            try StartupFile.run(startup.initFile, shell: shell, err: run.err)
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
}
