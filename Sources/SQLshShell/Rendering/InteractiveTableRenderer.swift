import SQLshCore

/// `pretty` mode, the interactive default: a box table with headers that fits the terminal.
///
/// - Rows are kept, not printed, while the statement steps: all of them when the result fits
///   the screen, else the first and last few (see ``ResultSample``) while the rest are only
///   counted. Nothing is formatted until the last row, so a huge result costs little more
///   than stepping it.
/// - A result taller than ``ShellSettings/terminalHeight`` shows its first and last rows, a
///   `·` row between them, and a footer: `100,000 rows (16 shown) · 0.21 s`. With
///   ``Options/pagerCommand`` the whole result goes through the pager instead.
/// - Column widths are measured on the rows shown (see ``TableLayout``): numbers, short values
///   and header words are never cut; long text gives up room first (cut with `…`), then middle
///   columns are hidden behind a `…` column and named in the footer.
/// - Numbers are right-aligned; NULL shows as `NULL` (or `.nullvalue`), dimmed in colour;
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
    private var columns: Int32 = 0
    private var sample: ResultSample
    /// Rows that fit the screen with the table's borders and the prompt (nil: no limit).
    private let fitLimit: Int?
    /// Rows shown when the result does not fit: head and tail.
    private let shownWhenCut: Int

    public init(settings: ShellSettings, out: OutputWriter, options: Options = Options()) {
        self.settings = settings
        self.out = out
        self.options = options
        let limits = Self.rowLimits(terminalHeight: settings.terminalHeight)
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
    /// its 3 border lines, a header and the prompt), and how many are shown of a taller one
    /// (which adds a `·` row and a footer). nil for no limit.
    static func rowLimits(terminalHeight: Int) -> (fit: Int, shown: Int)? {
        guard terminalHeight > 0 else { return nil }
        let fit = max(terminalHeight - 5, 3)
        return (fit, max(fit - 3, 2))
    }

    public func begin(_ statement: Statement) {
        columns = Int32(statement.columnCount)
        names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
    }

    @inline(__always)
    public func row(_ statement: Statement) {
        sample.add(statement.handle, columns: columns)
    }

    public func end(_ statement: Statement) {
        guard !names.isEmpty else { return }
        let seconds = ResultFooter.now() - start
        options.beforeOutput?()
        if let pager = options.pagerCommand, let fitLimit, sample.total > fitLimit {
            let rows = sample.all.map(cells)
            let shown = Pager.show(command: pager) { writer in
                Self.renderTable(names: names, rows: rows, gapBefore: nil, settings: settings, width: Int.max, to: writer)
            }
            if shown {
                footer([ResultFooter.count(sample.total) + " rows · " + ResultFooter.duration(seconds)])
                out.flush()
                return
            }
        }
        var rows: [[DisplayCell]]
        var gap: Int? = nil
        if sample.isComplete {
            rows = sample.all.map(cells)
        } else {
            rows = sample.head.map(cells)
            gap = rows.count
            rows += sample.tail(shownWhenCut - sample.head.count).map(cells)
        }
        let width = settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        let layout = Self.renderTable(names: names, rows: rows, gapBefore: gap, settings: settings, width: width, to: out)
        let hidden = layout.hidden(of: names.count)
        if gap != nil || !hidden.isEmpty {
            footer(ResultFooter.lines(rows: sample.total, shownRows: rows.count, columns: names.count,
                                      shownColumns: layout.shown.count, hidden: hidden.map { names[$0] },
                                      seconds: seconds, hint: options.hint))
        }
        out.flush()
    }

    private func cells(_ row: CapturedRow) -> [DisplayCell] {
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        return row.values.map { DisplayCell($0, nullText: null) }
    }

    private func footer(_ lines: [String]) {
        for line in lines {
            if settings.colour { out.write("\u{1B}[2m") }
            out.write(verbatim: line)
            if settings.colour { out.write("\u{1B}[0m") }
            out.write(byte: 10)
        }
    }

    // MARK: Layout

    /// Draws a table of `rows` (a `·` row before row `gapBefore`, when set; a rule before the
    /// rows in `rulesBefore`) at most `width` columns wide; returns the layout used.
    @discardableResult
    static func renderTable(names: [String], rows: [[DisplayCell]], gapBefore: Int?, rulesBefore: Set<Int> = [],
                            settings: ShellSettings, width: Int, to out: OutputWriter) -> TableLayout {
        let headers = settings.headers ? names.map { DisplayCell(text: $0, maxLines: 1) } : []
        let layout = self.layout(headers: headers, rows: rows, count: names.count, width: width)
        let drawer = TableDrawer(layout: layout, colour: settings.colour, out: out)
        let separated = rows.contains { row in layout.shown.contains { row[$0].lines.count > 1 } }
        drawer.border("┌", "┬", "┐")
        if settings.headers {
            drawer.header(headers)
            drawer.border("├", "┼", "┤")
        }
        for (k, row) in rows.enumerated() {
            if out.failed { break }
            if k == gapBefore {
                if separated && k > 0 { drawer.border("├", "┼", "┤") }
                drawer.ellipsisRow()
            }
            if (separated && k > 0) || rulesBefore.contains(k) { drawer.border("├", "┼", "┤") }
            drawer.row(row)
        }
        drawer.border("└", "┴", "┘")
        return layout
    }

    /// The column widths for these headers and rows in `width` terminal columns.
    static func layout(headers: [DisplayCell], rows: [[DisplayCell]], count: Int, width: Int) -> TableLayout {
        var natural = [Int](repeating: 1, count: count)
        var minimum = [Int](repeating: 1, count: count)
        for (c, header) in headers.enumerated() {
            natural[c] = max(natural[c], header.width)
            minimum[c] = max(minimum[c], DisplayCell.longestWord(header.lines.first ?? ""))
        }
        var hasLongText = [Bool](repeating: false, count: count)
        for row in rows {
            for c in 0..<min(count, row.count) {
                let cell = row[c]
                let w = cell.width
                if w > natural[c] { natural[c] = w }
                if cell.isNumber || cell.isNull || w <= shortText {
                    if w > minimum[c] { minimum[c] = w }
                } else {
                    hasLongText[c] = true
                }
            }
        }
        for c in 0..<count where hasLongText[c] {
            minimum[c] = max(minimum[c], min(natural[c], minimumTextWidth))
        }
        return TableLayout.fit(natural: natural, minimum: minimum, available: width)
    }
}

