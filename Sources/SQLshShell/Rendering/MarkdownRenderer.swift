/// `markdown` mode: a Markdown pipe table, names centred, `|---|` under them.
final class MarkdownRenderer: PipeFramedRenderer {
    override func printHeader() {
        printCentredNameRow()
        printDashedSeparator("|")
    }
}
