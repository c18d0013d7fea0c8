/// Makes the renderer for the shell's current output mode.
enum RendererFactory {
    static func make(for shell: Shell) -> any ResultRenderer {
        switch shell.settings.mode {
        case .pretty: return InteractiveTableRenderer(settings: shell.settings, out: shell.out)
        case .list, .tabs, .explain: return ListRenderer(shell: shell)
        case .ascii: return AsciiRenderer(shell: shell)
        case .csv: return CsvRenderer(shell: shell)
        case .line: return LineRenderer(shell: shell)
        case .json: return JsonRenderer(shell: shell)
        case .html: return HtmlRenderer(shell: shell)
        case .tcl: return TclRenderer(shell: shell)
        case .quote: return QuoteRenderer(shell: shell)
        case .insert: return InsertRenderer(shell: shell)
        case .column: return ColumnRenderer(shell: shell)
        case .table: return TableRenderer(shell: shell)
        case .markdown: return MarkdownRenderer(shell: shell)
        case .box: return BoxRenderer(shell: shell)
        case .count: return CountRenderer(shell: shell)
        case .off: return OffRenderer()
        }
    }
}
