import SQLshCore

/// `pretty` mode, the interactive default: a box table with headers that fits the terminal.
///
/// - Rows are kept, not printed, while the statement steps: all of them when the result fits
///   the screen, else the first and last few (see ``ResultSample``) while the rest are only
///   counted. Nothing is formatted until the last row, so a huge result costs little more
///   than stepping it.
/// - On the screen a footer follows every result: `3 rows · 0.01 s`. A result taller than
///   ``ShellSettings/terminalHeight`` shows its first and last rows, a `·` row between them,
///   and says so: `100,000 rows (16 shown) · 0.21 s · .last shows it all`. With
///   ``Options/pagerCommand`` the whole result goes through the pager instead.
/// - Column widths are measured on the rows shown (see ``TableLayout``): numbers, short values
///   and header words are never cut; long text gives up room first (cut with `…`), then middle
///   columns are hidden behind a `…` column and named in the footer.
/// - Numbers are right-aligned with their decimal points lined up (``DecimalAlignment``); NULL shows as `NULL` (or `.nullvalue`), dimmed in colour;
///   headers are bold in colour (and hidden with `.headers off`); control characters show as
///   `^X`; blobs as `X'…'`.
public final class InteractiveTableRenderer: ResultRenderer {
    /// What the shell adds to a renderer.
    public struct Options {
        /// When set, a result taller than the terminal goes whole through this pager command.
        public var pagerCommand: String?
        /// Called once, just before anything is written (the interactive front end erases its
        /// elapsed-time indicator there).
        public var beforeOutput: (() -> Void)?
        /// A hint added to the footer of a result not shown whole.
        public var hint = ".last shows it all"
        /// Whether a big result may be counted and finished by extra statements in SQLite
        /// (``BigResultShortcut``); off while `.trace` shows every statement that runs and
        /// `.auth on` every authorization, so that they show only what the user typed.
        public var countsInSQLite = true
        /// Whether a row of column types goes under the headers (`.types on`, at the prompt).
        public var showsTypes = false
        /// Whether a result of one big number gets its readable size under it (`2.10 trillion`).
        public var showsReadableSize = false
        /// `.maxrows N`: a result of more than N rows shows N of them (head and tail, as
        /// DuckDB does), under the terminal's own limit.
        public var maximumRows: Int?
        /// `.timer on` at the prompt: the CPU times the footer adds after the duration.
        public var cpuTimes: (() -> String?)?

        public init(pagerCommand: String? = nil, beforeOutput: (() -> Void)? = nil) {
            self.pagerCommand = pagerCommand
            self.beforeOutput = beforeOutput
        }
    }

    /// Text values at most this wide are never cut (dates, names, codes).
    public static let shortText = 20
    /// Columns of long text are not narrowed below this (unless the terminal is narrower).
    public static let minimumTextWidth = 8

    private let settings: ShellSettings
    private let out: OutputWriter
    private let options: Options
    private let start = ResultFooter.now()
    private var names: [String] = []
    private var columns = 0
    /// The declared types, when the type row is shown.
    private var declaredTypes: ColumnTypes?
    private var sample: ResultSample
    /// Rows that fit the screen with the table's borders and the prompt (nil: no limit).
    private let fitLimit: Int?
    /// Rows shown when the result does not fit: head and tail.
    private let shownWhenCut: Int

    public init(settings: ShellSettings, out: OutputWriter, options: Options = Options()) {
        self.settings = settings
        self.out = out
        self.options = options
        // The type row takes a line of the screen.
        let typeLine = options.showsTypes && settings.headers && settings.terminalHeight > 1 ? 1 : 0
        let limits = Self.rowLimits(terminalHeight: settings.terminalHeight - typeLine, maximumRows: options.maximumRows)
        fitLimit = limits?.fit
        shownWhenCut = limits?.shown ?? 0
        if let limits, options.pagerCommand == nil {
            let head = (limits.shown + 1) / 2
            sample = ResultSample(headCount: head, tailCapacity: limits.fit - head)
        } else {
            sample = ResultSample(headCount: nil, tailCapacity: nil)
        }
    }

    /// For a terminal `terminalHeight` lines tall: how many rows a whole table may have (with
    /// its 3 border lines, a header, the footer and the prompt), and how many are shown of a
    /// taller one (which adds a `·` row, and keeps a line spare for a footer of two).
    /// nil for no limit.
    /// `maximumRows` (`.maxrows N`) caps both: N rows show whole, more show N.
    static func rowLimits(terminalHeight: Int, maximumRows: Int? = nil) -> (fit: Int, shown: Int)? {
        let screen = terminalHeight > 0 ? (fit: max(terminalHeight - 6, 3), shown: max(terminalHeight - 8, 2)) : nil
        guard let rows = maximumRows.map({ max($0, 2) }) else { return screen }
        guard let screen else { return (rows, rows) }
        return (min(screen.fit, rows), min(screen.shown, rows))
    }

