#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// `split_part(text, separator, n)` as in Postgres and sqlean (`text_split`).
enum SplitPart {
    static let entry = CatalogFunction(
        arguments: "text, separator, n",
        summary: "the n-th field of the text split at separator (n < 0 counts from the end)",
        details: """
            split_part(text, separator, n): splits the text at every occurrence of separator \
            (bytes compared, from the left, without overlap) and gives field n, counting from \
            1; a negative n counts from the end (-1 is the last field). A field past either end \
            gives ''. An empty separator makes the whole text the only field. As in sqlean, an \
            empty text, or a separator longer than the text, gives '' (Postgres would give the \
            text for n = 1). n = 0 is the error "part parameter should not be 0"; n must be \
            an integer ("part parameter should be integer"; integral reals and numeric text \
            are accepted too). NULL when any argument is NULL. Unlike sqlean, an embedded NUL \
            does not end the text or the separator.
            """,
        example: "select split_part('a,b,,d', ',', 2), split_part('a,b,,d', ',', -1);  -- 'b'|'d'",
        functions: { make("split_part") })

    static let textSplit = alias("text_split", of: entry) { make("text_split") }

    static func make(_ name: String) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 3, options: .pure, writingResult: splitPart)]
    }
}

private func splitPart(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let n = try integerArgument(arguments[2], "part parameter should be integer")
    guard n != 0 else { throw TextError("part parameter should not be 0") }
    let text = arguments[0].textBytes
    let separator = arguments[1].textBytes
    let empty = UnsafeBufferPointer(rebasing: text[0..<0])
    guard !text.isEmpty, separator.count <= text.count else { return result.setText(utf8: empty) }
    guard !separator.isEmpty else { return result.setText(utf8: n == 1 || n == -1 ? text : empty) }
    var index: Int  // 0-based field
    if n > 0 {
        index = Int(clamping: n) - 1
    } else {
        var separators = 0, at = 0
        while let found = find(separator, in: text, from: at) {
            separators += 1
            at = found + separator.count
        }
        index = separators + 1 - Int(clamping: n.magnitude)
        guard index >= 0 else { return result.setText(utf8: empty) }
    }
    // Skip `index` separators, then the field runs to the next one (or the end).
    var start = 0
    while index > 0 {
        guard let found = find(separator, in: text, from: start) else { return result.setText(utf8: empty) }
        start = found + separator.count
        index -= 1
    }
    let end = find(separator, in: text, from: start) ?? text.count
    result.setText(utf8: UnsafeBufferPointer(rebasing: text[start..<end]))
}
