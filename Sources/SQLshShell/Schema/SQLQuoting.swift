import SQLshCore

/// SQL text helpers with the exact behaviour of the sqlite3 shell's C helpers, so that
/// generated SQL (`.dump`, `.schema`) matches it byte for byte.
enum SQLQuoting {
    /// sqlite3's `quoteChar`: whether a name must be quoted as an identifier (it is not a plain
    /// ASCII word, or it is a keyword).
    static func needsQuoting(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, isAlpha(first) || first == UInt8(ascii: "_") else { return true }
        for b in bytes where !(isAlpha(b) || isDigit(b) || b == UInt8(ascii: "_")) { return true }
        return SQLText.isKeyword(name)
    }

    /// `text` between `quote` characters, with inner quote characters doubled.
    static func quoted(_ text: String, _ quote: Character) -> String {
        var result = String(quote)
        for c in text {
            result.append(c)
            if c == quote { result.append(c) }
        }
        result.append(quote)
        return result
    }

    /// An identifier, quoted with `"` only when ``needsQuoting(_:)`` says so.
    static func identifier(_ name: String) -> String {
        needsQuoting(name) ? quoted(name, "\"") : name
    }

    /// A string literal, as `%Q` gives it.
    static func literal(_ text: String) -> String { quoted(text, "'") }

    /// `sqlite3_mprintf` with one argument; Swift cannot call C variadic functions.
    static func printf(_ format: String, _ arguments: CVarArg...) -> String {
        SQLText.format(format, arguments)
    }

    // Forced inlining in this file: Benchmarks/shell.sh (.dump, insert mode): every value quoted.
    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
