import SQLshCore

/// `insert` mode: one `INSERT INTO table VALUES(...);` per row (with the column names after
/// the table when headers are on); text with newlines spelled as `replace(...)`.
final class InsertRenderer: ResultRenderer {
    private let out: OutputWriter
    /// `INSERT INTO table` and, with headers, `(col,...)`, made once.
    private let prefix: [UInt8]
    private let columns: Int

    init(shell: Shell, statement: Statement) {
        columns = statement.columnCount
        out = shell.out
        let name = shell.settings.insertTable
        let table = SQLQuoting.needsQuoting(name) ? SQLQuoting.quoted(name, "\"") : name
        var text = "INSERT INTO " + table
        if shell.settings.headers {
            text += "("
            for i in 0..<statement.columnCount {
                if i > 0 { text += "," }
                let name = String(decoding: statement.columnNameBytes(at: i), as: UTF8.self)
                text += SQLQuoting.needsQuoting(name) ? SQLQuoting.quoted(name, "\"") : name
            }
            text += ")"
        }
        prefix = CellText.bytes(text)
    }

    func begin(_ statement: Statement) {}

    func row(_ statement: Statement) {
        out.write(prefix)
        for i in 0..<columns {
            out.write(i > 0 ? "," : " VALUES(")
            CellText.writeSQLLiteral(statement, i, keepNewlines: false, to: out)
        }
        out.write(");\n")
    }

    func end(_ statement: Statement) {}
}