/// Draws the lines of one `pretty` table with a given layout.
private struct TableDrawer {
    let layout: TableLayout
    let colour: Bool
    let out: OutputWriter

    /// The shown columns in drawing order, nil standing for the `…` column.
    let slots: [Int?]
    /// The width of each slot.
    let slotWidths: [Int]

    init(layout: TableLayout, colour: Bool, out: OutputWriter) {
        self.layout = layout
        self.colour = colour
        self.out = out
        var slots: [Int?] = layout.shown.map { $0 }
        var widths = layout.widths
        if let gap = layout.gapPosition {
            slots.insert(nil, at: gap)
            widths.insert(TableLayout.gapWidth, at: gap)
        }
        self.slots = slots
        slotWidths = widths
    }

    func border(_ left: StaticString, _ middle: StaticString, _ right: StaticString) {
        out.write(left)
        for k in slots.indices {
            if k > 0 { out.write(middle) }
            out.write("─", times: slotWidths[k] + 2)
        }
        out.write(right)
        out.write(byte: 10)
    }

    /// The header: names centred, wrapped at spaces (never inside a word), bold in colour.
    func header(_ names: [DisplayCell]) {
        let lines: [[(String, Int)]] = slots.indices.map { s in
            guard let c = slots[s] else { return [("…", 1)] }
            return DisplayCell.wordWrap(names[c].lines.first ?? "", width: slotWidths[s])
        }
        let height = lines.map(\.count).max() ?? 1
        for k in 0..<height {
            out.write("│")
            for s in slots.indices {
                let (text, w) = k < lines[s].count ? lines[s][k] : ("", 0)
                let space = slotWidths[s] - w
                out.writeSpaces(1 + space / 2)
                if colour { out.write("\u{1B}[1m") }
                out.write(verbatim: text)
                if colour { out.write("\u{1B}[0m") }
                out.writeSpaces(space - space / 2 + 1)
                out.write("│")
            }
            out.write(byte: 10)
        }
    }

    /// One row: numbers right-aligned, text cut with `…` to its column.
    func row(_ cells: [DisplayCell]) {
        var height = 1
        for slot in slots { if let c = slot { height = max(height, cells[c].lines.count) } }
        for k in 0..<height {
            out.write("│")
            for s in slots.indices {
                let w = slotWidths[s]
                guard let c = slots[s] else {
                    out.write(k == 0 ? " … │" : "   │")
                    continue
                }
                let cell = cells[c]
                out.write(byte: 32)
                guard k < cell.lines.count else {
                    out.writeSpaces(w)
                    out.write(" │")
                    continue
                }
                let (text, textWidth) = DisplayCell.cut(cell.lines[k], cell.widths[k], to: w)
                if cell.isNumber { out.writeSpaces(w - textWidth) }
                if cell.isNull && colour && !text.isEmpty {
                    out.write("\u{1B}[2m"); out.write(verbatim: text); out.write("\u{1B}[0m")
                } else {
                    out.write(verbatim: text)
                }
                if !cell.isNumber { out.writeSpaces(w - textWidth) }
                out.write(" │")
            }
            out.write(byte: 10)
        }
    }

    /// The row standing for the rows not shown: a `·` in the middle of each column.
    func ellipsisRow() {
        out.write("│")
        for w in slotWidths {
            out.writeSpaces(1 + (w - 1) / 2)
            out.write("·")
            out.writeSpaces(w - 1 - (w - 1) / 2 + 1)
            out.write("│")
        }
        out.write(byte: 10)
    }
}
