/// The two lines sqlite3 prints under a parse error to point at it (`shell_error_context`):
/// `\n  SQL TEXT\n  ^--- error here`, or `error here ---^` when the error is far to the right.
///
/// - Parameters:
///   - sql: the SQL text the failed prepare was given, from the start of its statement.
///   - offset: `sqlite3_error_offset` for that prepare; nil or negative gives no context.
/// - Returns: the context bytes (starting with a newline), or none.
func errorContext(sql: UnsafeBufferPointer<UInt8>, offset: Int?) -> [UInt8] {
    guard var offset, offset >= 0 else { return [] }
    var start = 0
    func byte(_ i: Int) -> UInt8 { i < sql.count ? sql[i] : 0 }
    while offset > 50 {
        offset -= 1
        start += 1
        while byte(start) & 0xC0 == 0x80 { start += 1; offset -= 1 }
    }
    var end = start
    while end < sql.count && sql[end] != 0 { end += 1 }
    var length = end - start
    if length > 78 {
        length = 78
        while byte(start + length) & 0xC0 == 0x80 { length -= 1 }
    }
    var code = Array(sql[start..<(start + length)])
    for i in code.indices where isSpace(code[i]) { code[i] = 32 }
    var result = Array("\n  ".utf8) + code + Array("\n  ".utf8)
    if offset < 25 {
        result += Array(repeating: 32, count: offset) + Array("^--- error here".utf8)
    } else {
        result += Array(repeating: 32, count: max(0, offset - 14)) + Array("error here ---^".utf8)
    }
    return result
}
