import CSQLite
import SQLshCore

/// `quote` mode: values as SQL literals (`NULL`, `'text'`, `X'blob'`, REALs through
/// `%!.20g`), separated by the column separator.
final class QuoteRenderer: ResultRenderer {
    private let out: OutputWriter
    private let columnSeparator: [UInt8]
    private let rowSeparator: [UInt8]
    private let headers: Bool
    private let columns: Int32

    init(shell: Shell, statement: Statement) {
        columns = Int32(statement.columnCount)
        out = shell.out
        columnSeparator = CellText.bytes(shell.settings.columnSeparator)
        rowSeparator = CellText.bytes(shell.settings.rowSeparator)
        headers = shell.settings.headers
    }

    func begin(_ statement: Statement) {
        guard headers else { return }
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            CellEscapes.writeSQLQuoted(CellText.name(statement.handle, i), to: out)
        }
        out.write(rowSeparator)
    }

    func row(_ statement: Statement) {
        let handle = statement.handle
        for i in 0..<columns {
            if i > 0 { out.write(columnSeparator) }
            switch sqlite3_column_type(handle, i) {
            case SQLITE_NULL:
                out.write("NULL")
            case SQLITE_TEXT:
                CellEscapes.writeSQLQuoted(CellText.text(handle, i) ?? CellText.empty, to: out)
            case SQLITE_INTEGER:
                out.write(CellText.text(handle, i) ?? CellText.empty)
            case SQLITE_FLOAT:
                CellText.writeReal(sqlite3_column_double(handle, i), format: "%!.20g", to: out)
            default:
                let p = sqlite3_column_blob(handle, i)
                CellEscapes.writeHexBlob(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(handle, i))), to: out)
            }
        }
        out.write(rowSeparator)
    }

    func end(_ statement: Statement) {}
}
