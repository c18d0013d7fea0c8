#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshShell

// What the SIGINT handler may touch: plain globals, set before the handler is installed (so
// no lazy initialisation happens inside it). SQLiteLibrary.interruptFromSignalHandler is safe
// to call from a signal handler.

/// The connection of the input that is running (nil at the prompt).
nonisolated(unsafe) var interruptTarget: OpaquePointer? = nil
/// Set by SIGINT; cleared at each prompt.
nonisolated(unsafe) var interruptRequested: sig_atomic_t = 0
/// Whether the elapsed-time indicator is on screen (the handler erases it).
nonisolated(unsafe) var indicatorVisible: sig_atomic_t = 0

/// SIGINT while an input runs: stop the statement. At the prompt terminal signals are off
/// (Ctrl-C is an editor key there), so this only sees Ctrl-C during queries and commands.
private let handleSIGINT: @convention(c) (Int32) -> Void = { _ in
    interruptRequested = 1
    guard let db = interruptTarget else { return }
    SQLiteLibrary.interruptFromSignalHandler(db)
    // End the line the terminal echoed ^C on (replacing the indicator), so that the
    // "interrupted" message starts a line of its own. write(2) is async-signal-safe.
    let saved = errno
    let text: StaticString = indicatorVisible != 0 ? ControlSequence.interruptedIndicatorLine : "\n"
    indicatorVisible = 0
    _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    errno = saved
}

/// SIGINT in batch use (sqlite3's `interrupt_handler`): interrupt the running statement, which
/// then fails with "interrupted" (exit status 9 for SQL given as an argument; standard input
/// stops after it, status 1), output written so far is kept and flushed; the third SIGINT ends
/// the process at once with status 1.
private let handleBatchSIGINT: @convention(c) (Int32) -> Void = { _ in
    interruptRequested += 1
    if interruptRequested > 2 { _exit(1) }
    if let db = interruptTarget { SQLiteLibrary.interruptFromSignalHandler(db) }
}

enum Signals {
    /// Installs the SIGINT handler for batch use: the shell keeps ``interruptTarget`` on its
    /// current connection and stops reading standard input after an interrupt.
    static func installBatchInterruptHandler(shell: Shell) {
        install(handleBatchSIGINT)
        shell.interruptRequested = { interruptRequested != 0 }
        shell.connectionDidChange = { interruptTarget = $0 }
    }

    /// Installs the SIGINT handler for the interactive session (the shell never dies of Ctrl-C).
    static func installInterruptHandler() { install(handleSIGINT) }

    /// Clears what the handlers touch, makes the interrupt hooks (WebAssembly calls are
    /// reached through them) and installs `handler`.
    private static func install(_ handler: @convention(c) (Int32) -> Void) {
        interruptTarget = nil
        interruptRequested = 0
        SQLiteLibrary.prepareInterruptHooks()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
    }
}
