#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(RawSQLite) import SQLshCore
import SQLshShell

/// Runs the shell for a person at a terminal (or with `-interactive`): the banner, then
/// lines from ``makeInteractiveSource(shell:)`` until Ctrl-D or `.exit`. Returns 0, as errors
/// were reported as they happened. Throws ``ShellExit`` when the shell ends itself (`.exit N`).
func runInteractiveSession(shell: Shell, transientDatabase: Bool) throws -> Int32 {
    // The banner is for the person: on the terminal the prompt is drawn on (standard error
    // when standard output is piped: `sqlsh | tee log`).
    let out = isatty(0) == 1 && isatty(1) != 1 && isatty(2) == 1 ? shell.err : shell.standardOutput
    out.write(SessionBanner.text(shell: shell, transientDatabase: transientDatabase))
    out.flush()
    _ = try shell.process(makeInteractiveSource(shell: shell))
    return 0
}

/// The line source for a person typing, after setting the session up: the locale for
/// multibyte input, `pretty` output (unless an option or `~/.sqlshrc` chose a mode), colour
/// where allowed, the terminal's size, the Ctrl-C handler. A libedit source when standard
/// input is a terminal (drawing on standard error when standard output is piped), else a
/// plain source that prints prompts.
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
    shell.interruptRequested = { interruptRequested != 0 }
    return PromptingLineSource(shell: shell, willRun: { [unowned shell] in
        interruptRequested = 0
        interruptTarget = shell.connection.handle
    }, didRun: { interruptTarget = nil })
}
