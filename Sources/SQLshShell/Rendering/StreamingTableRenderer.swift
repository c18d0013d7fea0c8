import CSQLite
import SQLshCore

/// The two passes that show a whole result as a `pretty` table without keeping its rows
/// (`.last`): ``Measurer`` reads every row once to measure the columns, then, with the
/// statement reset, ``StreamingTableRenderer`` draws each row as it is read.
final class StreamingTableRenderer: ResultRenderer {
    /// The first pass: measures every row, keeps none.
    final class Measurer: ResultRenderer {
        private(set) var measure: ColumnMeasure
        private let nullText: String
        private let row = CapturedRow()
        private var columns: Int32 = 0

        init(names: [String], settings: ShellSettings) {
            measure = ColumnMeasure(count: names.count)
            nullText = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
            if settings.headers { measure.addHeaders(names.map { DisplayCell(text: $0, maxLines: 1) }) }
        }

        func begin(_ statement: Statement) { columns = Int32(statement.columnCount) }

        func row(_ statement: Statement) {
            row.capture(statement.handle, columns: columns)
            measure.add(row.values.map { DisplayCell($0, nullText: nullText) })
        }

        func end(_ statement: Statement) {}
    }

    private let names: [String]
    private let settings: ShellSettings
    private let measure: ColumnMeasure
    private let drawer: TableDrawer
    private let out: OutputWriter
    private let row = CapturedRow()
    private var columns: Int32 = 0
    private var rows = 0

    /// Draws with the widths `measure` found, fitted to `width` columns.
    init(names: [String], measure: ColumnMeasure, settings: ShellSettings, width: Int, out: OutputWriter) {
        self.names = names
        self.settings = settings
        self.measure = measure
        self.out = out
        drawer = TableDrawer(layout: measure.layout(width: width), colour: settings.colour, out: out)
    }

    func begin(_ statement: Statement) {
        columns = Int32(statement.columnCount)
        drawer.top(headers: settings.headers ? names.map { DisplayCell(text: $0, maxLines: 1) } : nil)
    }

    func row(_ statement: Statement) {
        guard !out.failed else { return }
        if measure.hasMultiLineRows && rows > 0 { drawer.rule() }
        row.capture(statement.handle, columns: columns)
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        drawer.row(row.values.map { DisplayCell($0, nullText: null) })
        rows += 1
    }

    func end(_ statement: Statement) {
        drawer.bottom()
        let hidden = drawer.layout.hidden(of: names.count)
        if !hidden.isEmpty {
            out.write(verbatim: "\(names.count) columns (\(drawer.layout.shown.count) shown) · not shown: "
                      + hidden.map { names[$0] }.joined(separator: ", ") + "\n")
        }
        out.flush()
    }
}
