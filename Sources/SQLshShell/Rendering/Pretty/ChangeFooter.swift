/// The footer after a write at the prompt: `3 rows changed · 0.01 s`, for the statements whose
/// changed rows SQLite counts (INSERT, UPDATE, DELETE, REPLACE, and a WITH ... before one).
enum ChangeFooter {
    /// Whether `sql` is an INSERT, UPDATE, DELETE or REPLACE (after comments, spaces and a
    /// WITH clause's `... )` up to its verb).
    static func isDataChange(_ sql: String) -> Bool {
        let words = Self.words(sql)
        guard let first = words.first else { return false }
        let verbs: Set<String> = ["insert", "update", "delete", "replace"]
        if verbs.contains(first) { return true }
        guard first == "with" else { return false }
        // The statement's verb is the first one outside the WITH clause's parentheses.
        var depth = 0
        for word in words.dropFirst() {
            switch word {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case _ where depth == 0 && (verbs.contains(word) || word == "select" || word == "values"):
                return verbs.contains(word)
            default: break
            }
        }
        return false
    }

    /// The table a `CREATE [TEMP] TABLE [IF NOT EXISTS] [schema.]name AS SELECT ...` creates,
    /// quoted for SQL (`"main"."t"`); nil for other statements. SQLite does not count the
    /// rows such a statement writes in `sqlite3_changes`: the footer counts the new table's.
    static func createdTable(_ sql: String) -> String? {
        var tokens = Self.tokens(sql)[...]
        func take(_ word: String) -> Bool {
            guard let first = tokens.first, first.quoted == nil, first.text.lowercased() == word else { return false }
            tokens = tokens.dropFirst()
            return true
        }
        guard take("create") else { return nil }
        _ = take("temp") || take("temporary")
        guard take("table") else { return nil }
        // IF NOT EXISTS may write nothing: the table's rows would not be the statement's.
        if take("if") { return nil }
        guard let first = tokens.popFirst(), first.isName else { return nil }
        var name = [first.name]
        if take(".") {
            guard let second = tokens.popFirst(), second.isName else { return nil }
            name.append(second.name)
        }
        guard take("as") else { return nil }
        return name.map { SQLQuoting.quoted($0, "\"") }.joined(separator: ".")
    }

    /// A token of SQL: a word (bare, or quoted with `"`, `` ` ``, `[` or `'`), or one other
    /// character.
    private struct Token {
        var text: String
        var quoted: UInt8?
        var isName: Bool { !text.isEmpty && (quoted != nil || text.utf8.allSatisfy(Token.isWordByte)) }
        /// The name it spells (quotes removed).
        var name: String { text }
        static func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b >= 0x80
        }
    }

    /// The first tokens of `sql` (outside comments), up to 16.
    private static func tokens(_ sql: String) -> [Token] {
        let bytes = Array(sql.utf8)
        var tokens: [Token] = []
        var i = 0
        while i < bytes.count && tokens.count < 16 {
            let b = bytes[i]
            if b == 32 || (b >= 9 && b <= 13) { i += 1; continue }
            if b == UInt8(ascii: "-") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "-") {
                while i < bytes.count && bytes[i] != 10 { i += 1 }
                continue
            }
            if b == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count && !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "`") || b == UInt8(ascii: "[") || b == UInt8(ascii: "'") {
                let close = b == UInt8(ascii: "[") ? UInt8(ascii: "]") : b
                var text: [UInt8] = []
                i += 1
                while i < bytes.count {
                    if bytes[i] == close {
                        // A doubled quote is one quote (not in `[...]`).
                        if close != UInt8(ascii: "]") && i + 1 < bytes.count && bytes[i + 1] == close {
                            text.append(close)
                            i += 2
                            continue
                        }
                        break
                    }
                    text.append(bytes[i])
                    i += 1
                }
                i += 1
                tokens.append(Token(text: String(decoding: text, as: UTF8.self), quoted: b))
                continue
            }
            if Token.isWordByte(b) {
                let start = i
                while i < bytes.count && Token.isWordByte(bytes[i]) { i += 1 }
                tokens.append(Token(text: String(decoding: bytes[start..<i], as: UTF8.self), quoted: nil))
                continue
            }
            tokens.append(Token(text: String(decoding: [b], as: UTF8.self), quoted: nil))
            i += 1
        }
        return tokens
    }

    /// The lowercased words and parentheses of `sql`, outside comments and literals.
    private static func words(_ sql: String) -> [String] {
        var words: [String] = []
        var current = ""
        var iterator = Array(sql.utf8)[...]
        func flush() { if !current.isEmpty { words.append(current.lowercased()); current = "" } }
        while let byte = iterator.first {
            iterator = iterator.dropFirst()
            switch byte {
            case UInt8(ascii: "-") where iterator.first == UInt8(ascii: "-"):
                flush()
                while let next = iterator.first, next != 10 { iterator = iterator.dropFirst() }
            case UInt8(ascii: "/") where iterator.first == UInt8(ascii: "*"):
                flush()
                iterator = iterator.dropFirst()
                while let next = iterator.first {
                    iterator = iterator.dropFirst()
                    if next == UInt8(ascii: "*") && iterator.first == UInt8(ascii: "/") { iterator = iterator.dropFirst(); break }
                }
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                flush()
                while let next = iterator.first {
                    iterator = iterator.dropFirst()
                    if next == byte { break }
                }
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                flush()
                words.append(byte == UInt8(ascii: "(") ? "(" : ")")
            case _ where (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F:
                current.append(Character(Unicode.Scalar(byte)))
            default:
                flush()
            }
            if words.count > 200 { break }
        }
        flush()
        return words
    }
}
