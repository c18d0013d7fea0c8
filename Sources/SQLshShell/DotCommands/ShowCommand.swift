/// `.show`: the current settings, laid out as sqlite3 3.40.1 does.
struct ShowCommand: DotCommand {
    static let name = "show"
    static let usage = ".show"
    static let summary = "Show the current values for various settings"

    static func run(_ arguments: [String], shell: Shell) throws -> CommandOutcome {
        guard arguments.count == 1 else { throw ShellError("Usage: .show") }
        let s = shell.settings
        let out = shell.out
        func line(_ label: String, _ value: String) {
            out.write(String(repeating: " ", count: max(0, 12 - label.utf8.count)) + label + ": " + value + "\n")
        }
        func quoted(_ label: String, _ value: String) {
            out.write(String(repeating: " ", count: max(0, 12 - label.utf8.count)) + label + ": ")
            CellText.bytes(value).withUnsafeBufferPointer { CellEscapes.writeC($0, to: out) }
            out.write("\n")
        }
        line("echo", s.echo ? "on" : "off")
        line("eqp", ["off", "on", "trigger", "full"][shell.autoEQP & 3])
        line("explain", s.mode == .explain ? "on" : shell.autoExplain ? "auto" : "off")
        line("headers", s.headers ? "on" : "off")
        if s.mode.isColumnar {
            line("mode", s.mode.displayName + " " + s.columnarOptions)
        } else {
            line("mode", s.mode.displayName)
        }
        quoted("nullvalue", s.nullValue)
        line("output", s.outputFile.isEmpty ? "stdout" : s.outputFile)
        quoted("colseparator", s.columnSeparator)
        quoted("rowseparator", s.rowSeparator)
        line("stats", shell.statsEnabled ? "on" : "off")
        line("width", s.columnWidths.map { "\($0) " }.joined())
        line("filename", shell.databasePath)
        // The screen's own settings, at the prompt only (scripts get sqlite3's lines).
        if shell.isInteractive {
            line("types", s.columnTypes ? "on" : "off")
            line("numformat", s.numberFormat?.name ?? "off")
        }
        return .success
    }
}
