import Glibc
import SQLshCore
import SQLshShell
import CSQLite

// The seam between the launcher and the interactive prompt. This plain version prints
// sqlite3's banner and reads lines with a plain prompt; the interactive helper replaces it
// with libedit, history and completion.

/// Runs an interactive session on standard input; returns the exit status.
func runInteractiveSession(shell: Shell, transientDatabase: Bool) -> Int32 {
    let out = shell.standardOutput
    out.write("sqlsh \(Shell.version) (SQLite \(String(cString: sqlite3_libversion())))\n")
    out.write("Enter \".help\" for usage hints.\n")
    if transientDatabase {
        out.write("Connected to a transient in-memory database.\n")
        out.write("Use \".open FILENAME\" to reopen on a persistent database.\n")
    }
    out.flush()
    let outcome = shell.process(makeInteractiveSource(shell: shell))
    return outcome == .failure ? 1 : 0
}

/// The line source for a person typing: prints the prompt, reads a line from standard input.
func makeInteractiveSource(shell: Shell) -> LineSource {
    PlainPromptSource(shell: shell)
}

private final class PlainPromptSource: LineSource {
    private let shell: Shell
    private let input = FileLineSource(fileDescriptor: 0)
    let isInteractive = true

    init(shell: Shell) { self.shell = shell }

    func readLine(prompt: String) -> [UInt8]? {
        shell.standardOutput.write(prompt)
        shell.standardOutput.flush()
        return input.readLine(prompt: prompt)
    }
}
