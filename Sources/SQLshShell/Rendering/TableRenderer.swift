/// `table` mode: an ASCII-art table (`+---+`, `| a |`), names centred, a rule after each
/// value row when some value took several lines.
final class TableRenderer: PipeFramedRenderer {
    override func printHeader() {
        printDashedSeparator("+")
        printCentredNameRow()
        printDashedSeparator("+")
    }
    override func rowDivider() { printDashedSeparator("+") }
    override func printFooter() { printDashedSeparator("+") }
}
