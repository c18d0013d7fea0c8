import SQLshCore

/// `line` mode: one `name = value` line per column, names right-aligned to the longest
/// (at least 5 bytes), the row separator between records.
final class LineRenderer: ResultRenderer {
    private let out: OutputWriter
    private let rowSeparator: [UInt8]
    private let nullValue: [UInt8]
    private let columns: Int
    /// Each column's name right-aligned and followed by ` = `, made once.
    private let labels: [[UInt8]]
    private let rows = RowCounter()

    init(shell: Shell, statement: Statement) {
        out = shell.out
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        nullValue = CellText.bytes(shell.settings.nullValue)
        columns = statement.columnCount
        var width = 5
        for i in 0..<columns {
            width = max(width, statement.columnNameBytes(at: i).count)
        }
        labels = (0..<columns).map { i in
            let name = statement.columnNameBytes(at: i)
            return [UInt8](repeating: 32, count: max(0, width - name.count)) + Array(name) + Array(" = ".utf8)
        }
    }

    deinit { rows.deallocate() }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        if rows.value > 0 { out.write(rowSeparator) }
        rows.value += 1
        for i in 0..<columns {
            out.write(labels[i])
            if let text = CellText.text(statement, i) {
                out.write(text)
            } else {
                out.write(nullValue)
            }
            out.write(rowSeparator)
        }
    }

    func end(_ statement: Statement) {}
}
