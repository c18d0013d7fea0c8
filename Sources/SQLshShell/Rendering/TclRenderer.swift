import CSQLite
import SQLshCore

/// `tcl` mode: every value as a C-escaped `"..."` string, separated by the column separator
/// (a space after `.mode tcl`).
final class TclRenderer: ResultRenderer {
    private let out: OutputWriter
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]
    private let nullValue: [UInt8]
    private let headers: Bool
    private let columns: Int32

    init(shell: Shell, statement: Statement) {
        columns = Int32(statement.columnCount)
        out = shell.out
        columnSeparator = CellText.bytes(shell.settings.columnSeparator)
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        nullValue = CellText.bytes(shell.settings.nullValue)
        headers = shell.settings.headers
    }

    func begin(_ statement: Statement) {
        guard headers else { return }
        for i in 0..<columns {
            CellEscapes.writeC(CellText.name(statement.handle, i), to: out)
            if i < columns - 1 { out.write(columnSeparator) }
        }
        out.write(rowSeparator)
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        for i in 0..<columns {
            if let text = CellText.text(handle, i) {
                CellEscapes.writeC(text, to: out)
            } else {
                nullValue.withUnsafeBufferPointer { CellEscapes.writeC($0, to: out) }
            }
            if i < columns - 1 { out.write(columnSeparator) }
        }
        out.write(rowSeparator)
    }

    func end(_ statement: Statement) {}
}
