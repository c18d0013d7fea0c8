import Glibc
import CSQLite
import SQLshShell

/// The executable's seam for interactive use. Call it when standard input is a terminal (or
/// `-interactive` is given) and pass the result to `shell.process(_:)`.
///
/// It switches the default output to `pretty` (a box fitted to the terminal; an explicit mode
/// from an option or `~/.sqlshrc` other than `list` is kept), turns colour on where allowed,
/// installs the Ctrl-C handler, prints the banner when `banner` is true, and returns a libedit
/// source (or, when standard input is not a terminal, a plain source that prints prompts).
func makeInteractiveSource(shell: Shell, banner: Bool = true, version: String = sqlshInteractiveVersion) -> LineSource {
    Terminal.setUpLocale()
    if shell.settings.mode == .list { shell.settings.mode = .pretty }
    shell.settings.colour = Terminal.allowsColour
    if let width = Terminal.width(of: 1) { shell.settings.terminalWidth = width }
    Signals.installInterruptHandler()
    if banner {
        let library = String(cString: sqlite3_libversion())
        var text = "sqlsh \(version) (SQLite \(library))\nEnter \".help\" for usage hints.\n"
        if shell.connection.path == ":memory:" || shell.connection.path.isEmpty {
            text += "Connected to a transient in-memory database.\nUse \".open FILENAME\" to reopen on a persistent database.\n"
        }
        shell.out.write(text)
        shell.out.flush()
    }
    if isatty(0) == 1 {
        return EditLineSource(shell: shell)
    }
    return PromptingLineSource(shell: shell)
}

/// The version shown in the banner when the caller gives none.
let sqlshInteractiveVersion = "0.1.0"
