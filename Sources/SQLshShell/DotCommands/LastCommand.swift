/// `.last`: the last result shown on the screen, whole (every row and column), through the
/// pager.
///
/// The screen shows the first and last rows of a big result; `.last` runs that query again
/// (rows are not kept while a result streams past, so a million-row result costs no memory)
/// and sends the whole table to the pager (`.pager`), or prints it when there is none. Only
/// a statement that reads is run again: one that changes the database is refused.
struct LastCommand: DotCommand {
    static let name = "last"
    static let usage = ".last"
    static let summary = "Show the last result whole (run again) through the pager"
    static let details = """
           The screen shows the first and last rows of a result taller than the
           terminal and leaves out middle columns that do not fit. .last runs the
           last query shown again and sends every row and column to the pager
           (see .pager), or prints them when there is no pager. Only a statement
           that reads is run again; the rows may differ if the data changed.
        """

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 1 else { throw ShellError("Usage: \(usage)") }
        guard let last = shell.lastResult else { throw ShellError("No result to show yet: .last shows the last query's result whole") }
        guard last.isReadOnly else {
            throw ShellError("The last statement changes the database: .last runs again only statements that read")
        }
        let note = "running again: " + oneLine(last.sql)
        shell.err.write(shell.settings.palette.paint(note, .dim) + "\n")
        var failure: ExecutionFailure?
        let pager = shell.settings.pagerCommand
        var shown = false
        if !pager.isEmpty && !shell.isSafeModeActive && shell.out === shell.standardOutput {
            shell.out.flush()
            shown = Pager.show(command: pager) { writer in failure = shell.showWhole(last, on: writer, width: 0) }
            if !shown { shell.err.write("Cannot run the pager \"\(pager)\"; printing instead (see .pager)\n") }
        }
        if !shown {
            let width = shell.out === shell.standardOutput ? shell.settings.terminalWidth : 0
            failure = shell.showWhole(last, on: shell.out, width: width)
        }
        if let failure {
            shell.writeError("Error: ", failure.message)
            return .failure
        }
        return .success
    }

    /// The SQL on one line, at most 60 characters.
    private static func oneLine(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return words.count > 60 ? String(words.prefix(59)) + "…" : words
    }
}
