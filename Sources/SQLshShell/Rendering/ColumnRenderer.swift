/// `column` mode: left-aligned columns (right-aligned for a negative `.width`) two spaces
/// apart, the names underlined with dashes when headers are on, a blank line after a value
/// row that took several lines.
final class ColumnRenderer: ColumnarRenderer {
    override func printHeader() {
        guard headers else { return }
        for i in 0..<columns {
            withCell(i) { printCell($0, width: columnWidths[i] < 0 ? -actualWidths[i] : actualWidths[i]) }
            out.write(i == columns - 1 ? "\n" : "  ")
        }
        for i in 0..<columns {
            printDashes(actualWidths[i])
            out.write(i == columns - 1 ? "\n" : "  ")
        }
    }
    override func columnSeparator() { out.write("  ") }
    override func rowEnd() { out.write(byte: 10) }
    override func rowDivider() { out.write(byte: 10) }
}
