/// SQLite's regexp dialect on top of PCRE2: the stock shell's `regexp` (ext/misc/regexp.c)
/// takes `\uXXXX` for a code point, which PCRE2 does not know (`\x` it knows, as SQLite's).
/// Patterns are translated before compiling, so that any pattern sqlite3 accepts means the
/// same here: `\u0024` becomes `\x{0024}`, a literal `$`, also inside `[...]` and ranges.
enum PatternDialect {
    /// `pattern` with every `\uXXXX` (exactly four hex digits, not itself escaped, not inside
    /// `\Q...\E`) written as `\x{XXXX}`; nil when there is none (the common case: no copy).
    static func translated(_ pattern: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let backslash = UInt8(ascii: "\\")
        guard pattern.contains(backslash) else { return nil }
        var out: [UInt8] = []
        var changed = false
        var i = 0
        var quoted = false
        let n = pattern.count
        while i < n {
            let c = pattern[i]
            guard c == backslash, i + 1 < n else {
                out.append(c)
                i += 1
                continue
            }
            let next = pattern[i + 1]
            if quoted {
                if next == UInt8(ascii: "E") { quoted = false }
                out.append(c)
                out.append(next)
                i += 2
                continue
            }
            if next == UInt8(ascii: "Q") { quoted = true }
            if next == UInt8(ascii: "u"), i + 5 < n, (2...5).allSatisfy({ isHex(pattern[i + $0]) }) {
                out.append(contentsOf: Array("\\x{".utf8))
                out.append(contentsOf: pattern[(i + 2)...(i + 5)])
                out.append(UInt8(ascii: "}"))
                changed = true
                i += 6
                continue
            }
            out.append(c)
            out.append(next)
            i += 2
        }
        return changed ? out : nil
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
