/// `table` mode: an ASCII-art table (`+---+`, `| a |`), names centred, a rule after each
/// value row when some value took several lines.
final class TableRenderer: ColumnarRenderer {
    override func printHeader() {
        printDashedSeparator("+")
        out.write("| ")
        for i in 0..<columns {
            printCentredName(i)
            out.write(i == columns - 1 ? " |\n" : " | ")
        }
        printDashedSeparator("+")
    }
    override func rowStart() { out.write("| ") }
    override func columnSeparator() { out.write(" | ") }
    override func rowEnd() { out.write(" |\n") }
    override func rowDivider() { printDashedSeparator("+") }
    override func printFooter() { printDashedSeparator("+") }
}
