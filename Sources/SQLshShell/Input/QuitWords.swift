/// `exit`, `quit` and `\q` typed alone at the prompt (as psql and litecli take them): the
/// words a person tries before `.quit`. Only at the prompt, with no statement pending; in a
/// script they stay SQL, as in sqlite3.
enum QuitWords {
    /// Whether the line is one of the words (any case), with optional spaces and one `;`.
    static func matches(_ line: [UInt8]) -> Bool {
        var bytes = line[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        if bytes.last == UInt8(ascii: ";") { bytes = bytes.dropLast() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        let word = String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        return word == "exit" || word == "quit" || word == "\\q"
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
