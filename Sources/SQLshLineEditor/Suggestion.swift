/// The suggestion from history: the rest of the newest entry that starts with the text typed,
/// shown grey after the cursor and taken whole (Right, End) or a word at a time (Alt-F).
public enum Suggestion {
    /// The rest of the newest entry (of `entries`, newest first) that starts with `text` and
    /// is longer, or nil. Nothing is suggested for an empty or blank buffer.
    public static func rest(after text: [Unicode.Scalar], in entries: [[Unicode.Scalar]]) -> [Unicode.Scalar]? {
        guard EditBuffer(text).hasText else { return nil }
        for entry in entries where entry.count > text.count {
            if entry.starts(with: text) { return Array(entry[text.count...]) }
        }
        return nil
    }

    /// The suggestion's part up to the end of its next word (Alt-F).
    public static func firstWord(of rest: [Unicode.Scalar]) -> [Unicode.Scalar] {
        Array(rest[..<EditBuffer.endOfWord(in: rest, from: 0)])
    }
}
