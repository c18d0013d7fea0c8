import SQLshCore

/// `lpad(text, length[, fill])` and `rpad(...)` as in Postgres (and sqlean's `text_lpad`/`text_rpad`).
enum Padding {
    static let note = """
        The fill (a space by default) is repeated as needed, character by character. A text \
        longer than length is cut to its first length characters; length 0 or less gives ''; \
        an empty fill leaves a short text as it is. Characters are counted as length() counts \
        them. NULL when any argument is NULL; length must be an integer ("length parameter \
        should be integer"; integral reals and numeric text are accepted too). A result \
        larger than SQLite's length limit (even lpad('abc', 9223372036854775807)) is \
        SQLite's "string or blob too big" error, found before anything is allocated. A \
        wrong number of arguments is SQLite's own error when the statement is prepared \
        (sqlean: "expected 2 or 3 parameters" when run).
        """

    static let lpad = CatalogFunction(
        arguments: "text, length[, fill]",
        summary: "pad on the left to length characters (or cut to length)",
        details: "lpad(text, length[, fill]): the text padded on the left with fill to length characters. " + note,
        example: "select lpad('42', 5, '0'), lpad('hello', 3);  -- '00042'|'hel'",
        functions: { make("lpad", left: true) })

    static let rpad = CatalogFunction(
        arguments: "text, length[, fill]",
        summary: "pad on the right to length characters (or cut to length)",
        details: "rpad(text, length[, fill]): the text padded on the right with fill to length characters. " + note,
        example: "select rpad('ab', 5, 'xy'), rpad('été', 4, '·');  -- 'abxyx'|'été·'",
        functions: { make("rpad", left: false) })

    static let textLpad = alias("text_lpad", of: lpad) { make("text_lpad", left: true) }
    static let textRpad = alias("text_rpad", of: rpad) { make("text_rpad", left: false) }

    static func make(_ name: StaticString, left: Bool) -> [SQLFunction] {
        let body: @Sendable (Arguments, ResultContext) throws -> Void = { arguments, result in
            try pad(arguments, result, left: left)
        }
        return [SQLFunction("\(name)", argumentCount: 2, options: .pure, writingResult: body),
                SQLFunction("\(name)", argumentCount: 3, options: .pure, writingResult: body)]
    }
}

private func pad(_ arguments: Arguments, _ result: ResultContext, left: Bool) throws {
    if anyNull(arguments) { return result.setNull() }
    let length = try integerArgument(arguments[1], "length parameter should be integer")
    let text = arguments[0].textBytes
    guard length > 0 else { return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<0])) }
    let target = Int(clamping: length)
    // Counting stops at target + 1: a longer text is cut, whatever its length.
    let cut = Characters.skip(text, from: 0, by: target)
    if cut < text.count { return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<cut])) }
    let count = UTF8Bytes.characterCount(text)
    if count >= target { return result.setText(utf8: text) }
    let fill = arguments.count == 3 ? arguments[2].textBytes : spaceFill
    if fill.isEmpty { return result.setText(utf8: text) }
    let fillCharacters = UTF8Bytes.characterCount(fill)
    let padCount = target - count
    // The padding: whole repetitions of the fill, then its first `partial` characters.
    let whole = padCount / fillCharacters, partial = padCount % fillCharacters
    let partialBytes = Characters.advance(fill, from: 0, by: partial)
    let limit = result.lengthLimit
    let wholeBytes = whole.multipliedReportingOverflow(by: fill.count)
    guard !wholeBytes.overflow, let total = checkedSize(wholeBytes.partialValue, partialBytes, text.count, limit: limit) else {
        return result.setTooBig()
    }
    result.setText(count: total) { out in
        var p = out
        if !left { p = copyBytes(text, to: p) }
        p = repeatBytes(fill, times: whole, to: p)
        p = copyBytes(UnsafeBufferPointer(rebasing: fill[0..<partialBytes]), to: p)
        if left { _ = copyBytes(text, to: p) }
    }
}

/// The default fill: one space. `nonisolated(unsafe)` is safe: the byte is written once, by the
/// (thread-safe) lazy initializer, and only read afterwards.
nonisolated(unsafe) private let spaceFill: UnsafeBufferPointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 32)
    return UnsafeBufferPointer(start: p, count: 1)
}()
