import CSQLite
import SQLshCore

/// `json` mode: `[{"name":value,...},\n{...}]\n`; REALs through `%!.20g` (infinities as
/// `1e999`), blobs as JSON strings of their bytes, text cut at a NUL.
final class JsonRenderer: ResultRenderer {
    private let out: OutputWriter
    private let columns: Int32
    private let rows = RowCounter()
    /// Each column's name as a JSON string followed by `:`, made once.
    private let keys: [[UInt8]]

    init(shell: Shell, statement: Statement) {
        out = shell.out
        columns = Int32(statement.columnCount)
        let scratch = OutputWriter.memory()
        var keys: [[UInt8]] = []
        for i in 0..<columns {
            CellEscapes.writeJSON(CellText.name(statement.handle, i), to: scratch)
            scratch.write(byte: 58)
            keys.append(scratch.takeBytes())
        }
        self.keys = keys
    }

    deinit { rows.deallocate() }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        let handle = statement.handle
        out.write(rows.value == 0 ? "[{" : ",\n{")
        rows.value += 1
        for i in 0..<columns {
            out.write(keys[Int(i)])
            switch sqlite3_column_type(handle, i) {
            case SQLITE_NULL:
                out.write("null")
            case SQLITE_FLOAT:
                let r = sqlite3_column_double(handle, i)
                if r == .infinity {
                    out.write("1e999")
                } else if r == -.infinity {
                    out.write("-1e999")
                } else {
                    CellText.writeReal(r, format: "%!.20g", to: out)
                }
            case SQLITE_BLOB:
                let p = sqlite3_column_blob(handle, i)
                let n = Int(sqlite3_column_bytes(handle, i))
                CellEscapes.writeJSON(UnsafeBufferPointer(start: p?.assumingMemoryBound(to: UInt8.self), count: p == nil ? 0 : n), to: out)
            case SQLITE_TEXT:
                CellEscapes.writeJSON(CellText.text(handle, i) ?? CellText.empty, to: out)
            default:
                out.write(CellText.text(handle, i) ?? CellText.empty)
            }
            if i < columns - 1 { out.write(byte: 44) }
        }
        out.write(byte: 125)
    }

    func end(_ statement: Statement) {
        out.write("]\n")
    }
}
