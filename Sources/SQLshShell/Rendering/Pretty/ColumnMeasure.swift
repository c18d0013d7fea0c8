/// The widths a `pretty` table's columns would like and the widths they must keep, measured
/// row by row (so a whole result can be measured without keeping its rows).
struct ColumnMeasure {
    /// The widest header or value of each column.
    private(set) var natural: [Int]
    /// What each column is never narrowed below: its numbers, NULLs, short values and the
    /// longest word of its header.
    private(set) var minimum: [Int]
    /// Columns with a value longer than ``InteractiveTableRenderer/shortText``.
    private var hasLongText: [Bool]
    /// Whether a row has a value on several lines (rows are then separated by rules).
    private(set) var hasMultiLineRows = false

    init(count: Int) {
        natural = [Int](repeating: 1, count: count)
        minimum = [Int](repeating: 1, count: count)
        hasLongText = [Bool](repeating: false, count: count)
    }

    /// Counts the column names (their words are never split).
    mutating func addHeaders(_ headers: [DisplayCell]) {
        for (c, header) in headers.enumerated() where c < natural.count {
            natural[c] = max(natural[c], header.width)
            minimum[c] = max(minimum[c], DisplayCell.longestWord(header.lines.first ?? ""))
        }
    }

    /// Counts the type names shown under the headers (``ColumnTypes``): a column is made wide
    /// enough for its type, which is cut only past ``ColumnTypes/uncutWidth``.
    mutating func addTypes(_ types: [String]) {
        for (c, type) in types.enumerated() where c < natural.count {
            let w = DisplayWidth.of(type)
            natural[c] = max(natural[c], w)
            minimum[c] = max(minimum[c], min(w, ColumnTypes.uncutWidth))
        }
    }

    /// Counts one row.
    mutating func add(_ row: [DisplayCell]) {
        for c in 0..<min(natural.count, row.count) {
            let cell = row[c]
            add(column: c, width: cell.width, uncuttable: cell.isNumber || cell.isNull, lines: cell.lines.count)
        }
    }

    /// Counts one value of column `c`: `width` columns wide (its widest line), on `lines`
    /// lines; `uncuttable` for numbers and NULLs.
    mutating func add(column c: Int, width w: Int, uncuttable: Bool, lines: Int) {
        if lines > 1 { hasMultiLineRows = true }
        if w > natural[c] { natural[c] = w }
        if uncuttable || w <= InteractiveTableRenderer.shortText {
            if w > minimum[c] { minimum[c] = w }
        } else {
            hasLongText[c] = true
        }
    }

    /// The columns' layout in `width` terminal columns (`Int.max` for no limit).
    func layout(width: Int) -> TableLayout {
        var minimum = self.minimum
        for c in minimum.indices where hasLongText[c] {
            minimum[c] = max(minimum[c], min(natural[c], InteractiveTableRenderer.minimumTextWidth))
        }
        return TableLayout.fit(natural: natural, minimum: minimum, available: width)
    }
}
