import CSQLite
import SQLshCore

/// `lpad(text, length[, fill])` and `rpad(...)` as in Postgres (and sqlean's `text_lpad`/`text_rpad`).
enum Padding {
    static let note = """
        The fill (a space by default) is repeated as needed, character by character. A text \
        longer than length is cut to its first length characters; length 0 or less gives ''; \
        an empty fill leaves a short text as it is. Characters are counted as length() counts \
        them. NULL when any argument is NULL; length must be an integer; a result larger than \
        SQLite's length limit is SQLite's "string or blob too big" error.
        """

    static let lpad = CatalogFunction(
        name: "lpad", pack: "text", kind: .scalar, arity: "2-3", arguments: "text, length[, fill]", flags: .pure,
        summary: "pad on the left to length characters (or cut to length)",
        details: "lpad(text, length[, fill]): the text padded on the left with fill to length characters. " + note,
        example: "select lpad('42', 5, '0'), lpad('hello', 3);  -- '00042'|'hel'",
        functions: { make("lpad", left: true) })

    static let rpad = CatalogFunction(
        name: "rpad", pack: "text", kind: .scalar, arity: "2-3", arguments: "text, length[, fill]", flags: .pure,
        summary: "pad on the right to length characters (or cut to length)",
        details: "rpad(text, length[, fill]): the text padded on the right with fill to length characters. " + note,
        example: "select rpad('ab', 5, 'xy'), rpad('été', 4, '·');  -- 'abxyx'|'été·'",
        functions: { make("rpad", left: false) })

    static let textLpad = alias("text_lpad", of: lpad) { make("text_lpad", left: true) }
    static let textRpad = alias("text_rpad", of: rpad) { make("text_rpad", left: false) }

    static func make(_ name: StaticString, left: Bool) -> [SQLFunction] {
        let scratch = ByteScratch()
        let body: (Arguments, ResultContext) throws -> Void = { arguments, result in
            try pad(arguments, result, scratch: scratch, left: left, function: name)
        }
        return [SQLFunction("\(name)", argumentCount: 2, options: .pure, writingResult: body),
                SQLFunction("\(name)", argumentCount: 3, options: .pure, writingResult: body)]
    }
}

private let space: [UInt8] = [32]

private func pad(_ arguments: Arguments, _ result: ResultContext, scratch: ByteScratch, left: Bool,
                 function: StaticString) throws {
    if anyNull(arguments) { return result.setNull() }
    let length = try integerArgument(arguments[1].rawValue, function: function, what: "length")
    let text = textBytes(arguments[0].rawValue)
    guard length > 0 else { return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<0])) }
    let target = Int(clamping: length)
    let count = UTF8Bytes.characterCount(text)
    if count >= target {
        return result.setText(utf8: UnsafeBufferPointer(rebasing: text[0..<Characters.advance(text, from: 0, by: target)]))
    }
    let fill = arguments.count == 3 ? textBytes(arguments[2].rawValue) : nil
    space.withUnsafeBufferPointer { defaultFill in
        let fill = fill ?? defaultFill
        if fill.isEmpty { return result.setText(utf8: text) }
        let fillCharacters = Characters.ranges(fill)
        let padCount = target - count
        // Bytes of the padding: whole repetitions of the fill, then a prefix of it.
        let whole = padCount / fillCharacters.count, partial = padCount % fillCharacters.count
        let padBytes = whole.multipliedReportingOverflow(by: fill.count)
        let limit = Int(sqlite3_limit(sqlite3_context_db_handle(result.rawValue), SQLITE_LIMIT_LENGTH, -1))
        guard !padBytes.overflow, padBytes.partialValue + fill.count + text.count <= limit else {
            return sqlite3_result_error_toobig(result.rawValue)
        }
        scratch.bytes.removeAll(keepingCapacity: true)
        if !left { scratch.bytes.append(contentsOf: text) }
        for _ in 0..<whole { scratch.bytes.append(contentsOf: fill) }
        if partial > 0 { scratch.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: fill[0..<fillCharacters[partial - 1].upperBound])) }
        if left { scratch.bytes.append(contentsOf: text) }
        scratch.bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
    }
}
