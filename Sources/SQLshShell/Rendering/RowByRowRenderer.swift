import SQLshCore

/// What the modes that write each row as it comes (`list`, `csv`, `tcl`, `quote`, `html`)
/// read once per statement: the output, the `.nullvalue` text, `.headers` and the column
/// count. A subclass adds `begin` and `row` (``ResultRenderer``); nothing is left to `end`.
class RowByRowRenderer {
    let out: OutputWriter
    let nullValue: [UInt8]
    let headers: Bool
    let columns: Int

    init(shell: Shell, statement: Statement) {
        columns = statement.columnCount
        out = shell.out
        nullValue = CellText.bytes(shell.settings.nullValue)
        headers = shell.settings.headers
    }

    func end(_ statement: Statement) {}
}
