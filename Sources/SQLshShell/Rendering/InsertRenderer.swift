import CSQLite
import SQLshCore

/// `insert` mode: one `INSERT INTO table VALUES(...);` per row (with the column names after
/// the table when headers are on); text with newlines spelled as `replace(...)`.
final class InsertRenderer: ResultRenderer {
    private let out: OutputWriter
    /// `INSERT INTO table` and, with headers, `(col,...)`, made once.
    private let prefix: [UInt8]
    private let columns: Int32

    init(shell: Shell, statement: Statement) {
        columns = Int32(statement.columnCount)
        out = shell.out
        let name = shell.settings.insertTable
        let table = SQLQuoting.needsQuoting(name) ? SQLQuoting.quoted(name, "\"") : name
        var text = "INSERT INTO " + table
        if shell.settings.headers {
            text += "("
            for i in 0..<statement.columnCount {
                if i > 0 { text += "," }
                let name = String(decoding: CellText.name(statement.handle, Int32(i)), as: UTF8.self)
                text += SQLQuoting.needsQuoting(name) ? SQLQuoting.quoted(name, "\"") : name
            }
            text += ")"
        }
        prefix = CellText.bytes(text)
    }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        let handle = statement.handle
        out.write(prefix)
        for i in 0..<columns {
            out.write(i > 0 ? "," : " VALUES(")
            switch sqlite3_column_type(handle, i) {
            case SQLITE_NULL:
                out.write("NULL")
            case SQLITE_TEXT:
                CellEscapes.writeSQLQuotedEscaped(CellText.text(handle, i) ?? CellText.empty, to: out)
            case SQLITE_INTEGER:
                out.write(CellText.text(handle, i) ?? CellText.empty)
            case SQLITE_FLOAT:
                CellText.writeSQLReal(sqlite3_column_double(handle, i), to: out)
            default:
                let p = sqlite3_column_blob(handle, i)
                CellEscapes.writeHexBlob(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : Int(sqlite3_column_bytes(handle, i))), to: out)
            }
        }
        out.write(");\n")
    }

    func end(_ statement: Statement) {}
}
