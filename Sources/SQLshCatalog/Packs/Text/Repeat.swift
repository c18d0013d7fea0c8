import SQLshCore

/// sqlean's `text_repeat(text, n)` and its alias `repeat`.
enum Repeat {
    static let textRepeat = CatalogFunction(
        arguments: "text, n",
        summary: "the text repeated n times",
        details: """
            text_repeat(text, n): the text n times over; n of 0 or less gives ''. n must be an \
            integer ("count parameter should be integer"; integral reals and numeric text are \
            accepted too). NULL when either argument is NULL. A result larger than SQLite's \
            length limit (even text_repeat('a', 9223372036854775807)) is "string or blob too \
            big", found before anything is allocated.
            """,
        example: "select text_repeat('ab', 3), text_repeat('é', 2);  -- 'ababab'|'éé'",
        functions: { [SQLFunction("text_repeat", argumentCount: 2, options: .pure, writingResult: repeatText)] })
    static let repeatAlias = alias("repeat", of: textRepeat) {
        [SQLFunction("repeat", argumentCount: 2, options: .pure, writingResult: repeatText)]
    }
}

private func repeatText(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let n = try integerArgument(arguments[1], "count parameter should be integer")
    let text = arguments[0].textBytes
    guard n > 0, !text.isEmpty else { return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<0])) }
    let times = Int(clamping: n)
    let size = text.count.multipliedReportingOverflow(by: times)
    guard !size.overflow, size.partialValue <= result.lengthLimit else { return result.setTooBig() }
    result.setText(count: size.partialValue) { out in _ = repeatBytes(text, times: times, to: out) }
}

extension Repeat {
    /// The C entries of `text_repeat` and `repeat` (``DirectEntry``): SQLite calls the body
    /// above directly, with no deferred slot or closure in between (issue 34).
    static let direct: [DirectEntry] = [
        DirectEntry(scalar: "text_repeat", argumentCount: 2) { DirectCall.scalar($0, $1, $2, name: "text_repeat", repeatText) },
        DirectEntry(scalar: "repeat", argumentCount: 2) { DirectCall.scalar($0, $1, $2, name: "repeat", repeatText) },
    ]
}
