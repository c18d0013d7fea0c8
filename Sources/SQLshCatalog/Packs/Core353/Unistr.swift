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

    /// Writes `v` in UTF-8 at `out[j]` as SQLite's sqlite3AppendOneUtf8Character does (no
    /// range check: values past U+10FFFF keep their low 21 bits' pattern, surrogates are
    /// encoded as-is) and returns how many bytes it wrote.
    static func writeUTF8(_ v: UInt32, to out: UnsafeMutablePointer<UInt8>, at j: Int) -> Int {
        if v < 0x80 {
            out[j] = UInt8(v)
            return 1
        } else if v < 0x800 {
            out[j] = 0xc0 &+ UInt8((v >> 6) & 0x1f)
            out[j + 1] = 0x80 &+ UInt8(v & 0x3f)
            return 2
        } else if v < 0x10000 {
            out[j] = 0xe0 &+ UInt8((v >> 12) & 0x0f)
            out[j + 1] = 0x80 &+ UInt8((v >> 6) & 0x3f)
            out[j + 2] = 0x80 &+ UInt8(v & 0x3f)
            return 3
        } else {
            out[j] = 0xf0 &+ UInt8((v >> 18) & 0x07)
            out[j + 1] = 0x80 &+ UInt8((v >> 12) & 0x3f)
            out[j + 2] = 0x80 &+ UInt8((v >> 6) & 0x3f)
            out[j + 3] = 0x80 &+ UInt8(v & 0x3f)
            return 4
        }
    }

    /// Writes the decoded bytes of `input` into `out` and returns their count, or nil for an
    /// invalid escape. `out` needs room for `input.count` bytes: no escape decodes to more
    /// bytes than it is written with (`\\` 2 to 1, `\XXXX` 5 to at most 3, `\+XXXXXX` 8
    /// to 4, `\uXXXX` 6 to 3, `\UXXXXXXXX` 10 to 4).
    static func decode(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int? {
        let backslash = UInt8(ascii: "\\")
        var i = 0
        var j = 0
        while i < input.count {
            let c = input[i]
            guard c == backslash else {
                out[j] = c
                j += 1
                i += 1
                continue
            }
            let next: UInt8 = i + 1 < input.count ? input[i + 1] : 0
            var v: UInt32?
            if next == backslash {
                out[j] = backslash
                j += 1
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
            j += writeUTF8(v > 0x10FFFF ? 0xFFFD : v, to: out, at: j)
        }
        return j
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
                let input = arguments[0].textBytes
                // Written in place: the answer is never longer than the text.
                guard result.write(.text, capacity: input.count, { decode(input, into: $0) }) else {
                    throw Core353Error("invalid Unicode escape")
                }
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
