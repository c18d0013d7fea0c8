/// What the modes that frame each row in pipes (`| a | b |`: `markdown`, `table`) share: the
/// row's start, end and column separator, and the centred names row.
class PipeFramedRenderer: ColumnarRenderer {
    /// The header's names row, each name centred in its column: `| a | b |`.
    final func printCentredNameRow() {
        out.write("| ")
        for i in 0..<columns {
            printCentredName(i)
            out.write(i == columns - 1 ? " |\n" : " | ")
        }
    }

    override func rowStart() { out.write("| ") }
    override func columnSeparator() { out.write(" | ") }
    override func rowEnd() { out.write(" |\n") }
}
