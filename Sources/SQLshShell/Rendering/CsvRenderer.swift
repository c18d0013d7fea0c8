import CSQLite
import SQLshCore

/// `csv` mode: fields quoted when needed (sqlite3's `output_csv`), NULL as the null value
/// unquoted, the column and row separators of the settings (`.mode csv` sets `,` and CRLF).
final class CsvRenderer: ResultRenderer {
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
        let handle = statement.handle
        guard headers else { return }
        for i in 0..<columns {
            CellEscapes.writeCSV(CellText.name(handle, i), separator: columnSeparator, to: out)
            if i < columns - 1 { out.write(columnSeparator) }
        }
        out.write(rowSeparator)
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        guard columns > 0 else { return }
        for i in 0..<columns {
            if let text = CellText.text(handle, i) {
                CellEscapes.writeCSV(text, separator: columnSeparator, to: out)
            } else {
                out.write(nullValue)
            }
            if i < columns - 1 { out.write(columnSeparator) }
        }
        out.write(rowSeparator)
    }

    func end(_ statement: Statement) {}
}
