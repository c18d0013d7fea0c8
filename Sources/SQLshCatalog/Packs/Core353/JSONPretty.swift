import SQLshCore

/// `json_pretty(J[, INDENT])` (SQLite 3.46): JSON text laid out one element per line.
enum JSONPretty {
    /// SQLite's limit on the nesting of arrays and objects.
    static let maximumDepth = 1000

    /// What ``pretty(_:indent:limit:)`` gives.
    enum Outcome: Equatable {
        case text([UInt8])
        case malformed
        /// The text would be longer than the limit.
        case tooBig
    }

    /// The text of RFC 8259 JSON `input`, pretty-printed as SQLite 3.53 prints it (no space
    /// before a colon, one after; `[]` and `{}` when empty; numbers, strings and escapes
    /// as written), if it is JSON and takes at most `limit` bytes.
    static func pretty(_ input: UnsafeBufferPointer<UInt8>, indent: [UInt8], limit: Int) -> Outcome {
        var printer = Printer(input: input, indent: indent, limit: limit)
        printer.skipSpace()
        let parsed = printer.value(depth: 0)
        if printer.isTooBig { return .tooBig }
        guard parsed else { return .malformed }
        printer.skipSpace()
        guard printer.at == input.count else { return .malformed }
        return printer.out.count <= limit ? .text(printer.out) : .tooBig
    }

    private struct Printer {
        let input: UnsafeBufferPointer<UInt8>
        let indent: [UInt8]
        var at = 0
        var out: [UInt8] = []
        var level = 0
        let limit: Int
        var isTooBig = false

        init(input: UnsafeBufferPointer<UInt8>, indent: [UInt8], limit: Int) {
            self.input = input
            self.indent = indent
            self.limit = limit
            out.reserveCapacity(min(input.count * 2, limit))
        }

        var current: UInt8? { at < input.count ? input[at] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d { at += 1 }
        }

        /// A newline and the indent of the level; false when the text grows past the limit.
        mutating func newLine() -> Bool {
            let (width, overflow) = indent.count.multipliedReportingOverflow(by: level)
            guard !overflow, width < limit - out.count else {
                isTooBig = true
                return false
            }
            out.append(0x0a)
            for _ in 0..<level { out.append(contentsOf: indent) }
            return true
        }

        mutating func value(depth: Int) -> Bool {
            guard let c = current else { return false }
            switch c {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), isObject: true, depth: depth)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), isObject: false, depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        /// An array or object; `depth` counts the ones around it (at most 999: SQLite reads
        /// 1,000 levels).
        mutating func container(close: UInt8, isObject: Bool, depth: Int) -> Bool {
            guard depth < JSONPretty.maximumDepth else { return false }
            out.append(input[at])
            at += 1
            skipSpace()
            if current == close {
                at += 1
                out.append(close)
                return true
            }
            level += 1
            while true {
                guard newLine() else { return false }
                if isObject {
                    guard current == UInt8(ascii: "\""), string() else { return false }
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { return false }
                    at += 1
                    out.append(contentsOf: [UInt8(ascii: ":"), 0x20])
                    skipSpace()
                }
                guard value(depth: depth + 1) else { return false }
                skipSpace()
                guard let c = current else { return false }
                at += 1
                if c == close { break }
                guard c == UInt8(ascii: ",") else { return false }
                out.append(UInt8(ascii: ","))
                skipSpace()
            }
            level -= 1
            guard newLine() else { return false }
            out.append(close)
            return true
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard at + count <= input.count else { return false }
            for k in 0..<count where input[at + k] != word.utf8Start[k] { return false }
            out.append(contentsOf: UnsafeBufferPointer(start: word.utf8Start, count: count))
            at += count
            return true
        }

        mutating func string() -> Bool {
            let start = at
            at += 1
            while let c = current {
                if c == UInt8(ascii: "\"") {
                    at += 1
                    out.append(contentsOf: input[start..<at])
                    return true
                }
                if c < 0x20 { return false }
                if c == UInt8(ascii: "\\") {
                    at += 1
                    guard let e = current else { return false }
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                         UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    case UInt8(ascii: "u"):
                        guard at + 4 < input.count,
                              (1...4).allSatisfy({ HexDigit.value(input[at + $0]) != nil }) else { return false }
                        at += 4
                    default:
                        return false
                    }
                }
                at += 1
            }
            return false
        }

        mutating func number() -> Bool {
            let start = at
            func digits() -> Int {
                var n = 0
                while let c = current, c >= 0x30, c <= 0x39 { at += 1; n += 1 }
                return n
            }
            if current == UInt8(ascii: "-") { at += 1 }
            if current == UInt8(ascii: "0") {
                at += 1
            } else if digits() == 0 {
                return false
            }
            if current == UInt8(ascii: ".") {
                at += 1
                guard digits() > 0 else { return false }
            }
            if let e = current, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                at += 1
                if let s = current, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { at += 1 }
                guard digits() > 0 else { return false }
            }
            out.append(contentsOf: input[start..<at])
            return true
        }
    }

    static let entry = CatalogFunction(
        arguments: "json[, indent]",
        summary: "JSON text laid out one element per line (SQLite 3.46)",
        details: """
            json_pretty(J) is J with each array element and object member on its own line, \
            indented four spaces a level, a space after each colon, empty arrays and objects \
            as [] and {}; numbers, strings and their escapes stay as written. \
            json_pretty(J, INDENT) indents with the text INDENT instead (NULL: four spaces). \
            NULL gives NULL; a blob is read as its text; text that is not JSON is an error: \
            "malformed JSON". Only RFC 8259 JSON is read: the JSON5 extensions SQLite 3.42 \
            accepts (comments, unquoted keys, hex numbers...) and JSONB blobs need the newer \
            engine and are "malformed JSON" here.
            """,
        example: "SELECT replace(json_pretty('{\"a\":[1,2]}', ''), char(10), ' ');  -- '{ \"a\": [ 1, 2 ] }'",
        functions: {
            [1, 2].map { count in
                SQLFunction("json_pretty", argumentCount: count, options: .pure, writingResult: { arguments, result in
                    let json = arguments[0]
                    if json.isNull { return result.setNull() }
                    var indent: [UInt8] = Array("    ".utf8)
                    if count == 2 && !arguments[1].isNull { indent = Array(arguments[1].textBytes) }
                    switch pretty(json.textBytes, indent: indent, limit: result.lengthLimit) {
                    case .text(let text): text.withUnsafeBufferPointer { result.setText(utf8: $0) }
                    case .malformed: throw Core353Error("malformed JSON")
                    case .tooBig: result.setTooBig()
                    }
                })
            }
        })
}
