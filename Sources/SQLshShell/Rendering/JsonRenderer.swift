import SQLshCore

/// `json` mode: `[{"name":value,...},\n{...}]\n`; REALs through `%!.20g` (infinities as
/// `1e999`), blobs as JSON strings of their bytes, text cut at a NUL.
final class JsonRenderer: ResultRenderer {
    private let out: OutputWriter
    private let columns: Int
    private let rows = RowCounter()
    /// Each column's name as a JSON string followed by `:`, made once.
    private let keys: [[UInt8]]

    init(shell: Shell, statement: Statement) {
        out = shell.out
        columns = statement.columnCount
        let scratch = OutputWriter.memory()
        var keys: [[UInt8]] = []
        for i in 0..<columns {
            CellEscapes.writeJSON(statement.columnNameBytes(at: i), to: scratch)
            scratch.write(byte: 58)
            keys.append(scratch.takeBytes())
        }
        self.keys = keys
    }

    deinit { rows.deallocate() }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        out.write(rows.value == 0 ? "[{" : ",\n{")
        rows.value += 1
        for i in 0..<columns {
            out.write(keys[i])
            switch statement.columnType(at: i) {
            case .null:
                out.write("null")
            case .real:
                let r = statement.double(at: i)
                if r == .infinity {
                    out.write("1e999")
                } else if r == -.infinity {
                    out.write("-1e999")
                } else {
                    CellText.writeReal(r, format: "%!.20g", to: out)
                }
            case .blob:
                CellEscapes.writeJSON(statement.blobBytes(at: i).assumingMemoryBound(to: UInt8.self), to: out)
            case .text:
                CellEscapes.writeJSON(CellText.text(statement, i) ?? CellText.empty, to: out)
            case .integer:
                out.write(CellText.text(statement, i) ?? CellText.empty)
            }
            if i < columns - 1 { out.write(byte: 44) }
        }
        out.write(byte: 125)
    }

    func end(_ statement: Statement) {
        out.write("]\n")
    }
}
