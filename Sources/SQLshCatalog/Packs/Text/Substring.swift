import SQLshCore

/// sqlean's `text_substring(text, start[, length])` (Postgres's substr) and
/// `text_slice(text, start[, end])` (Python-like slices), by character.
enum Substring {
    static let textSubstring = CatalogFunction(
        arguments: "text, start[, length]",
        summary: "length characters from position start (Postgres substr semantics)",
        details: """
            text_substring(text, start[, length]), sqlean's name for Postgres's substr: the \
            characters from position start (counting from 1) to the end, or only the \
            characters in positions start to start+length-1 that exist. A start of 0 or less \
            counts positions before the text, which take part of length: \
            text_substring('hello', 0, 3) is 'he', text_substring('hello', -1, 3) is 'h'. \
            Unlike SQLite's substr, a negative start does not count from the end (use \
            text_slice). A negative length is the error "length parameter should >= 0" (sic, \
            sqlean's text). start and length must be integers ("start parameter should be \
            integer", "length parameter should be integer"); integral reals and numeric text \
            are accepted too. Characters are counted as length() counts them; invalid UTF-8 \
            bytes are kept. NULL when any argument is NULL (sqlean raises the integer error \
            for a NULL start or length).
            """,
        example: "select text_substring('hello world', 7), text_substring('hello world', 1, 5);  -- 'world'|'hello'",
        functions: {
            [SQLFunction("text_substring", argumentCount: 2, options: .pure, writingResult: substring),
             SQLFunction("text_substring", argumentCount: 3, options: .pure, writingResult: substring)]
        })

    static let textSlice = CatalogFunction(
        arguments: "text, start[, end]",
        summary: "the characters from start up to end, exclusive (negative positions count from the end)",
        details: """
            text_slice(text, start[, end]): a Python-like slice by character, with positions \
            counted from 1 (0 is the same as 1) and negative positions counted from the end \
            (-1 is the last character). The end is exclusive and defaults to the end of the \
            text: text_slice('hello', 2, -1) is 'ell', text_slice('hello', -3, -1) is 'll', \
            text_slice('hello', -5) is 'hello'. A start before the beginning is the beginning; \
            an end past the end is the end; an end still before the beginning, or at or \
            before start, gives ''. As in sqlean, an end of 0 always gives ''. start and end \
            must be integers ("start parameter should be integer", "end parameter should be \
            integer"); NULL when any argument is NULL.
            """,
        example: "select text_slice('hello world', 7), text_slice('hello world', -5, -2);  -- 'world'|'wor'",
        functions: {
            [SQLFunction("text_slice", argumentCount: 2, options: .pure, writingResult: slice),
             SQLFunction("text_slice", argumentCount: 3, options: .pure, writingResult: slice)]
        })
}

/// The bytes of characters `first..<end` (0-based character positions, `end` may pass the end).
private func setCharacters(_ text: UnsafeBufferPointer<UInt8>, from first: Int, to end: Int, _ result: ResultContext) {
    guard end > first else { return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<0])) }
    let lower = Characters.skip(text, from: 0, by: first)
    let upper = end == Int.max ? text.count : Characters.skip(text, from: lower, by: end - first)
    result.setText(utf8: UnsafeBufferPointer(rebasing: text[lower..<upper]))
}

private func substring(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let start = try integerArgument(arguments[1], "start parameter should be integer")
    var end = Int64.max  // exclusive, 1-based
    if arguments.count == 3 {
        let length = try integerArgument(arguments[2], "length parameter should be integer")
        guard length >= 0 else { throw TextError("length parameter should >= 0") }
        let (sum, overflow) = start.addingReportingOverflow(length)
        end = overflow ? Int64.max : sum
    }
    let text = arguments[0].textBytes
    let first = max(start, 1) - 1
    setCharacters(text, from: Int(clamping: first), to: end == Int64.max ? Int.max : Int(clamping: max(end, 1) - 1), result)
}

/// A slice position as a 0-based character index: k > 0 is k - 1, 0 is 0, -k is count - k
/// (negative when before the beginning).
private func slicePosition(_ k: Int64, count: Int) -> Int {
    if k > 0 { return Int(clamping: k) - 1 }
    if k == 0 { return 0 }
    return count - Int(clamping: k.magnitude)
}

private func slice(_ arguments: Arguments, _ result: ResultContext) throws {
    if anyNull(arguments) { return result.setNull() }
    let start = try integerArgument(arguments[1], "start parameter should be integer")
    let end = arguments.count == 3 ? try integerArgument(arguments[2], "end parameter should be integer") : nil
    let text = arguments[0].textBytes
    // The character count is needed only to resolve a position from the end.
    let count = start < 0 || (end ?? 0) < 0 ? UTF8Bytes.characterCount(text) : 0
    let first = max(0, slicePosition(start, count: count))
    guard let end else { return setCharacters(text, from: first, to: Int.max, result) }
    if end == 0 { return setCharacters(text, from: 0, to: 0, result) }
    setCharacters(text, from: first, to: slicePosition(end, count: count), result)
}
