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
