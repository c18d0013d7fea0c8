import SQLshCore

/// sqlean's `text_like(pattern, text)`: its own case-insensitive matcher, not SQL's LIKE.
enum Like {
    static let textLike = CatalogFunction(
        arguments: "pattern, text",
        summary: "1 when text matches a LIKE-style pattern, ignoring case (Unicode)",
        details: """
            text_like(pattern, text): 1 when the text matches the pattern, else 0; note the \
            order of the arguments (pattern first). In the pattern % matches any run of \
            characters and _ any one character; there is no escape character. Case is ignored \
            for every script (simple Unicode case folding: 'ÇA%' matches 'ça roule'). As in \
            sqlean's matcher, a % followed by more pattern must match at least one character: \
            text_like('a%b', 'ab') and text_like('%a%', 'a') are 0, while text_like('a%', 'a') \
            is 1. An invalid UTF-8 byte is a character that matches only itself (or _). NULL \
            when either argument is NULL.
            """,
        example: "select text_like('cÓMo%', 'Cómo estás'), text_like('h_llo', 'hallo');  -- 1|1",
        functions: { [SQLFunction("text_like", argumentCount: 2, options: .pure, writingResult: like)] })
}

private func like(_ arguments: Arguments, _ result: ResultContext) {
    if anyNull(arguments) { return result.setNull() }
    result.set(matches(pattern: arguments[0].textBytes, arguments[1].textBytes) ? 1 : 0)
}

/// The matcher, by byte positions: `star` is where the pattern resumes after the last %,
/// `mark` the text position the next retry of that % starts from.
func matches(pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let percent = UInt32(UInt8(ascii: "%")), underscore = UInt32(UInt8(ascii: "_"))
    var p = 0, i = 0, star = -1, mark = 0
    while i < text.count {
        if p < pattern.count {
            let (pc, pl) = ScalarDecoding.unit(pattern, at: p)
            if pc == percent {
                p += pl
                star = p
                i += ScalarDecoding.unit(text, at: i).length
                mark = i
                if p == pattern.count { return true }
                continue
            }
            let (sc, sl) = ScalarDecoding.unit(text, at: i)
            if pc == underscore || pc == sc || UnicodeCase.simpleFold(pc) == UnicodeCase.simpleFold(sc) {
                p += pl
                i += sl
                continue
            }
        }
        guard star >= 0 else { return false }
        p = star
        i = mark
        if mark < text.count { mark += ScalarDecoding.unit(text, at: mark).length }
    }
    while p < pattern.count, pattern[p] == UInt8(ascii: "%") { p += 1 }
    return p == pattern.count
}
