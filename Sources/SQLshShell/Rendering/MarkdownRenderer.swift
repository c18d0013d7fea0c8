/// `markdown` mode: a Markdown pipe table, names centred, `|---|` under them.
final class MarkdownRenderer: ColumnarRenderer {
    override func printHeader() {
        out.write("| ")
        for i in 0..<columns {
            printCentredName(i)
            out.write(i == columns - 1 ? " |\n" : " | ")
        }
        printDashedSeparator("|")
    }
    override func rowStart() { out.write("| ") }
    override func columnSeparator() { out.write(" | ") }
    override func rowEnd() { out.write(" |\n") }
}
