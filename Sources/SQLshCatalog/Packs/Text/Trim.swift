#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// sqlean's `text_ltrim`, `text_rtrim` and `text_trim` with their aliases `ltrim`, `rtrim`
/// (which replace SQLite's own, so they start disabled) and `btrim`.
enum Trim {
    enum Side { case left, right, both }

    static let rules = """
        chars is a set of characters (default: a space only, so tabs and newlines stay); \
        an empty chars leaves the text as it is. Characters are compared whole (é is one \
        character, not two bytes; an invalid UTF-8 byte is a character of its own). NULL \
        when either argument is NULL. A wrong number of arguments is SQLite's own error when \
        the statement is prepared (sqlean: "expected 1 or 2 parameters" when run).
        """

    static let textLtrim = CatalogFunction(
        arguments: "text[, chars]",
        summary: "the text without the characters of chars at its start",
        details: "text_ltrim(text[, chars]): removes every character found in chars from the start of the text. \(rules)",
        example: "select text_ltrim('  hello  '), text_ltrim('xxhixx', 'x');  -- 'hello  '|'hixx'",
        functions: { make("text_ltrim", .left) })
    static let textRtrim = CatalogFunction(
        arguments: "text[, chars]",
        summary: "the text without the characters of chars at its end",
        details: "text_rtrim(text[, chars]): removes every character found in chars from the end of the text. \(rules)",
        example: "select text_rtrim('  hello  '), text_rtrim('xxhixx', 'x');  -- '  hello'|'xxhi'",
        functions: { make("text_rtrim", .right) })
    static let textTrim = CatalogFunction(
        arguments: "text[, chars]",
        summary: "the text without the characters of chars at either end",
        details: "text_trim(text[, chars]): removes every character found in chars from both ends of the text. \(rules)",
        example: "select text_trim('  hello  '), text_trim('«été»', '«»');  -- 'hello'|'été'",
        functions: { make("text_trim", .both) })

    static let coreNote = """
         It replaces SQLite's own ltrim/rtrim when enabled, so it starts disabled (.enable \
        NAME): for valid UTF-8 the results are the same; sqlean registers it with any number \
        of arguments, here a wrong count stays SQLite's own error.
        """
    static let ltrim = coreAlias(alias("ltrim", of: textLtrim) { make("ltrim", .left) })
    static let rtrim = coreAlias(alias("rtrim", of: textRtrim) { make("rtrim", .right) })
    static let btrim = alias("btrim", of: textTrim) { make("btrim", .both) }

    private static func coreAlias(_ function: CatalogFunction) -> CatalogFunction {
        var function = function
        function.details += coreNote
        return function.disabledByDefault()
    }

    static func make(_ name: String, _ side: Side) -> [SQLFunction] {
        [SQLFunction(name, argumentCount: 1, options: .pure) { trim($0, $1, side) },
         SQLFunction(name, argumentCount: 2, options: .pure) { trim($0, $1, side) }]
    }
}

/// Whether the character `unit` is one of the characters of `set`.
private func contains(_ set: UnsafeBufferPointer<UInt8>, _ unit: UnsafeBufferPointer<UInt8>) -> Bool {
    if set.count == 1 { return unit.count == 1 && unit[0] == set[0] }
    var i = 0
    while i < set.count {
        let next = Characters.advance(set, from: i, by: 1)
        if next - i == unit.count, memcmp(set.baseAddress! + i, unit.baseAddress!, unit.count) == 0 { return true }
        i = next
    }
    return false
}

/// The start of the character that ends at `end`: a lead byte with up to three continuation
/// bytes after it, as in valid UTF-8; any other byte (a longer run of continuation bytes
/// included) is a character of its own, so stepping back never rescans the text.
private func characterStart(_ text: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
    var start = end - 1
    var k = start
    while k > 0, k > end - 4, text[k] & 0xC0 == 0x80 { k -= 1 }
    if k < start, text[k] >= 0xC0, Characters.advance(text, from: k, by: 1) == end { start = k }
    return start
}

private func trim(_ arguments: Arguments, _ result: ResultContext, _ side: Trim.Side) {
    if anyNull(arguments) { return result.setNull() }
    let text = arguments[0].textBytes
    let set = arguments.count == 2 ? arguments[1].textBytes : spaceSet
    var start = 0, end = text.count
    if !set.isEmpty {
        if side != .right {
            while start < end {
                let next = Characters.advance(text, from: start, by: 1)
                guard contains(set, UnsafeBufferPointer(rebasing: text[start..<next])) else { break }
                start = next
            }
        }
        if side != .left {
            while end > start {
                let previous = max(start, characterStart(text, before: end))
                guard contains(set, UnsafeBufferPointer(rebasing: text[previous..<end])) else { break }
                end = previous
            }
        }
    }
    result.setText(utf8: UnsafeBufferPointer(rebasing: text[start..<end]))
}

/// The default set: one space. `nonisolated(unsafe)` is safe: the byte is written once, by the
/// (thread-safe) lazy initializer, and only read afterwards.
nonisolated(unsafe) private let spaceSet: UnsafeBufferPointer<UInt8> = {
    let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    p.initialize(to: 32)
    return UnsafeBufferPointer(start: p, count: 1)
}()