    public func begin(_ statement: Statement) {
        columns = statement.columnCount
        names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        if options.showsTypes && settings.headers { declaredTypes = ColumnTypes(statement) }
    }

    public func row(_ statement: Statement) {
        sample.add(statement, columns: columns)
        if sample.total == fitLimit.map({ $0 + 1 }) && options.pagerCommand == nil && options.countsInSQLite {
            finishWithoutStepping(statement)
        }
    }

    /// False once the whole result is known without stepping further (see ``BigResultShortcut``).
    public private(set) var wantsMoreRows = true

    /// The result does not fit: count it and fetch its last rows in SQLite when that gives
    /// the same answer as stepping (see ``BigResultShortcut``).
    private func finishWithoutStepping(_ statement: Statement) {
        let tailCount = sample.tailCapacity
        guard let rest = BigResultShortcut.countAndTail(of: statement, tailCount: tailCount, rowsSeen: sample.total)
        else { return }
        sample.finish(total: rest.total, tail: rest.tail)
        wantsMoreRows = false
    }

    public func end(_ statement: Statement) {
        guard !names.isEmpty else { return }
        let seconds = ResultFooter.now() - start
        options.beforeOutput?()
        if let pager = options.pagerCommand, let fitLimit, sample.total > fitLimit {
            let rows = sample.all
            let shown = Pager.show(command: pager) { writer in
                Self.renderWhole(names: names, rows: rows, types: declaredTypes, settings: settings, width: Int.max,
                                 to: writer)
            }
            if shown {
                footer(ResultFooter.lines(rows: sample.total, shownRows: sample.total, columns: 1, shownColumns: 1,
                                          hidden: [], seconds: seconds, cpu: options.cpuTimes?(), hint: ""))
                out.flush()
                return
            }
        }
        let width = settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        let layout: TableLayout
        var shownRows = sample.total
        var gap: Int? = nil
        if fitLimit == nil || options.pagerCommand != nil {
            // No screen height to fit (a file, `.last`, the pager): every row.
            layout = Self.renderWhole(names: names, rows: sample.all, types: declaredTypes, settings: settings,
                                      width: width, to: out)
        } else {
            var captured: [CapturedRow]
            if sample.isComplete {
                captured = sample.all
            } else {
                captured = sample.head
                gap = captured.count
                captured += sample.tail(shownWhenCut - sample.head.count)
            }
            var types = declaredTypes
            if types != nil { for row in captured { types?.add(row) } }
            var rows = captured.map(cells)
            if options.showsReadableSize && sample.total == 1 && columns == 1 && rows.count == 1,
               let size = captured[0].values.first.flatMap(Self.readableSize) {
                rows[0][0].lines.append(size)
                rows[0][0].widths.append(DisplayWidth.of(size))
                rows[0][0].dimFrom = 1
            }
            shownRows = rows.count
            layout = Self.renderTable(names: names, rows: rows, gapBefore: gap, types: types?.names, settings: settings,
                                      width: width, to: out)
        }
        let hidden = layout.hidden(of: names.count)
        // On the screen every result gets its footer (`3 rows · 0.01 s`), as in DuckDB; the
        // hint to see the rest only when something is not shown.
        if fitLimit != nil || gap != nil || !hidden.isEmpty {
            let cut = gap != nil || !hidden.isEmpty
            footer(ResultFooter.lines(rows: sample.total, shownRows: shownRows, columns: names.count,
                                      shownColumns: layout.shown.count, hidden: hidden.map { names[$0] },
                                      seconds: seconds, cpu: options.cpuTimes?(), hint: cut ? options.hint : "",
                                      width: width))
        }
        out.flush()
    }

