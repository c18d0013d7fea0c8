import SQLshCore

/// `html` mode: `<TR><TD>value</TD>\n...</TR>\n` per row (`<TH>` for headers), with
/// `< & > " '` escaped; no `<TABLE>` around.
final class HtmlRenderer: RowByRowRenderer, ResultRenderer {
    func begin(_ statement: Statement) {
        guard headers else { return }
        out.write("<TR>")
        for i in 0..<columns {
            out.write("<TH>")
            CellEscapes.writeHTML(statement.columnNameBytes(at: i), to: out)
            out.write("</TH>\n")
        }
        out.write("</TR>\n")
    }

    func row(_ statement: Statement) {
        out.write("<TR>")
        for i in 0..<columns {
            out.write("<TD>")
            if let text = CellText.text(statement, i) {
                CellEscapes.writeHTML(text, to: out)
            } else {
                nullValue.withUnsafeBufferPointer { CellEscapes.writeHTML($0, to: out) }
            }
            out.write("</TD>\n")
        }
        out.write("</TR>\n")
    }
}
