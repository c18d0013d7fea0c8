import CPCRE2
import SQLshCore

/// `regexp_substr(text, pattern)` and `regexp_capture(text, pattern[, n])`: the text of the
/// first match or of one of its groups.
enum RegexpExtract {
    static let regexpSubstr = CatalogFunction(
        arguments: "text, pattern",
        summary: "the first part of the text that matches the pattern",
        details: """
            regexp_substr(text, pattern): the first substring of the text that the pattern \
            matches, or NULL when it does not match. NULL when either argument is NULL. 
            """ + RegexpMatch.syntaxNote,
        example: "select regexp_substr('the year is 2021', '[0-9]+');  -- '2021'"
    ) {
        let engine = RegexEngine()
        return [SQLFunction("regexp_substr", argumentCount: 2, options: .pure) { arguments, result in
            try extract(arguments, result, engine: engine, group: .number(0), function: "regexp_substr")
        }]
    }

    static let regexpCapture = CatalogFunction(
        arguments: "text, pattern[, n]",
        summary: "group n (a number or a name; default 0, the whole match) of the first match",
        details: """
            regexp_capture(text, pattern[, n]): the text of capturing group n of the first match; \
            groups count from 1 and n = 0 (the default) is the whole match, as in sqlean. n may \
            also be the name of a named group ((?<year>...) and n = 'year'). NULL when the \
            pattern does not match, when group n did not take part in the match, when n is \
            negative or larger than the number of groups, or when any argument is NULL. A real \
            n with an integral value counts as that integer; any other real, a blob, or a name \
            the pattern does not have is an error. 
            """ + RegexpMatch.syntaxNote,
        example: "select regexp_capture('years is 2021', '\\d\\d(\\d\\d)', 1);  -- '21'"
    ) {
        let engine = RegexEngine()
        return [
            SQLFunction("regexp_capture", argumentCount: 2, options: .pure) { arguments, result in
                try extract(arguments, result, engine: engine, group: .number(0), function: "regexp_capture")
            },
            SQLFunction("regexp_capture", argumentCount: 3, options: .pure) { arguments, result in
                let n = arguments[2]
                switch n.numericType {
                case .null:
                    return result.setNull()
                case .integer:
                    try extract(arguments, result, engine: engine, group: .number(n.int64), function: "regexp_capture")
                case .real:
                    let d = n.double
                    guard d == d.rounded(.towardZero), abs(d) < 9.2e18 else {
                        throw RegexpError("regexp_capture: the group must be an integer or a group name")
                    }
                    try extract(arguments, result, engine: engine, group: .number(Int64(d)), function: "regexp_capture")
                case .text:
                    try extract(arguments, result, engine: engine, group: .name(n), function: "regexp_capture")
                default:
                    throw RegexpError("regexp_capture: the group must be an integer or a group name")
                }
            },
        ]
    }
}

/// Which group `regexp_capture` gives: a number, or the name in an SQL text value.
private enum Group {
    case number(Int64)
    case name(Argument)
}

private func extract(_ arguments: Arguments, _ result: ResultContext, engine: RegexEngine, group: Group,
                     function: StaticString) throws {
    let subjectValue = arguments[0]
    if subjectValue.isNull { return result.setNull() }
    let found = try engine.withPattern(arguments, 1, options: 0, function: function) { pattern -> Bool in
        let number: Int64
        switch group {
        case .number(let n):
            number = n
        case .name(let value):
            let name = String(decoding: value.textBytes, as: UTF8.self)
            let found = pcre2_substring_number_from_name_8(pattern.code, name)
            guard found >= 0 else { throw RegexpError("\(function): the pattern has no group named '\(name)'") }
            number = Int64(found)
        }
        let subject = subjectValue.textBytes
        try checkSubject(subject, function: function)
        guard number >= 0, number <= pattern.captureCount,
              try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: 0,
                                context: engine.matchContext, function: function) else {
            return false
        }
        let start = pattern.ovector[2 * Int(number)]
        let end = pattern.ovector[2 * Int(number) + 1]
        if start == sqlsh_pcre2_unset() || end < start { return false }
        result.setText(utf8: UnsafeBufferPointer(rebasing: subject[start..<end]))
        return true
    }
    if found != true { result.setNull() }
}
