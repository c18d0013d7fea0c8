#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore
import SQLshShell

/// Runs the shell for a person at a terminal (or with `-interactive`): the banner, then
/// lines from ``makeInteractiveSource(shell:)`` until Ctrl-D or `.exit`. Returns the exit
/// status: 0, as errors were reported as they happened.
/// - Throws: ``ShellExit`` when the shell ends itself (`.exit N`).
func runInteractiveSession(shell: Shell, transientDatabase: Bool) throws -> Int32 {
    // The banner is for the person: on the terminal the prompt is drawn on. With standard
    // output piped (`sqlsh | tee log`) that is standard error; through the pipe it would race
    // the prompt (and end up in the log).
    let out = isatty(0) == 1 && isatty(1) != 1 && isatty(2) == 1 ? shell.err : shell.standardOutput
    // The stock shell's first line (`SQLite version 3.40.1 2022-12-28 14:03:47`, which
    // SQLite's own shell tests look for), then sqlsh's name and version.
    let sourceDate = String(SQLiteLibrary.sourceID.prefix(19))
    var banner = "SQLite version \(SQLiteLibrary.version) \(sourceDate) (sqlsh \(Shell.version))\n"
    banner += "Enter \".help\" for usage hints.\n"
    banner += catalogLine(shell)
    if transientDatabase {
        banner += "Connected to a transient in-memory database.\n"
        banner += "Use \".open FILENAME\" to reopen on a persistent database.\n"
    }
    out.write(banner)
    out.flush()
    // Errors were shown to the person as they happened; leaving with Ctrl-D (or `.exit`)
    // is a success. (`.exit N` throws ShellExit.)
    _ = try shell.process(makeInteractiveSource(shell: shell))
    return 0
}

/// The banner's line about the function catalog: `61 built-in functions: .functions`, and
/// what plugins added (`, 3 from plugins: .plugins`).
private func catalogLine(_ shell: Shell) -> String {
    let fromPlugins = shell.plugins.plugins.reduce(0) { $0 + $1.functions.count }
    let builtIn = max(0, shell.catalog.functions.count - fromPlugins)
    var line = "\(builtIn) built-in function\(builtIn == 1 ? "" : "s"): .functions"
    if fromPlugins > 0 { line += ", \(fromPlugins) from plugins: .plugins" }
    return line + "\n"
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
    if shell.settings.mode == .list {
        shell.settings.mode = .pretty
        // The table has a header row unless -noheader or .headers in ~/.sqlshrc said otherwise.
        if !shell.settings.headersSet { shell.settings.headers = true }
    }
    shell.settings.pagerCommand = Pager.defaultCommand()
    shell.settings.colour = Terminal.allowsColour
    if let (width, height) = Terminal.size(of: 1) {
        shell.settings.terminalWidth = width
        shell.settings.terminalHeight = height
    }
    shell.connectionDidChange = nil  // the interactive sources aim Ctrl-C at each input themselves
    Signals.installInterruptHandler()
    if isatty(0) == 1 {
        if isatty(1) == 1 { return EditLineSource(shell: shell, terminalFD: 1) }
        if isatty(2) == 1 { return EditLineSource(shell: shell, terminalFD: 2) }
    }
    return PromptingLineSource(shell: shell)
}
