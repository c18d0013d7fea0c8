import CPCRE2
import SQLshCore

/// `regexp(pattern, text)` (the REGEXP operator), `regexpi(pattern, text)` and
/// `regexp_like(text, pattern)`: whether a pattern matches somewhere in a text.
enum RegexpMatch {
    static let syntaxNote = """
        Patterns are PCRE2 (Perl syntax) in UTF mode. REGEXP and regexpi, the stock shell's \
        functions, give the answers of SQLite's own regexp (ext/misc/regexp.c): . matches a \
        newline, $ only the very end, {,n} is {0,n}, and \\d, \\w, \\s, \\b and regexpi's case \
        folding are ASCII; regexp_like and the other sqlean names know all of Unicode in \\d, \\w \
        and (?i). A constant pattern is compiled \
        (and JIT-compiled) once per statement; for REGEXP, regexpi and regexp_like, a simple \
        pattern (literals, classes, groups, alternation, quantifiers, ^ and $) on an ASCII \
        text runs on a deterministic automaton, one step per byte, with PCRE2's answer. SQLite's \
        \\uXXXX escape is a literal character (as \\x{XXXX}). An invalid pattern is an error giving PCRE2's \
        message and the offset in the pattern; REGEXP and regexpi first refuse what SQLite 3.53 \
        refuses with its own text: a pattern longer than the LIKE pattern length limit or a \
        repeat count over 25,000 (at the default limit) is "REGEXP pattern too big", and a \
        class SQLite reads as unclosed ('[x-]') is "unclosed '['". A match that backtracks too much (such as \
        '(a+)+$' on a long text) fails with an error instead of running for ever. In a text \
        that is not valid UTF-8 each bad byte is a U+FFFD character, as SQLite's regexp reads \
        it (regexp_substr, regexp_capture and regexp_replace refuse such a text). Numbers are \
        matched as their text form.
        """

    static let regexp = CatalogFunction(
        arguments: "pattern, text",
        summary: "1 when the PCRE2 pattern matches the text (X REGEXP Y)",
        details: """
            regexp(pattern, text) implements the REGEXP operator: 'text REGEXP pattern' calls \
            regexp(pattern, text). Gives 1 when the pattern matches somewhere in the text, else 0; \
            NULL when either operand is NULL. Matching is case-sensitive ((?i) in the pattern, or \
            regexpi, ignores case). 
            """ + syntaxNote,
        example: "select 'the year is 2021' regexp '[0-9]{4}';  -- 1"
    ) {
        let engine = RegexEngine()
        return [SQLFunction("regexp", argumentCount: 2, options: .pure) { arguments, result in
            try matchFunction(arguments, result, engine: engine, pattern: 0, subject: 1, options: SQLiteDialect.options,
                              function: "regexp")
        }]
    }

    static let regexpi = CatalogFunction(
        arguments: "pattern, text",
        summary: "1 when the PCRE2 pattern matches the text, ignoring case",
        details: """
            regexpi(pattern, text) is regexp(pattern, text) ignoring the case of ASCII letters \
            (as the stock sqlite3 shell's: É and é differ; regexp_like with (?i) folds all of \
            Unicode). NULL when either argument is NULL. 
            """ + syntaxNote,
        example: "select regexpi('^school$', 'SCHOOL'), regexpi('^é', 'École');  -- 1|0"
    ) {
        let engine = RegexEngine()
        return [SQLFunction("regexpi", argumentCount: 2, options: .pure) { arguments, result in
            try matchFunction(arguments, result, engine: engine, pattern: 0, subject: 1,
                              options: PCRE2_CASELESS | SQLiteDialect.options,
                              function: "regexpi")
        }]
    }

    static let regexpLike = CatalogFunction(
        arguments: "text, pattern",
        summary: "1 when the text matches the PCRE2 pattern (sqlean)",
        details: """
            regexp_like(text, pattern): 1 when the pattern matches somewhere in the text, else 0. \
            NULL when either argument is NULL (sqlean gives 0 for a NULL text and an error for a \
            NULL pattern). 
            """ + syntaxNote,
        example: "select regexp_like('the year is 2021', '[0-9]+');  -- 1"
    ) {
        let engine = RegexEngine()
        return [SQLFunction("regexp_like", argumentCount: 2, options: .pure) { arguments, result in
            try matchFunction(arguments, result, engine: engine, pattern: 1, subject: 0, options: 0, function: "regexp_like")
        }]
    }
}

// Forced inlining in this file: Benchmarks/catalog.sh (REGEXP): every row; without it REGEXP costs 6% more.
@inline(__always)
private func matchFunction(_ arguments: Arguments, _ result: ResultContext, engine: RegexEngine,
                           pattern patternIndex: Int32, subject subjectIndex: Int, options: UInt32,
                           function: StaticString) throws {
    let subjectValue = arguments[subjectIndex]
    if subjectValue.isNull { return result.setNull() }
    let sqliteLimits = patternIndex == 0 ? result.limit(.likePatternLength) : nil
    let matched = try engine.withPattern(arguments, patternIndex, options: options, function: function,
                                         likePatternLimit: sqliteLimits) { pattern in
        let subject = subjectValue.textBytes
        if UTF8Bytes.isASCII(subject) {
            if let dfa = pattern.asciiDFA { return dfa.matches(subject) }
        } else if UTF8Bytes.firstInvalidOffset(subject) != nil || pattern.foldsASCIIOnly {
            // Not an error, as in SQLite's regexp: each bad byte is a U+FFFD character.
            SQLiteDialect.decodingAsSQLite(subject, into: &engine.decodedSubject)
            // regexpi ignores the case of ASCII letters only, as SQLite's: the pattern was
            // compiled in lower case, and the text is matched in lower case.
            if pattern.foldsASCIIOnly { SQLiteDialect.lowercasingASCII(&engine.decodedSubject) }
            return try engine.decodedSubject.withUnsafeBufferPointer { decoded in
                try pattern.match(decoded.baseAddress.unsafelyUnwrapped, length: decoded.count, from: 0,
                                  context: engine.matchContext, function: function)
            }
        }
        return try pattern.match(subject.baseAddress.unsafelyUnwrapped, length: subject.count, from: 0,
                                 context: engine.matchContext, function: function)
    }
    guard let matched else { return result.setNull() }
    result.set(Int64(matched ? 1 : 0))
}
