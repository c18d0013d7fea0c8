import SQLshCore

/// The vertical view of a query ended with `\G` (as in MySQL and pgcli): each row as a
/// record, one column per line, long values wrapped to the terminal width.
///
/// ```
/// ─[ row 1 ]─────────────
/// id    │ 1
/// name  │ ann
/// ```
///
/// Like the table, a result taller than the terminal shows its first and last records and a
/// footer with the row count; the rows are captured, not formatted, while the statement steps.
public final class RecordRenderer: ResultRenderer {
    /// Lines one value may take.
    static let maxLinesPerValue = 200

    private let settings: ShellSettings
    private let out: OutputWriter
    private let options: InteractiveTableRenderer.Options
    private let start = ResultFooter.now()
    private var names: [String] = []
    private var columns = 0
    private var sample = ResultSample(headCount: nil, tailCapacity: nil)
    private var shownWhenCut = 0
    private var streamed = 0
    private let current = CapturedRow()

    public init(settings: ShellSettings, out: OutputWriter, options: InteractiveTableRenderer.Options = .init()) {
        self.settings = settings
        self.out = out
        self.options = options
    }

    public func begin(_ statement: Statement) {
        columns = statement.columnCount
        names = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        if settings.terminalHeight > 0 {
            // Each record takes a title line and a line per column (at least).
            let fit = max((settings.terminalHeight - 3) / (names.count + 1), 1)
            shownWhenCut = max(fit - 1, 1)
            let head = (shownWhenCut + 1) / 2
            sample = ResultSample(headCount: head, tailCapacity: fit - head)
        }
    }

    public func row(_ statement: Statement) {
        if settings.terminalHeight > 0 {
            sample.add(statement, columns: columns)
        } else {
            // No screen to fit (`.last`, a file): each record as it comes, none kept.
            if streamed == 0 { options.beforeOutput?() }
            streamed += 1
            current.capture(statement, columns: columns)
            record(streamed, current, width: settings.terminalWidth > 0 ? settings.terminalWidth : Int.max)
        }
    }

    public func end(_ statement: Statement) {
        guard !names.isEmpty else { return }
        guard settings.terminalHeight > 0 else { out.flush(); return }
        let seconds = ResultFooter.now() - start
        options.beforeOutput?()
        let width = settings.terminalWidth > 0 ? settings.terminalWidth : Int.max
        if sample.isComplete {
            for (k, row) in sample.all.enumerated() { record(k + 1, row, width: width) }
            out.flush()
            return
        }
        for (k, row) in sample.head.enumerated() { record(k + 1, row, width: width) }
        let tail = sample.tail(shownWhenCut - sample.head.count)
        out.write("·\n")
        for (k, row) in tail.enumerated() { record(sample.total - tail.count + k + 1, row, width: width) }
        let footer = ResultFooter.lines(rows: sample.total, shownRows: sample.head.count + tail.count,
                                        columns: names.count, shownColumns: names.count, hidden: [],
                                        seconds: seconds, cpu: options.cpuTimes?(), hint: options.hint, width: width)
        ResultFooter.write(footer, colour: settings.colour, to: out)
        out.flush()
    }

    private func record(_ number: Int, _ row: CapturedRow, width: Int) {
        let nameCells = names.map { DisplayCell(text: $0, maxLines: 1) }
        let nameWidth = nameCells.map(\.width).max() ?? 0
        let title = "─[ row \(ResultFooter.count(number)) ]"
        out.write(verbatim: title)
        let ruleWidth = width == Int.max ? nameWidth + 20 : min(width, nameWidth + 40)
        out.write("─", times: max(ruleWidth - DisplayWidth.of(title), 3))
        out.write(byte: 10)
        let valueWidth = width == Int.max ? Int.max : max(width - nameWidth - 3, 10)
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        for (c, value) in row.values.enumerated() {
            let cell = DisplayCell(value, nullText: null, maxLines: Self.maxLinesPerValue, numbers: settings.numberFormat)
            var first = true
            for (line, lineWidth) in zip(cell.lines, cell.widths) {
                for (piece, _) in DisplayCell.wrap(line, lineWidth, width: valueWidth) {
                    if first {
                        if settings.colour { out.write(Style.bold.start) }
                        out.write(verbatim: nameCells[c].lines[0])
                        if settings.colour { out.write(Style.reset) }
                        out.writeSpaces(nameWidth - nameCells[c].widths[0])
                    } else {
                        out.writeSpaces(nameWidth)
                    }
                    first = false
                    out.write(" │ ")
                    if cell.isNull && settings.colour {
                        out.write(Style.dim.start); out.write(verbatim: piece); out.write(Style.reset)
                    } else {
                        out.write(verbatim: piece)
                    }
                    out.write(byte: 10)
                }
            }
        }
    }
}
