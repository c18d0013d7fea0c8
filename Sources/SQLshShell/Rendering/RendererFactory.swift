import SQLshCore

/// Makes the renderer for the shell's current output mode.
enum RendererFactory {
    /// The renderer for `statement` (prepared, not yet stepped: its columns are known).
    static func make(for shell: Shell, statement: Statement) -> any ResultRenderer {
        switch shell.settings.mode {
        case .pretty: return InteractiveTableRenderer(settings: shell.settings, out: shell.out)
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
}
