#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// sqlean's searching functions: `text_index` (`strpos`), `text_last_index`, `text_contains`,
/// `text_has_prefix` (`starts_with`), `text_has_suffix` and `text_count`. They compare bytes
/// (an embedded NUL is a byte like any other) and give 1-based character positions.
enum Search {
    static let nullRule = "NULL when either argument is NULL; numbers are searched as their text form."

    static let textIndex = CatalogFunction(
        arguments: "text, other",
        summary: "the character position of the first occurrence of other (0 when absent)",
        details: """
            text_index(text, other): the 1-based position, in characters, of the first \
            occurrence of other in text, or 0 when there is none. An empty other is found at \
            position 1 (also in ''). The search compares bytes; positions count characters as \
            length() does. \(nullRule)
            """,
        example: "select text_index('hello yellow', 'ello'), text_index('héllo', 'l');  -- 2|3",
        functions: { [SQLFunction("text_index", argumentCount: 2, options: .pure, writingResult: index)] })
    static let strpos = alias("strpos", of: textIndex) { [SQLFunction("strpos", argumentCount: 2, options: .pure, writingResult: index)] }

    static let textLastIndex = CatalogFunction(
        arguments: "text, other",
        summary: "the character position of the last occurrence of other (0 when absent)",
        details: """
            text_last_index(text, other): the 1-based position, in characters, of the last \
            occurrence of other in text (occurrences may overlap: text_last_index('aaa', 'aa') \
            is 2), or 0 when there is none. As in sqlean, an empty other gives the length of \
            the text in characters (0 for ''). \(nullRule)
            """,
        example: "select text_last_index('hello yellow', 'ello');  -- 8",
        functions: { [SQLFunction("text_last_index", argumentCount: 2, options: .pure, writingResult: lastIndex)] })

    static let textContains = CatalogFunction(
        arguments: "text, other",
        summary: "1 when text contains other, else 0",
        details: "text_contains(text, other): 1 when other occurs in text, else 0; an empty other is always contained. Bytes are compared (case matters). \(nullRule)",
        example: "select text_contains('hello', 'ell'), text_contains('hello', 'L');  -- 1|0",
        functions: { [SQLFunction("text_contains", argumentCount: 2, options: .pure, writingResult: contains)] })

    static let textHasPrefix = CatalogFunction(
        arguments: "text, prefix",
        summary: "1 when text starts with prefix, else 0",
        details: "text_has_prefix(text, prefix): 1 when text starts with prefix, else 0; an empty prefix always matches. Bytes are compared (case matters). \(nullRule)",
        example: "select text_has_prefix('hello', 'he'), text_has_prefix('hello', 'lo');  -- 1|0",
        functions: { [SQLFunction("text_has_prefix", argumentCount: 2, options: .pure) { hasAffix($0, $1, suffix: false) }] })
    static let startsWith = alias("starts_with", of: textHasPrefix) {
        [SQLFunction("starts_with", argumentCount: 2, options: .pure) { hasAffix($0, $1, suffix: false) }]
    }

    static let textHasSuffix = CatalogFunction(
        arguments: "text, suffix",
        summary: "1 when text ends with suffix, else 0",
        details: "text_has_suffix(text, suffix): 1 when text ends with suffix, else 0; an empty suffix always matches. Bytes are compared (case matters). \(nullRule)",
        example: "select text_has_suffix('hello', 'lo'), text_has_suffix('hello', 'he');  -- 1|0",
        functions: { [SQLFunction("text_has_suffix", argumentCount: 2, options: .pure) { hasAffix($0, $1, suffix: true) }] })

    static let textCount = CatalogFunction(
        arguments: "text, other",
        summary: "the number of non-overlapping occurrences of other",
        details: """
            text_count(text, other): how many times other occurs in text, counting \
            non-overlapping occurrences from the left (text_count('aaaa', 'aa') is 2). An empty \
            other or an empty text gives 0. Bytes are compared. \(nullRule)
            """,
        example: "select text_count('hello yellow', 'l'), text_count('aaaa', 'aa');  -- 4|2",
        functions: { [SQLFunction("text_count", argumentCount: 2, options: .pure, writingResult: count)] })
}

// Forced inlining in this file: Benchmarks/sqlean-compare.sh (text_split, text_index...): every search.
/// The byte offset of the first occurrence of `needle` at or after `start`, or nil: memchr
/// finds each candidate first byte, memcmp checks the rest.
@inline(__always)
func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
    guard needle.count > 0 else { return start <= haystack.count ? start : nil }
    guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return nil }
    let first = Int32(pattern[0]), m = needle.count
    var i = start
    while i + m <= haystack.count {
        guard let hit = memchr(base + i, first, haystack.count - m + 1 - i) else { return nil }
        let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        if m == 1 || memcmp(base + at + 1, pattern + 1, m - 1) == 0 { return at }
        i = at + 1
    }
    return nil
}

private func index(_ arguments: Arguments, _ result: ResultContext) {
    if anyNull(arguments) { return result.setNull() }
    let text = arguments[0].textBytes, other = arguments[1].textBytes
    guard let offset = find(other, in: text) else { return result.set(0) }
    result.set(UTF8Bytes.characterCount(UnsafeBufferPointer(rebasing: text[0..<offset])) + 1)
}

private func lastIndex(_ arguments: Arguments, _ result: ResultContext) {
    if anyNull(arguments) { return result.setNull() }
    let text = arguments[0].textBytes, other = arguments[1].textBytes
    if other.isEmpty { return result.set(UTF8Bytes.characterCount(text)) }
    guard other.count <= text.count else { return result.set(0) }
    var i = text.count - other.count
    while i >= 0 {
        if text[i] == other[0], memcmp(text.baseAddress! + i, other.baseAddress!, other.count) == 0 {
            return result.set(UTF8Bytes.characterCount(UnsafeBufferPointer(rebasing: text[0..<i])) + 1)
        }
        i -= 1
    }
    result.set(0)
}

private func contains(_ arguments: Arguments, _ result: ResultContext) {
    if anyNull(arguments) { return result.setNull() }
    result.set(find(arguments[1].textBytes, in: arguments[0].textBytes) == nil ? 0 : 1)
}

private func hasAffix(_ arguments: Arguments, _ result: ResultContext, suffix: Bool) {
    if anyNull(arguments) { return result.setNull() }
    let text = arguments[0].textBytes, affix = arguments[1].textBytes
    guard affix.count <= text.count else { return result.set(0) }
    if affix.isEmpty { return result.set(1) }
    let at = suffix ? text.count - affix.count : 0
    result.set(memcmp(text.baseAddress! + at, affix.baseAddress!, affix.count) == 0 ? 1 : 0)
}

private func count(_ arguments: Arguments, _ result: ResultContext) {
    if anyNull(arguments) { return result.setNull() }
    let text = arguments[0].textBytes, other = arguments[1].textBytes
    guard !other.isEmpty else { return result.set(0) }
    var n = 0
    var at = 0
    while let found = find(other, in: text, from: at) {
        n += 1
        at = found + other.count
    }
    result.set(n)
}
