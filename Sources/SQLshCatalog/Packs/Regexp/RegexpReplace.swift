import CPCRE2
import SQLshCore

/// `regexp_replace(text, pattern, replacement)`: every match replaced, with group references.
enum RegexpReplace {
    static let entry = CatalogFunction(
        arguments: "text, pattern, replacement",
        summary: "replace every match of the pattern ($1, ${name}, $$ in the replacement)",
        details: """
            regexp_replace(text, pattern, replacement): the text with every non-overlapping match \
            of the pattern replaced. In the replacement, $0 is the whole match, $1 to $99 (or \
            ${1}) a numbered group, ${name} a named group, and $$ a dollar sign; a group that did \
            not take part in the match gives an empty string; a reference to a group the pattern \
            does not have is an error; a $ followed by anything else is a literal $. After an \
            empty match the search resumes one character further, so '' patterns insert between \
            characters. The result may be as long as SQLite allows (unlike sqlean, which silently \
            returns its input when the result grows by more than 1024 bytes); beyond the length \
            limit it fails with 'string or blob too big' before using the memory. NULL when any argument is NULL. 
            """ + RegexpMatch.syntaxNote,
        example: "select regexp_replace('2021-12-31', '(\\d+)-(\\d+)-(\\d+)', '$3.$2.$1');  -- '31.12.2021'"
    ) {
        let engine = RegexEngine()
        return [SQLFunction("regexp_replace", argumentCount: 3, options: .pure) { arguments, result in
            try replace(arguments, result, engine: engine)
        }]
    }
}

/// One piece of a parsed replacement: literal bytes or a group reference.
private enum ReplacementPart {
    case literal(Range<Int>)
    case group(Int)
}

/// Parses `$n`, `${n}`, `${name}` and `$$` in a replacement.
private func parseReplacement(_ r: UnsafeBufferPointer<UInt8>, pattern: CompiledPattern) throws -> [ReplacementPart] {
    var parts: [ReplacementPart] = []
    var literalStart = 0
    var i = 0
    func flush(_ end: Int) { if end > literalStart { parts.append(.literal(literalStart..<end)) } }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    while i < r.count {
        guard r[i] == UInt8(ascii: "$"), i + 1 < r.count else { i += 1; continue }
        let next = r[i + 1]
        if next == UInt8(ascii: "$") {
            flush(i + 1)  // keep one '$'
            i += 2
            literalStart = i
        } else if isDigit(next) {
            var j = i + 1
            var number = 0
            while j < r.count, isDigit(r[j]), j - i <= 2 { number = number * 10 + Int(r[j] - 0x30); j += 1 }
            try checkGroup(number, pattern)
            flush(i)
            parts.append(.group(number))
            i = j
            literalStart = i
        } else if next == UInt8(ascii: "{"), let close = r[(i + 2)...].firstIndex(of: UInt8(ascii: "}")) {
            let name = UnsafeBufferPointer(rebasing: r[(i + 2)..<close])
            let number: Int
            if !name.isEmpty, name.allSatisfy(isDigit) {
                number = name.count > 6 ? Int.max : name.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            } else {
                let text = String(decoding: name, as: UTF8.self)
                let found = pcre2_substring_number_from_name_8(pattern.code, text)
                guard found >= 0 else { throw RegexpError("regexp_replace: the pattern has no group named '\(text)'") }
                number = Int(found)
            }
            try checkGroup(number, pattern)
            flush(i)
            parts.append(.group(number))
            i = close + 1
            literalStart = i
        } else {
            i += 1
        }
    }
    flush(r.count)
    return parts
}

private func checkGroup(_ number: Int, _ pattern: CompiledPattern) throws {
    guard number <= pattern.captureCount else {
        throw RegexpError("regexp_replace: the replacement refers to group \(number) but the pattern has \(pattern.captureCount)")
    }
}

private func replace(_ arguments: Arguments, _ result: ResultContext, engine: RegexEngine) throws {
    let subjectValue = arguments[0]
    let replacementValue = arguments[2]
    if subjectValue.isNull || replacementValue.isNull {
        return result.setNull()
    }
    let done: Void? = try engine.withPattern(arguments, 1, options: 0, function: "regexp_replace") { pattern in
        try replace(subjectValue, pattern: pattern, replacementValue: replacementValue, result, engine: engine)
    }
    if done == nil { result.setNull() }
}

private func replace(_ subjectValue: Argument, pattern: CompiledPattern, replacementValue: Argument,
                     _ result: ResultContext, engine: RegexEngine) throws {
    let replacement = replacementValue.textBytes
    let parts = try parseReplacement(replacement, pattern: pattern)
    let subject = subjectValue.textBytes
    try checkSubject(subject, function: "regexp_replace")
    let base = subject.baseAddress.unsafelyUnwrapped
    let ovector = pattern.ovector

    engine.output.removeAll(keepingCapacity: true)
    let limit = result.lengthLimit
    // Each piece is checked against the length limit before it is added.
    func add(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { engine.output.append(bytes, limit: limit) }
    var copied = 0  // subject bytes up to here are in the output
    var position = 0
    while position <= subject.count,
          try pattern.match(base, length: subject.count, from: position, context: engine.matchContext,
                            function: "regexp_replace") {
        let start = ovector[0], end = ovector[1]
        guard start >= copied, end >= start else { break }  // \K tricks: stop rather than loop
        guard add(UnsafeBufferPointer(rebasing: subject[copied..<start])) else { return result.setTooBig() }
        for part in parts {
            switch part {
            case .literal(let range):
                guard add(UnsafeBufferPointer(rebasing: replacement[range])) else { return result.setTooBig() }
            case .group(let n):
                let groupStart = ovector[2 * n], groupEnd = ovector[2 * n + 1]
                if groupStart != sqlsh_pcre2_unset(), groupEnd >= groupStart {
                    guard add(UnsafeBufferPointer(rebasing: subject[groupStart..<groupEnd])) else { return result.setTooBig() }
                }
            }
        }
        copied = end
        if end > start {
            position = end
        } else {
            // Empty match: copy one whole character and search again after it.
            guard end < subject.count else { break }
            var next = end + 1
            while next < subject.count, subject[next] & 0xC0 == 0x80 { next += 1 }
            guard add(UnsafeBufferPointer(rebasing: subject[end..<next])) else { return result.setTooBig() }
            copied = next
            position = next
        }
    }
    guard add(UnsafeBufferPointer(rebasing: subject[copied...])) else { return result.setTooBig() }
    engine.output.withUnsafeBufferPointer { result.setText(utf8: $0) }
}
