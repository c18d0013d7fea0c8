import CPCRE2
import SQLshCore

/// DuckDB's regexp_extract, regexp_extract_all and regexp_matches on PCRE2 (the regexp
/// pack's engine: patterns compiled once per statement, match limits).
enum DuckDBRegexp {
    static let syntax = "The pattern is PCRE2 (DuckDB uses RE2, whose syntax it mostly shares; RE2 has no backreferences or lookaround), with ASCII classes as in RE2: \\w, \\d, \\s and \\b match ASCII only (case-insensitive matching folds all of Unicode, and then the classes are Unicode's). Text that is not valid UTF-8 is an error."
    /// RE2's ASCII classes.
    static let ascii = PCRE2_NEVER_UCP

    /// A group: a number, or the name of a named group.
    enum Group {
        case number(Int64)
        case name([UInt8])
    }

    static func group(_ value: Argument, function: StaticString) throws -> Group? {
        switch value.numericType {
        case .null: return nil
        case .integer: return .number(value.int64)
        case .real:
            let d = value.double
            guard d == d.rounded(.towardZero), abs(d) < 9.2e18 else { break }
            return .number(Int64(d))
        case .text: return .name(Array(value.textBytes))
        default: break
        }
        throw DuckDBError("\(function)(): the group must be an integer or a group name")
    }

    static func groupNumber(_ group: Group, _ pattern: CompiledPattern, function: StaticString) throws -> Int {
        switch group {
        case .number(let n):
            guard n >= 0, n <= Int64(pattern.captureCount) else {
                throw DuckDBError("\(function)(): the pattern has no group \(n)")
            }
            return Int(n)
        case .name(let bytes):
            var name = bytes
            name.append(0)
            let found = name.withUnsafeBufferPointer { pcre2_substring_number_from_name_8(pattern.code, $0.baseAddress) }
            guard found >= 0 else {
                throw DuckDBError("\(function)(): the pattern has no group named '\(String(decoding: bytes, as: UTF8.self))'")
            }
            return Int(found)
        }
    }

