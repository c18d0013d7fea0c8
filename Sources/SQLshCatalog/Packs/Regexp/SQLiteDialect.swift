import CPCRE2

/// What SQLite's own regexp extension (ext/misc/regexp.c, the REGEXP of the stock sqlite3
/// shell) accepts that PCRE2 does not: `\uXXXX` escapes in patterns and texts that are not
/// valid UTF-8.
enum SQLiteDialect {
    /// The pattern with each `\uXXXX` (exactly four hex digits) written `\x{XXXX}`, which PCRE2
    /// reads as that literal character anywhere, in a class or a range too, even when it is
    /// a metacharacter (`\u0024` is a `$`, not an anchor). Text quoted with `\Q...\E` and
    /// escaped backslashes are left alone. nil when there is nothing to translate.
    static func translatingEscapes(_ pattern: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let backslash = UInt8(ascii: "\\")
        guard pattern.contains(backslash) else { return nil }
        var out: [UInt8] = []
        var copied = 0  // pattern[..<copied] is in out (only once out is in use)
        var i = 0
        var quoted = false
        while i < pattern.count {
            guard pattern[i] == backslash, i + 1 < pattern.count else { i += 1; continue }
            let next = pattern[i + 1]
            if quoted {
                if next == UInt8(ascii: "E") { quoted = false }
                i += 2
                continue
            }
            if next == UInt8(ascii: "Q") { quoted = true; i += 2; continue }
            if next == UInt8(ascii: "u"), i + 5 < pattern.count, (2...5).allSatisfy({ isHex(pattern[i + $0]) }) {
                out.append(contentsOf: pattern[copied..<i])
                out.append(contentsOf: Array("\\x{".utf8))
                out.append(contentsOf: pattern[(i + 2)..<(i + 6)])
                out.append(UInt8(ascii: "}"))
                i += 6
                copied = i
                continue
            }
            i += 2  // any other escape, \\ included, stays as it is
        }
        guard copied > 0 else { return nil }
        out.append(contentsOf: pattern[copied...])
        return out
    }

    /// The PCRE2 options that make its answers SQLite's for the REGEXP operator and `regexpi`
    /// (ext/misc/regexp.c): `.` matches a line feed, `$` only the very end, and `\d`, `\w`,
    /// `\s`, `\b` are ASCII (PCRE2_NEVER_UCP also tells ``CompiledPattern`` to leave
    /// PCRE2_UCP out). Patterns are also given `{0,n}` for SQLite's `{,n}`
    /// (``translatingOpenCounts(_:)``).
    static let options: UInt32 = PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY | PCRE2_NEVER_UCP

    /// The pattern with each `{,n}` (a repeat count SQLite reads as `{0,n}`, PCRE2 10.42 as
    /// literal text) written `{0,n}`, outside classes, escapes and `\Q...\E`; nil when there
    /// is none.
    static func translatingOpenCounts(_ pattern: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        var changed = false
        var i = 0, inClass = false, quoted = false
        let n = pattern.count
        while i < n {
            let c = pattern[i]
            if c == UInt8(ascii: "\\"), i + 1 < n {
                let next = pattern[i + 1]
                if quoted { if next == UInt8(ascii: "E") { quoted = false } } else if next == UInt8(ascii: "Q") { quoted = true }
                out.append(c)
                out.append(next)
                i += 2
                continue
            }
            if !quoted {
                if !inClass && c == UInt8(ascii: "[") {
                    inClass = true
                    out.append(c)
                    i += 1
                    if i < n, pattern[i] == UInt8(ascii: "^") { out.append(pattern[i]); i += 1 }
                    if i < n, pattern[i] == UInt8(ascii: "]") { out.append(pattern[i]); i += 1 }
                    continue
                }
                if inClass && c == UInt8(ascii: "]") { inClass = false }
                if !inClass && c == UInt8(ascii: "{") && i + 1 < n && pattern[i + 1] == UInt8(ascii: ",") {
                    var k = i + 2
                    while k < n, pattern[k] >= 48, pattern[k] <= 57 { k += 1 }
                    if k > i + 2, k < n, pattern[k] == UInt8(ascii: "}") {
                        out.append(contentsOf: Array("{0".utf8))
                        changed = true
                        i += 1
                        continue
                    }
                }
            }
            out.append(c)
            i += 1
        }
        return changed ? out : nil
    }

    /// The pattern with the ASCII letters it matches in lower case: outside escapes (`\W`,
    /// `\D` keep their meaning), in classes and ranges too (`[A-Z]` is `[a-z]`).
    static func lowercasingLiterals(_ pattern: [UInt8]) -> [UInt8] {
        var out = pattern
        var i = 0
        while i < out.count {
            if out[i] == UInt8(ascii: "\\") { i += 2; continue }
            if out[i] >= 65 && out[i] <= 90 { out[i] |= 0x20 }
            i += 1
        }
        return out
    }

    /// Lowers the ASCII letters of a text in place.
    static func lowercasingASCII(_ text: inout [UInt8]) {
        for i in text.indices where text[i] >= 65 && text[i] <= 90 { text[i] |= 0x20 }
    }

    private static func isHex(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }

    /// The text as regexp.c reads it (`re_next_char`), re-encoded as valid UTF-8 into `out`:
    /// a lead byte followed by enough continuation bytes is one character, U+FFFD when it is
    /// overlong, a surrogate or past U+10FFFF; any other byte that is not ASCII is a U+FFFD
    /// of its own.
    static func decodingAsSQLite(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(text.count)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        // Forced inlining in this file: Benchmarks/catalog.sh (REGEXP): every pattern byte.
        @inline(__always) func isContinuation(_ k: Int) -> Bool { text[k] & 0xC0 == 0x80 }
        var i = 0
        let n = text.count
        while i < n {
            let c = text[i]
            if c < 0x80 { out.append(c); i += 1; continue }
            var length = 0
            var scalar: UInt32 = 0xFFFD
            if c & 0xE0 == 0xC0, i + 1 < n, isContinuation(i + 1) {
                length = 2
                let v = UInt32(c & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F)
                if v >= 0x80 { scalar = v }
            } else if c & 0xF0 == 0xE0, i + 2 < n, isContinuation(i + 1), isContinuation(i + 2) {
                length = 3
                let v = UInt32(c & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)
                if v > 0x7FF && !(v >= 0xD800 && v <= 0xDFFF) { scalar = v }
            } else if c & 0xF8 == 0xF0, i + 3 < n, isContinuation(i + 1), isContinuation(i + 2), isContinuation(i + 3) {
                length = 4
                let v = UInt32(c & 0x07) << 18 | UInt32(text[i + 1] & 0x3F) << 12 | UInt32(text[i + 2] & 0x3F) << 6
                    | UInt32(text[i + 3] & 0x3F)
                if v > 0xFFFF && v <= 0x10FFFF { scalar = v }
            } else {
                length = 1
            }
            if scalar == 0xFFFD {
                out.append(contentsOf: replacement)
            } else {
                out.append(contentsOf: text[i..<(i + length)])  // valid as it was
            }
            i += length
        }
    }
}
