import CSQLite
import SQLshCore

/// Makes the renderer for the shell's current output mode.
enum RendererFactory {
    /// The renderer for `statement` (prepared, not yet stepped: its columns are known).
    static func make(for shell: Shell, statement: Statement) -> any ResultRenderer {
        if shell.verticalResult { return prettyRenderer(for: shell, statement: statement, vertical: true) }
        switch shell.settings.mode {
        case .pretty: return prettyRenderer(for: shell, statement: statement, vertical: false)
        case .list, .tabs, .explain: return ListRenderer(shell: shell, statement: statement)
        case .ascii: return AsciiRenderer(shell: shell, statement: statement)
        case .csv: return CsvRenderer(shell: shell, statement: statement)
        case .line: return LineRenderer(shell: shell, statement: statement)
        case .json: return JsonRenderer(shell: shell, statement: statement)
        case .html: return HtmlRenderer(shell: shell, statement: statement)
        case .tcl: return TclRenderer(shell: shell, statement: statement)
        case .quote: return QuoteRenderer(shell: shell, statement: statement)
        case .insert: return InsertRenderer(shell: shell, statement: statement)
        case .column: return ColumnRenderer(shell: shell, statement: statement)
        case .table: return TableRenderer(shell: shell, statement: statement)
        case .markdown: return MarkdownRenderer(shell: shell, statement: statement)
        case .box: return BoxRenderer(shell: shell, statement: statement)
        case .count: return CountRenderer(shell: shell)
        case .off: return OffRenderer()
        }
    }

    /// The screen's renderers: the `pretty` table, or the vertical records of `\G`. They are
    /// fitted to the terminal only when writing to it (a `.output` file gets every row and
    /// column); the statement is kept for `.last`.
    private static func prettyRenderer(for shell: Shell, statement: Statement, vertical: Bool) -> any ResultRenderer {
        var settings = shell.settings
        var options = InteractiveTableRenderer.Options(beforeOutput: shell.willPrintRows)
        if shell.out !== shell.standardOutput {
            settings.terminalWidth = 0
            settings.terminalHeight = 0
        } else if settings.pagerEnabled && !settings.pagerCommand.isEmpty && !shell.isSafeModeActive {
            options.pagerCommand = settings.pagerCommand
        }
        shell.lastResult = LastResult(sql: statement.sql, vertical: vertical,
                                      isReadOnly: sqlite3_stmt_readonly(statement.handle) != 0)
        if vertical { return RecordRenderer(settings: settings, out: shell.out, options: options) }
        return InteractiveTableRenderer(settings: settings, out: shell.out, options: options)
    }
}
