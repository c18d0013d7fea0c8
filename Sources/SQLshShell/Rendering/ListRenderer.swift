import CSQLite
import SQLshCore

/// `list` mode (also `tabs`, which is `list` with a tab separator): values separated by the
/// column separator, rows ended by the row separator, nothing quoted; with `.headers on` the
/// column names first.
class ListRenderer: ResultRenderer {
    let out: OutputWriter
    let columnSeparator: [UInt8]
    let rowSeparator: [UInt8]
    let nullValue: [UInt8]
    let headers: Bool
    let columns: Int32

    init(shell: Shell, statement: Statement) {
        columns = Int32(statement.columnCount)
        out = shell.out
        columnSeparator = CellText.bytes(shell.settings.columnSeparator)
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        nullValue = CellText.bytes(shell.settings.nullValue)
        headers = shell.settings.headers
    }

    func begin(_ statement: Statement) {
        let handle = statement.handle
        guard headers else { return }
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            out.write(CellText.name(handle, i))
        }
        out.write(rowSeparator)
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            if let text = CellText.text(handle, i) {
                out.write(text)
            } else {
                out.write(nullValue)
            }
        }
        out.write(rowSeparator)
    }

    func end(_ statement: Statement) {}
}
