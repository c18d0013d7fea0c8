import SQLshCore

/// Makes the renderer for the shell's current output mode: the one its
/// ``OutputModeDefinition`` names, or the vertical records of `\G`.
enum RendererFactory {
    /// The renderer for `statement` (prepared, not yet stepped: its columns are known).
    static func make(for shell: Shell, statement: Statement) -> any ResultRenderer {
        if shell.verticalResult { return prettyRenderer(for: shell, statement: statement, vertical: true) }
        // The screen's mode is for the screen: a file or pipe (`.output`, `.once`) gets the
        // bytes sqlite3's default mode writes, with no colour and no fitting.
        if shell.settings.mode == .pretty && shell.out !== shell.standardOutput {
            return OutputMode.list.definition.makeRenderer(shell, statement)
        }
        return shell.settings.mode.definition.makeRenderer(shell, statement)
    }

    /// The screen's renderers: the `pretty` table, or the vertical records of `\G`. They are
    /// fitted to the terminal and coloured only when writing to it (a `.output` file gets every
    /// record, plain); the statement is kept for `.last`.
    static func prettyRenderer(for shell: Shell, statement: Statement, vertical: Bool) -> any ResultRenderer {
        var settings = shell.settings
        var options = InteractiveTableRenderer.Options(beforeOutput: shell.willPrintRows)
        // Extra statements would show under `.trace` and `.auth on`: step instead.
        options.countsInSQLite = shell.trace.output == nil && !shell.printsAuthorizerCallbacks
        if shell.out !== shell.standardOutput {
            settings.terminalWidth = 0
            settings.terminalHeight = 0
            settings.colour = false
            settings.numberFormat = nil
        } else {
            // `.maxrows N` shows N rows at most (the table's head and tail; for `\G`'s
            // records the table, footer and prompt take 6 lines more); `.maxwidth N` fits
            // the table to N columns.
            options.showsTypes = settings.columnTypes && shell.isInteractive
            options.showsReadableSize = shell.isInteractive
            if shell.footerTimer != nil {
                options.cpuTimes = { [weak shell] in shell?.footerCPUTimes() }
            }
            if let rows = settings.maximumRows, !vertical {
                options.maximumRows = rows
            } else if let rows = settings.maximumRows {
                let height = rows + 6 + (options.showsTypes && settings.headers ? 1 : 0)
                settings.terminalHeight = settings.terminalHeight > 0 ? min(settings.terminalHeight, height) : height
            }
            if let width = settings.maximumWidth {
                settings.terminalWidth = settings.terminalWidth > 0 ? min(settings.terminalWidth, width) : width
            }
            if settings.pagerEnabled && !settings.pagerCommand.isEmpty && !shell.isSafeModeActive {
                options.pagerCommand = settings.pagerCommand
            }
        }
        shell.lastResult = LastResult(sql: statement.sql, vertical: vertical, isReadOnly: statement.isReadOnly)
        if vertical { return RecordRenderer(settings: settings, out: shell.out, options: options) }
        return InteractiveTableRenderer(settings: settings, out: shell.out, options: options)
    }
}
