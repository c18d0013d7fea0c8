import SQLshCore

/// Whether the text in the line editor's buffer is a whole input: what Enter does at the
/// prompt depends on it (run the buffer, or start a new line in it).
public enum InputCompleteness {
    /// Whether `text`, read line by line from a fresh prompt the way ``Shell/process(_:)``
    /// splits input, leaves nothing unfinished: every statement ends with `;` (or a line of
    /// `/` or `go`, or `\G`), and dot-commands, `#` comments, `exit`/`quit` and blank lines
    /// stand on lines of their own between statements. Empty text is complete.
    public static func isComplete(_ text: [UInt8]) -> Bool {
        var sql: [UInt8] = []
        var scan = QuickScanState.start
        for slice in text.split(separator: 10, omittingEmptySubsequences: false) {
            var line = Array(slice)
            if sql.isEmpty, endsWithVerticalMarker(line) { scan = .start; continue }
            if scan.isInPlainText && Shell.isCommandTerminator(line) && sqliteComplete(sql + [UInt8(ascii: ";")]) {
                line = [UInt8(ascii: ";")]
            }
            scan = line.withUnsafeBufferPointer { scan.scanning($0) }
            if scan.isPlainWhite && sql.isEmpty { scan = .start; continue }
            if sql.isEmpty, let first = line.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "#") {
                scan = .start
                continue
            }
            if sql.isEmpty && QuitWords.matches(line) { continue }
            if !sql.isEmpty { sql.append(10) }
            sql.append(contentsOf: line)
            if scan.endsWithSemicolon && sqliteComplete(sql) {
                sql.removeAll()
                scan = .start
            } else if !sql.isEmpty && scan.isPlainWhite {
                sql.removeAll()
                scan = .start
            } else if !sql.isEmpty, endsWithVerticalMarker(line), scan.isInPlainText {
                sql.removeAll()
                scan = .start
            }
        }
        return sql.isEmpty
    }

    /// A line ending in `\G` (then optionally `;`), outside quotes: a query for vertical output.
    private static func endsWithVerticalMarker(_ line: [UInt8]) -> Bool {
        var end = line.count
        while end > 0 && isSpace(line[end - 1]) { end -= 1 }
        if end > 0 && line[end - 1] == UInt8(ascii: ";") { end -= 1 }
        while end > 0 && isSpace(line[end - 1]) { end -= 1 }
        guard end >= 2, line[end - 1] == UInt8(ascii: "G"), line[end - 2] == UInt8(ascii: "\\") else { return false }
        guard let first = line.first(where: { !isSpace($0) }), first != UInt8(ascii: "."), first != UInt8(ascii: "#") else { return false }
        return line[0..<(end - 2)].withUnsafeBufferPointer { QuickScanState.start.scanning($0) }.isInPlainText
    }

    private static func sqliteComplete(_ sql: [UInt8]) -> Bool {
        (sql + [0]).withUnsafeBufferPointer { SQLText.isComplete(nulTerminated: $0) }
    }
}
