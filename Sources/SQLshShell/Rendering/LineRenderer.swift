import CSQLite
import SQLshCore

/// `line` mode: one `name = value` line per column, names right-aligned to the longest
/// (at least 5 bytes), the row separator between records.
final class LineRenderer: ResultRenderer {
    private let out: OutputWriter
    private let rowSeparator: [UInt8]
    private let nullValue: [UInt8]
    private var columns: Int32 = 0
    private var width = 5
    private var rows = 0

    init(shell: Shell) {
        out = shell.out
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        nullValue = CellText.bytes(shell.settings.nullValue)
    }

    func begin(_ statement: Statement) {
        columns = Int32(statement.columnCount)
        for i in 0..<columns {
            width = max(width, CellText.name(statement.handle, i).count)
        }
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        if rows > 0 { out.write(rowSeparator) }
        rows += 1
        for i in 0..<columns {
            let name = CellText.name(handle, i)
            out.writeSpaces(width - name.count)
            out.write(name)
            out.write(" = ")
            if let text = CellText.text(handle, i) {
                out.write(text)
            } else {
                out.write(nullValue)
            }
            out.write(rowSeparator)
        }
    }

    func end(_ statement: Statement) {}
}
