import SQLshCatalog
import SQLshCore

/// The two passes that show a whole result as a `pretty` table without keeping its rows
/// (`.last`): ``Measurer`` reads every row once to measure the columns, then, with the
/// statement reset, ``StreamingTableRenderer`` draws each row as it is read.
final class StreamingTableRenderer: ResultRenderer {
    /// The first pass: measures every row, keeps none.
    final class Measurer: ResultRenderer {
        private(set) var measure: ColumnMeasure
        private let nullWidth: Int
        private var columns = 0
        private let showsTypes: Bool
        private let numbers: NumberFormat?
        /// The column types, gathered from every row, when `showsTypes` (and headers are on).
        private(set) var types: ColumnTypes?
        /// The widest fraction of each column's numbers, to line up their decimal points.
        private(set) var alignment: DecimalAlignment

        init(names: [String], settings: ShellSettings, showsTypes: Bool = false) {
            self.showsTypes = showsTypes && settings.headers
            numbers = settings.numberFormat
            measure = ColumnMeasure(count: names.count)
            alignment = DecimalAlignment(columns: names.count, numbers: settings.numberFormat)
            nullWidth = DisplayCell(text: settings.nullValue.isEmpty ? "NULL" : settings.nullValue).width
            if settings.headers { measure.addHeaders(names.map { DisplayCell(text: $0, maxLines: 1) }) }
        }

        func begin(_ statement: Statement) {
            columns = statement.columnCount
            if showsTypes { types = ColumnTypes(statement) }
        }

        /// Measures the values straight from the statement; only text that is not plain
        /// printable ASCII is turned into a ``DisplayCell`` to be measured.
        func row(_ statement: Statement) {
            var c = 0
            while c < columns {
                let type = statement.columnType(at: c)
                if showsTypes, type != .blob { types?.add(type, column: c) }
                switch type {
                case .integer:
                    var width = Self.digits(statement.int64(at: c))
                    if numbers != nil { width += (width - (statement.int64(at: c) < 0 ? 2 : 1)) / 3 }
                    measure.add(column: c, width: width, uncuttable: true, lines: 1)
                    alignment.add(number: "0", width: width, column: c)
                case .real:
                    var text = CapturedRow.Value.real(statement.double(at: c)).text ?? ""
                    if let numbers { text = numbers.apply(text) }
                    let width = DisplayWidth.of(text)
                    measure.add(column: c, width: width, uncuttable: true, lines: 1)
                    alignment.add(number: text, width: width, column: c)
                case .null:
                    measure.add(column: c, width: nullWidth, uncuttable: true, lines: 1)
                case .blob:
                    let bytes = statement.blobBytes(at: c)
                    if let time = TimeBlobText.iso(bytes) {
                        if showsTypes { types?.addTime(column: c) }
                        measure.add(column: c, width: time.utf8.count, uncuttable: false, lines: 1)
                    } else {
                        if showsTypes { types?.add(.blob, column: c) }
                        let n = bytes.count
                        measure.add(column: c, width: 3 + 2 * min(n, 256) + (n > 256 ? 1 : 0), uncuttable: false, lines: 1)
                    }
                case .text:
                    let text = CellText.text(statement, c) ?? CellText.empty
                    if text.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
                        measure.add(column: c, width: text.count, uncuttable: false, lines: 1)
                    } else {
                        let cell = DisplayCell(text: String(decoding: text, as: UTF8.self))
                        measure.add(column: c, width: cell.width, uncuttable: false, lines: cell.lines.count)
                    }
                }
                c += 1
            }
        }

        /// The number of characters of an integer in decimal.
        private static func digits(_ value: Int64) -> Int {
            var n = value < 0 ? 2 : 1
            var v = value.magnitude
            while v >= 10 { v /= 10; n += 1 }
            return n
        }

        func end(_ statement: Statement) {
            if let types { measure.addTypes(types.names) }
            for c in 0..<columns {
                let width = alignment.alignedWidth(column: c)
                if width > 0 { measure.add(column: c, width: width, uncuttable: true, lines: 1) }
            }
        }
    }

    private let names: [String]
    private let settings: ShellSettings
    private let measure: ColumnMeasure
    private let drawer: TableDrawer
    private let out: OutputWriter
    private let row = CapturedRow()
    private var columns = 0
    private var rows = 0
    private let types: [String]?
    private let alignment: DecimalAlignment?

    /// Draws with the widths `measure` found, fitted to `width` columns; numbers padded by
    /// `alignment` (the measurer's) so that their decimal points line up.
    init(names: [String], measure: ColumnMeasure, types: [String]? = nil, alignment: DecimalAlignment? = nil,
         settings: ShellSettings, width: Int, out: OutputWriter) {
        self.names = names
        self.alignment = alignment
        self.types = types
        self.settings = settings
        self.measure = measure
        self.out = out
        drawer = TableDrawer(layout: measure.layout(width: width), colour: settings.colour, out: out)
    }

    func begin(_ statement: Statement) {
        columns = statement.columnCount
        drawer.top(headers: settings.headers ? names.map { DisplayCell(text: $0, maxLines: 1) } : nil,
                   types: settings.headers ? types : nil)
    }

    func row(_ statement: Statement) {
        guard !out.failed else { return }
        if measure.hasMultiLineRows && rows > 0 { drawer.rule() }
        row.capture(statement, columns: columns)
        let null = settings.nullValue.isEmpty ? "NULL" : settings.nullValue
        let cells = row.values.map { DisplayCell($0, nullText: null, numbers: settings.numberFormat) }
        drawer.row(alignment?.apply(cells) ?? cells)
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
