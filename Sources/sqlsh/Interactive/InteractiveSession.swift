import Glibc
import CSQLite
import SQLshShell

/// Runs the shell for a person at a terminal (or with `-interactive`): the banner, then
/// lines from ``makeInteractiveSource(shell:)`` until Ctrl-D or `.exit`. Returns the exit
/// status: 0, as errors were reported as they happened.
func runInteractiveSession(shell: Shell, transientDatabase: Bool) -> Int32 {
    // The banner is for the person: on the terminal the prompt is drawn on. With standard
    // output piped (`sqlsh | tee log`) that is standard error; through the pipe it would race
    // the prompt (and end up in the log).
    let out = isatty(0) == 1 && isatty(1) != 1 && isatty(2) == 1 ? shell.err : shell.standardOutput
    var banner = "sqlsh \(Shell.version) (SQLite \(String(cString: sqlite3_libversion())))\n"
    banner += "Enter \".help\" for usage hints.\n"
    if transientDatabase {
        banner += "Connected to a transient in-memory database.\n"
        banner += "Use \".open FILENAME\" to reopen on a persistent database.\n"
    }
    out.write(banner)
    out.flush()
    // Errors were shown to the person as they happened; leaving with Ctrl-D (or `.exit`)
    // is a success. (`.exit N` ends the process itself.)
    _ = shell.process(makeInteractiveSource(shell: shell))
    return 0
}

/// The line source for a person typing.
///
/// Sets the session up first: the locale for multibyte input, the default output switched to
/// `pretty` (a box fitted to the terminal; another mode chosen by an option or `~/.sqlshrc`
/// is kept), colour where allowed, the terminal width, and the Ctrl-C handler. Returns a
/// libedit source when standard input is a terminal (drawing on standard error when standard
/// output is piped: `sqlsh | tee log`), else (`-interactive` with piped input, or no terminal
/// to draw on) a plain source that prints prompts, without history.
func makeInteractiveSource(shell: Shell) -> LineSource {
    Terminal.setUpLocale()
    if shell.settings.mode == .list { shell.settings.mode = .pretty }
    shell.settings.colour = Terminal.allowsColour
    if let width = Terminal.width(of: 1) { shell.settings.terminalWidth = width }
    shell.connectionDidChange = nil  // the interactive sources aim Ctrl-C at each input themselves
    Signals.installInterruptHandler()
    if isatty(0) == 1 {
        if isatty(1) == 1 { return EditLineSource(shell: shell, terminalFD: 1) }
        if isatty(2) == 1 { return EditLineSource(shell: shell, terminalFD: 2) }
    }
    return PromptingLineSource(shell: shell)
}