    static let regexpExtract = duckEntry(
        arguments: "text, pattern[, group]", summary: "group (a number or a name; default 0, the whole match) of the first match, '' when none",
        details: "regexp_extract(text, pattern[, group]): the text of capturing group `group` of the first match of the pattern, as DuckDB's regexp_extract: group 0 (the default) is the whole match, and group may also be the name of a named group ((?<year>...) and 'year'). '' (not NULL) when the pattern does not match or the group took no part in the match. A group the pattern does not have is an error. NULL when the text, the pattern or the group is NULL. \(syntax)",
        example: "select regexp_extract('abc123', '([a-z]+)(\\d+)', 2), regexp_extract('2023-04', '(?<y>\\d+)-(?<m>\\d+)', 'm');  -- '123'|'04'",
        functions: {
            let engine = RegexEngine()
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { args, result in
                if args[0].isNull { return result.setNull() }
                var group = Group.number(0)
                if args.count > 2 {
                    guard let g = try Self.group(args[2], function: "regexp_extract") else { return result.setNull() }
                    group = g
                }
                let subjectValue = args[0]
                let done = try engine.withPattern(args, 1, options: ascii, function: "regexp_extract") { pattern -> Bool in
                    let number = try groupNumber(group, pattern, function: "regexp_extract")
                    let subject = subjectValue.textBytes
                    try checkSubject(subject, function: "regexp_extract")
                    let empty = UnsafeBufferPointer(rebasing: subject[0..<0])
                    guard try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: 0,
                                            context: engine.matchContext, function: "regexp_extract") else {
                        result.setText(utf8: empty)
                        return true
                    }
                    let start = pattern.ovector[2 * number], end = pattern.ovector[2 * number + 1]
                    if start == sqlsh_pcre2_unset() || end < start {
                        result.setText(utf8: empty)
                    } else {
                        result.setText(utf8: UnsafeBufferPointer(rebasing: subject[start..<end]))
                    }
                    return true
                }
                if done == nil { result.setNull() }
            }
            return [SQLFunction("regexp_extract", argumentCount: 2, options: .pure, writingResult: body),
                    SQLFunction("regexp_extract", argumentCount: 3, options: .pure, writingResult: body)]
        })

    static let regexpExtractAll = duckEntry(
        arguments: "text, pattern[, group]", summary: "group (default 0) of every match, as a JSON array",
        details: "regexp_extract_all(text, pattern[, group]): the text of capturing group `group` (0, the default, is the whole match; a number or a name) of every non-overlapping match, left to right, as a JSON array text of strings (DuckDB gives a LIST): '[]' when nothing matches. An empty match is followed by a search one character further (regexp_extract_all('abc', '') is four empty strings, as in DuckDB). A group that took no part in a match gives ''. A group the pattern does not have is an error. NULL when the text, the pattern or the group is NULL. A result longer than SQLite's length limit fails with \"string or blob too big\". \(syntax)",
        example: "select regexp_extract_all('a1b22c333', '\\d+');  -- '[\"1\",\"22\",\"333\"]'",
        functions: {
            let engine = RegexEngine()
            let scratch = DuckDBScratch()
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { args, result in
                if args[0].isNull { return result.setNull() }
                var group = Group.number(0)
                if args.count > 2 {
                    guard let g = try Self.group(args[2], function: "regexp_extract_all") else { return result.setNull() }
                    group = g
                }
                let subjectValue = args[0]
                let limit = result.lengthLimit
                let done = try engine.withPattern(args, 1, options: ascii, function: "regexp_extract_all") { pattern -> Bool in
                    let number = try groupNumber(group, pattern, function: "regexp_extract_all")
                    let subject = subjectValue.textBytes
                    try checkSubject(subject, function: "regexp_extract_all")
                    scratch.bytes.removeAll(keepingCapacity: true)
                    scratch.bytes.append(0x5B)
                    var from = 0
                    var first = true
                    while from <= subject.count,
                          try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: from,
                                            context: engine.matchContext, function: "regexp_extract_all") {
                        let matchStart = pattern.ovector[0], matchEnd = pattern.ovector[1]
                        let start = pattern.ovector[2 * number], end = pattern.ovector[2 * number + 1]
                        if !first { scratch.bytes.append(0x2C) }
                        first = false
                        if start == sqlsh_pcre2_unset() || end < start {
                            scratch.bytes.append(contentsOf: [0x22, 0x22])
                        } else {
                            try JSONBytes.appendString(UnsafeBufferPointer(rebasing: subject[start..<end]), to: &scratch.bytes,
                                                       function: "regexp_extract_all")
                        }
                        if scratch.bytes.count > limit { result.setTooBig(); return true }
                        if matchEnd > matchStart {
                            from = matchEnd
                        } else {
                            if matchEnd >= subject.count { break }
                            from = matchEnd + (UTF8Bytes.decode(subject, at: matchEnd)?.length ?? 1)
                        }
                    }
                    scratch.bytes.append(0x5D)
                    scratch.bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
                    return true
                }
                if done == nil { result.setNull() }
            }
            return [SQLFunction("regexp_extract_all", argumentCount: 2, options: .pure, writingResult: body),
                    SQLFunction("regexp_extract_all", argumentCount: 3, options: .pure, writingResult: body)]
        })

    /// PCRE2 options of DuckDB's option letters.
    static func options(_ value: Argument) throws -> UInt32 {
        var options: UInt32 = 0
        for byte in value.textBytes {
            switch byte {
            case UInt8(ascii: "c"): options &= ~PCRE2_CASELESS
            case UInt8(ascii: "i"): options |= PCRE2_CASELESS
            case UInt8(ascii: "l"): options |= PCRE2_LITERAL
            case UInt8(ascii: "m"), UInt8(ascii: "n"), UInt8(ascii: "p"): options |= PCRE2_MULTILINE
            case UInt8(ascii: "s"): options |= PCRE2_DOTALL
            case UInt8(ascii: "g"): break
            default: throw DuckDBError("regexp_matches(): unknown option '\(Character(Unicode.Scalar(byte)))' (c, i, l, m, n, p, s, g)")
            }
        }
        // A literal pattern: searched as bytes, or (case-insensitive) quoted with \Q...\E.
        if options & PCRE2_LITERAL != 0 { options &= PCRE2_CASELESS | PCRE2_LITERAL }
        // RE2's ASCII classes, except when case-insensitive (see `syntax`).
        return options & PCRE2_CASELESS != 0 ? options : options | ascii
    }

    static let regexpMatches = duckEntry(
        arguments: "text, pattern[, options]", summary: "1 when the pattern matches somewhere in the text",
        details: "regexp_matches(text, pattern[, options]): 1 when the pattern matches any part of the text, else 0, as DuckDB's regexp_matches. options is a text of DuckDB's letters: 'i' case-insensitive, 'c' case-sensitive (the default), 'l' the pattern is literal text, 'm'/'n'/'p' ^ and $ match at line breaks, 's' . matches a newline, 'g' ignored; another letter is an error. By default . does not match a newline, as in DuckDB. NULL when any argument is NULL. \(syntax)",
        example: "select regexp_matches('duckdb', 'k.b'), regexp_matches('DuckDB', '^duck', 'i');  -- 1|1",
        functions: {
            let engine = RegexEngine()
            let body: @Sendable (Arguments, ResultContext) throws -> Void = { args, result in
                if args[0].isNull { return result.setNull() }
                var options: UInt32 = 0
                if args.count > 2 {
                    if args[2].isNull { return result.setNull() }
                    options = try Self.options(args[2])
                }
                let subjectValue = args[0]
                if options & PCRE2_LITERAL != 0 {
                    // PCRE2_LITERAL admits neither UCP nor NEVER_UCP: a literal is searched as
                    // bytes, or (case-insensitive) quoted with \Q...\E.
                    if args[1].isNull { return result.setNull() }
                    let subject = subjectValue.textBytes
                    try checkSubject(subject, function: "regexp_matches")
                    let needle = args[1].textBytes
                    if options & PCRE2_CASELESS == 0 {
                        return result.set(Int64(firstOffset(of: needle, in: subject, from: 0) != nil ? 1 : 0))
                    }
                    var quoted: [UInt8] = Array("\\Q".utf8)
                    for byte in needle {
                        quoted.append(byte)
                        if byte == UInt8(ascii: "E"), quoted.count >= 2, quoted[quoted.count - 2] == UInt8(ascii: "\\") {
                            quoted.append(contentsOf: Array("\\\\E\\Q".utf8))
                        }
                    }
                    quoted.append(contentsOf: Array("\\E".utf8))
                    let pattern = try quoted.withUnsafeBufferPointer {
                        try CompiledPattern($0, options: PCRE2_CASELESS, function: "regexp_matches")
                    }
                    let found = try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: 0,
                                                  context: engine.matchContext, function: "regexp_matches")
                    return result.set(Int64(found ? 1 : 0))
                }
                let matched = try engine.withPattern(args, 1, options: options, function: "regexp_matches") { cached -> Bool in
                    let subject = subjectValue.textBytes
                    try checkSubject(subject, function: "regexp_matches")
                    // A constant pattern is cached with the options of its first row.
                    let pattern = cached.options == options
                        ? cached : try CompiledPattern(args[1].textBytes, options: options, function: "regexp_matches")

                    return try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: 0,
                                             context: engine.matchContext, function: "regexp_matches")
                }
                guard let matched else { return result.setNull() }
                result.set(Int64(matched ? 1 : 0))
            }
            return [SQLFunction("regexp_matches", argumentCount: 2, options: .pure, writingResult: body),
                    SQLFunction("regexp_matches", argumentCount: 3, options: .pure, writingResult: body)]
        })
}
