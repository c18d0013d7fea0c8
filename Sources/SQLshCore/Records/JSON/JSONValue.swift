/// A JSON document, parsed from or written as UTF-8 text. The record coders store a property
/// that has fields or elements of its own (a nested struct, an array, a dictionary) as JSON
/// text in one column; this is the small JSON reader and writer they use, so that SQLshCore
/// needs no Foundation.
///
/// Numbers keep their text, so that an `Int64` or a `Double` reads back exactly.
enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order; a repeated key keeps its last value when read.
    case object([(key: String, value: JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// What kind of value this is, for messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error, with the byte offset where it was found.
struct JSONSyntaxError: Error, CustomStringConvertible {
    var offset: Int
    var reason: String
    var description: String { "\(reason) at byte \(offset)" }
}

// MARK: Reading

extension JSONValue {
    /// Parses a whole document (RFC 8259; surrounding whitespace allowed). Nesting deeper than
    /// 512 levels is refused rather than risking the stack.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }
}

private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: index, reason: reason) }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    mutating func expect(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end of JSON") }
        for i in 0..<count where bytes[index + i] != literal.utf8Start[i] { throw error("invalid literal") }
        index += count
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw error("JSON nested too deeply") }
        guard let b = peek else { throw error("unexpected end of JSON") }
        switch b {
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if peek == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                if peek == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("expected ',' or ']'")
            }
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            skipWhitespace()
            if peek == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw error("expected a string key") }
                let key = try string()
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw error("expected ':'") }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                if peek == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}'")
            }
        default:
            return .number(try number())
        }
    }

    mutating func number() throws -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while let b = peek, b >= 0x30, b <= 0x39 { index += 1 }
            return index - from
        }
        if peek == UInt8(ascii: "-") { index += 1 }
        let first = peek
        let count = digits()
        guard count > 0 else { throw error("invalid value") }
        if first == UInt8(ascii: "0") && count > 1 { throw error("leading zero in a number") }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("digits expected after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("digits expected in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt8
            switch b {
            case 0x30...0x39: digit = b - 0x30
            case 0x41...0x46: digit = b - 0x41 + 10
            case 0x61...0x66: digit = b - 0x61 + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func string() throws -> String {
        index += 1 // the opening quote
        var utf8: [UInt8] = []
        while true {
            guard let b = peek else { throw error("unterminated string") }
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw error("unterminated string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(e)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in a \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("unpaired surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in a \\u escape") }
                    utf8.append(contentsOf: unicode.utf8)
                default:
                    throw error("invalid escape")
                }
            case 0x00..<0x20:
                throw error("control character in a string")
            default:
                utf8.append(b)
            }
        }
    }
}

// MARK: Writing

extension JSONValue {
    /// The value as compact JSON text (no spaces), object members in their order.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
