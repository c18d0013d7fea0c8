import SQLshCore

/// Where an alias is misused, for SQLite's errors that give no position:
/// `misuse of aliased window function NAME` and `misuse of aliased aggregate NAME` (an alias
/// of a window function or an aggregate used in WHERE, GROUP BY or another aggregate). The
/// prompt puts a caret under it, as under a syntax error.
enum AliasMisuse {
    private static let prefixes = ["misuse of aliased window function ", "misuse of aliased aggregate "]

    /// The alias SQLite names in `message` (its first line), or nil for other errors.
    static func alias(in message: [UInt8]) -> String? {
        let text = String(decoding: message.prefix { $0 != 10 }, as: UTF8.self)
        for prefix in prefixes where text.hasPrefix(prefix) {
            var name = String(text.dropFirst(prefix.count))
            if let space = name.firstIndex(of: " ") { name = String(name[..<space]) }  // ` (1)`
            return name.isEmpty ? nil : name
        }
        return nil
    }

    /// The byte offset in `sql` of the first use of `alias` that is not where it is defined
    /// (after `AS`, or right after the expression it names); nil when there is none.
    static func position(of alias: String, in sql: [UInt8]) -> Int? {
        let wanted = alias.lowercased()
        return sql.withUnsafeBufferPointer { bytes -> Int? in
            var previous: SQLToken? = nil
            for token in SQLTokenizer(bytes) where !token.isTrivia {
                defer { previous = token }
                guard token.isWord || token.kind == .quotedIdentifier else { continue }
                var name = token.lowercasedText(in: bytes)
                if token.kind == .quotedIdentifier, name.count >= 2 { name = String(name.dropFirst().dropLast()) }
                guard name == wanted else { continue }
                if let previous {
                    if previous.kind == .keyword && previous.matches("AS", in: bytes) { continue }
                    // `rank() over (...) rnk`, `x rnk`: an alias without AS.
                    if previous.kind == .operator && previous.matches(")", in: bytes) { continue }
                    if previous.kind == .identifier || previous.kind == .quotedIdentifier || previous.kind == .number
                        || previous.kind == .string { continue }
                }
                return token.start
            }
            return nil
        }
    }
}
