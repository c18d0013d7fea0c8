import SQLshCore

/// `unistr(X)` (SQLite 3.50): `\XXXX`, `\uXXXX`, `\+XXXXXX`, `\UXXXXXXXX` and `\\` escapes.
enum Unistr {
    /// The value of `count` hex digits at `i`, or nil when one of them is not a hex digit.
    static func hexValue(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, count: Int) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<count {
            guard i + k < bytes.count, let d = HexDigit.value(bytes[i + k]) else { return nil }
            v = v &<< 4 &+ UInt32(d)
        }
        return v
    }

    /// Appends `v` in UTF-8 as SQLite's sqlite3AppendOneUtf8Character does (no range check:
    /// values past U+10FFFF keep their low 21 bits' pattern, surrogates are encoded as-is).
    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(0xc0 &+ UInt8((v >> 6) & 0x1f))
            out.append(0x80 &+ UInt8(v & 0x3f))
        } else if v < 0x10000 {
            out.append(0xe0 &+ UInt8((v >> 12) & 0x0f))
            out.append(0x80 &+ UInt8((v >> 6) & 0x3f))
            out.append(0x80 &+ UInt8(v & 0x3f))
        } else {
            out.append(0xf0 &+ UInt8((v >> 18) & 0x07))
            out.append(0x80 &+ UInt8((v >> 12) & 0x3f))
            out.append(0x80 &+ UInt8((v >> 6) & 0x3f))
            out.append(0x80 &+ UInt8(v & 0x3f))
        }
    }

    /// The decoded bytes, or nil for an invalid escape.
    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        let backslash = UInt8(ascii: "\\")
        var i = 0
        while i < input.count {
            let c = input[i]
            guard c == backslash else {
                out.append(c)
                i += 1
                continue
            }
            let next: UInt8 = i + 1 < input.count ? input[i + 1] : 0
            var v: UInt32?
            if next == backslash {
                out.append(backslash)
                i += 2
                continue
            } else if HexDigit.value(next) != nil {
                v = hexValue(input, at: i + 1, count: 4)
                i += 5
            } else if next == UInt8(ascii: "+") {
                v = hexValue(input, at: i + 2, count: 6)
                i += 8
            } else if next == UInt8(ascii: "u") {
                v = hexValue(input, at: i + 2, count: 4)
                i += 6
            } else if next == UInt8(ascii: "U") {
                v = hexValue(input, at: i + 2, count: 8)
                i += 10
            }
            guard let v else { return nil }
            // Past the last code point: U+FFFD, as SQLite 3.53 (test/func9.test 300).
            appendUTF8(v > 0x10FFFF ? 0xFFFD : v, to: &out)
        }
        return out
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "the text X with its Unicode escapes decoded (SQLite 3.50)",
        details: """
            unistr(X) decodes \\XXXX and \\uXXXX (4 hex digits), \\+XXXXXX (6) and \
            \\UXXXXXXXX (8) into the character of that code point, and \\\\ into one \
            backslash; other characters are kept. A code point past U+10FFFF gives U+FFFD. Any \
            other backslash, or too few hex digits, is an error: "invalid Unicode escape". NULL gives NULL. As SQLite 3.50 and later \
            (PostgreSQL's unistr).
            """,
        example: "SELECT unistr('caf\\u00e9 \\+01F600');  -- 'café 😀'",
        functions: {
            [SQLFunction("unistr", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                if arguments[0].isNull { return result.setNull() }
                guard let bytes = decode(arguments[0].textBytes) else {
                    throw Core353Error("invalid Unicode escape")
                }
                guard bytes.count <= result.lengthLimit else { return result.setTooBig() }
                bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
            })]
        })
}

/// `unistr_quote(X)` (SQLite 3.50): quote(X), with control characters of a text written as
/// `unistr('...')` escapes.
enum UnistrQuote {
    static func quoteText(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        // %Q stops at a NUL byte.
        let end = text.firstIndex(of: 0) ?? text.count
        let body = UnsafeBufferPointer(rebasing: text[..<end])
        let hasControl = body.contains { $0 <= 0x1f }
        var out: [UInt8] = []
        out.reserveCapacity(body.count + 12)
        let quote = UInt8(ascii: "'")
        if hasControl { out.append(contentsOf: Array("unistr('".utf8)) } else { out.append(quote) }
        let digits = Array("0123456789abcdef".utf8)
        for c in body {
            if c == quote {
                out.append(quote)
                out.append(quote)
            } else if hasControl && c == UInt8(ascii: "\\") {
                out.append(c)
                out.append(c)
            } else if hasControl && c <= 0x1f {
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                        c >= 0x10 ? UInt8(ascii: "1") : UInt8(ascii: "0"), digits[Int(c & 0xf)]])
            } else {
                out.append(c)
            }
        }
        out.append(quote)
        if hasControl { out.append(UInt8(ascii: ")")) }
        return out
    }

    /// quote(X) of a non-text value, as SQLite writes it.
    static func quoteOther(_ argument: Argument) -> String {
        switch argument.storageType {
        case .integer:
            return String(argument.int64)
        case .real:
            let r = argument.double
            let text = formatReal(r, format: "%!0.15g")
            if let back = Double(text), back == r { return text }
            return formatReal(r, format: "%!0.20e")
        case .blob:
            let digits = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = [UInt8(ascii: "X"), UInt8(ascii: "'")]
            for byte in argument.blobBytes {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0xf)])
            }
            out.append(UInt8(ascii: "'"))
            return String(decoding: out, as: UTF8.self)
        default:
            return "NULL"
        }
    }

    static let entry = CatalogFunction(
        arguments: "x",
        summary: "quote(X), with control characters as unistr() escapes (SQLite 3.50)",
        details: """
            unistr_quote(X) is quote(X), except that a text containing control characters \
            (U+0001 to U+001F) is written as unistr('...') with each control character as \
            \\u00XX and each backslash doubled, so that the literal reads back as the same \
            text. Like quote(), a text stops at its first NUL. As SQLite 3.50 and later.
            """,
        example: "SELECT unistr_quote('a' || char(10) || 'b');  -- 'unistr('a\\u000ab')'",
        functions: {
            [SQLFunction("unistr_quote", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                guard arguments[0].storageType == .text else { return result.set(quoteOther(arguments[0])) }
                let bytes = quoteText(arguments[0].textBytes)
                guard bytes.count <= result.lengthLimit else { return result.setTooBig() }
                bytes.withUnsafeBufferPointer { result.setText(utf8: $0) }
            })]
        })
}
