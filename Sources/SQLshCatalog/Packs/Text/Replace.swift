import SQLshCore

/// sqlean's `text_replace(text, old, new[, count])`.
enum Replace {
    static let textReplace = CatalogFunction(
        arguments: "text, old, new[, count]",
        summary: "the text with occurrences of old replaced by new (all, or the first count)",
        details: """
            text_replace(text, old, new[, count]): replaces occurrences of old by new, from the \
            left and without overlap: all of them, or only the first count. A count of 0 or \
            less replaces nothing; an empty old leaves the text as it is. Bytes are compared \
            (case matters). count must be an integer ("count parameter should be integer"; \
            integral reals and numeric text are accepted too). NULL when any argument is NULL. \
            A result larger than SQLite's length limit is "string or blob too big", found \
            before anything is allocated.
            """,
        example: "select text_replace('hello hello', 'l', 'L'), text_replace('hello hello', 'hello', 'bye', 1);  -- 'heLLo heLLo'|'bye hello'",
        functions: {
            [SQLFunction("text_replace", argumentCount: 3, options: .pure, writingResult: replace),
             SQLFunction("text_replace", argumentCount: 4, options: .pure, writingResult: replace)]
        })
}

private func replace(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let maximum = arguments.count == 4 ? try integerArgument(arguments[3], "count parameter should be integer") : Int64.max
    let text = arguments[0].textBytes
    let old = arguments[1].textBytes, new = arguments[2].textBytes
    guard !old.isEmpty, maximum > 0 else { return result.setText(utf8: text) }
    let limit = Int(clamping: maximum)
    // Count the replacements first, to size (and check) the result before allocating it.
    var occurrences = 0, at = 0
    while occurrences < limit, let found = find(old, in: text, from: at) {
        occurrences += 1
        at = found + old.count
    }
    guard occurrences > 0 else { return result.setText(utf8: text) }
    let added = occurrences.multipliedReportingOverflow(by: new.count)
    guard !added.overflow, let total = checkedSize(text.count - occurrences * old.count, added.partialValue, limit: result.lengthLimit) else {
        return result.setTooBig()
    }
    result.setText(count: total) { out in
        var p = out, from = 0
        for _ in 0..<occurrences {
            guard let found = find(old, in: text, from: from) else { break }
            p = copyBytes(UnsafeBufferPointer(rebasing: text[from..<found]), to: p)
            p = copyBytes(new, to: p)
            from = found + old.count
        }
        _ = copyBytes(UnsafeBufferPointer(rebasing: text[from...]), to: p)
    }
}