    /// A result without rows, on the screen: its headers (and type row) over the footer,
    /// `0 rows · 0.05 s`, so that the columns it would have are known. `begin` is called here.
    public func endEmpty(_ statement: Statement) {
        begin(statement)
        let seconds = ResultFooter.now() - start
        options.beforeOutput?()
        let width = settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        var shownColumns = names.count
        var hidden: [String] = []
        if settings.headers && !names.isEmpty {
            var measure = ColumnMeasure(count: names.count)
            let headers = names.map { DisplayCell(text: $0, maxLines: 1) }
            let types = declaredTypes?.names
            measure.addHeaders(headers)
            if let types { measure.addTypes(types) }
            let layout = measure.layout(width: width)
            let drawer = TableDrawer(layout: layout, colour: settings.colour, out: out)
            drawer.top(headers: headers, types: types, ruled: false)
            drawer.bottom()
            shownColumns = layout.shown.count
            hidden = layout.hidden(of: names.count).map { names[$0] }
        }
        footer(ResultFooter.lines(rows: 0, shownRows: 0, columns: names.count, shownColumns: shownColumns,
                                  hidden: hidden, seconds: seconds, cpu: options.cpuTimes?(), hint: "", width: width))
        out.flush()
    }

    private func cells(_ row: CapturedRow) -> [DisplayCell] {
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        return row.values.map { DisplayCell($0, nullText: null, numbers: settings.numberFormat) }
    }

    /// The note under a result that is one big number: `(2.10 trillion)`; nil for others.
    static func readableSize(_ value: CapturedRow.Value) -> String? {
        switch value {
        case .integer(let v): return NumberFormat.readable(v).map { "(\($0))" }
        case .real(let v): return NumberFormat.readable(v).map { "(\($0))" }
        default: return nil
        }
    }

    private func footer(_ lines: [String]) {
        ResultFooter.write(lines, colour: settings.colour, to: out)
    }

    // MARK: Layout

    /// Draws a table of `rows` (a `·` row before row `gapBefore`, when set; a rule before the
    /// rows in `rulesBefore`) at most `width` columns wide; returns the layout used.
    @discardableResult
    static func renderTable(names: [String], rows: [[DisplayCell]], gapBefore: Int?, rulesBefore: Set<Int> = [],
                            types: [String]? = nil, settings: ShellSettings, width: Int,
                            to out: OutputWriter) -> TableLayout {
        var measure = ColumnMeasure(count: names.count)
        let headers = settings.headers ? names.map { DisplayCell(text: $0, maxLines: 1) } : nil
        let types = headers == nil ? nil : types
        if let headers { measure.addHeaders(headers) }
        if let types { measure.addTypes(types) }
        var alignment = DecimalAlignment(columns: names.count, numbers: settings.numberFormat)
        for row in rows { alignment.add(row) }
        let rows = rows.map(alignment.apply)
        for row in rows { measure.add(row) }
        let layout = measure.layout(width: width)
        let drawer = TableDrawer(layout: layout, colour: settings.colour, out: out)
        drawer.top(headers: headers, types: types)
        for (k, row) in rows.enumerated() {
            if out.failed { break }
            if k == gapBefore {
                if measure.hasMultiLineRows && k > 0 { drawer.rule() }
                drawer.ellipsisRow()
            }
            if (measure.hasMultiLineRows && k > 0) || rulesBefore.contains(k) { drawer.rule() }
            drawer.row(row)
        }
        drawer.bottom()
        return layout
    }

    /// Draws every row of a whole result kept in `sample` without turning them all into cells
    /// at once: one pass measures the columns, a second draws the rows one by one. With
    /// `types` (the declared ones), a row of types goes under the headers.
    @discardableResult
    static func renderWhole(names: [String], rows: [CapturedRow], types: ColumnTypes? = nil, settings: ShellSettings,
                            width: Int, to out: OutputWriter) -> TableLayout {
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        var measure = ColumnMeasure(count: names.count)
        let headers = settings.headers ? names.map { DisplayCell(text: $0, maxLines: 1) } : nil
        var types = headers == nil ? nil : types
        if let headers { measure.addHeaders(headers) }
        var alignment = DecimalAlignment(columns: names.count, numbers: settings.numberFormat)
        for row in rows {
            alignment.add(row.values.map { DisplayCell($0, nullText: null, numbers: settings.numberFormat) })
        }
        for row in rows {
            measure.add(alignment.apply(row.values.map { DisplayCell($0, nullText: null, numbers: settings.numberFormat) }))
            types?.add(row)
        }
        if let types { measure.addTypes(types.names) }
        let layout = measure.layout(width: width)
        let drawer = TableDrawer(layout: layout, colour: settings.colour, out: out)
        drawer.top(headers: headers, types: types?.names)
        for (k, row) in rows.enumerated() {
            if out.failed { break }
            if measure.hasMultiLineRows && k > 0 { drawer.rule() }
            drawer.row(alignment.apply(row.values.map { DisplayCell($0, nullText: null, numbers: settings.numberFormat) }))
        }
        drawer.bottom()
        return layout
    }
}
