/// `box` mode: a table drawn with Unicode box characters (`┌─┬─┐ │ ├─┼─┤ └─┴─┘`), names
/// centred, a rule after each value row when some value took several lines.
final class BoxRenderer: ColumnarRenderer {
    override func printHeader() {
        printRule("┌", "┬", "┐")
        out.write("│ ")
        for i in 0..<columns {
            printCentredName(i)
            out.write(i == columns - 1 ? " │\n" : " │ ")
        }
        printRule("├", "┼", "┤")
    }
    override func rowStart() { out.write("│ ") }
    override func columnSeparator() { out.write(" │ ") }
    override func rowEnd() { out.write(" │\n") }
    override func rowDivider() { printRule("├", "┼", "┤") }
    override func printFooter() { printRule("└", "┴", "┘") }

    /// sqlite3's `print_box_row_separator`.
    private func printRule(_ left: StaticString, _ middle: StaticString, _ right: StaticString) {
        for i in 0..<columns {
            out.write(i == 0 ? left : middle)
            out.write("─", times: actualWidths[i] + 2)
        }
        out.write(right)
        out.write(byte: 10)
    }
}
