internal import CSQLite

extension SQLText {
    /// SQLite's keywords, in the order of its keyword table (`sqlite3_keyword_name`).
    public static let keywords: [String] = {
        var words: [String] = []
        for i in 0..<sqlite3_keyword_count() {
            var name: UnsafePointer<CChar>?
            var length: Int32 = 0
            guard sqlite3_keyword_name(i, &name, &length) == SQLITE_OK, let name else { continue }
            words.append(String(decoding: UnsafeRawBufferPointer(start: name, count: Int(length)), as: UTF8.self))
        }
        return words
    }()

    /// ``isComplete(_:)`` over a NUL-terminated UTF-8 buffer, read in place (the NUL must be
    /// inside the buffer; without one the answer is false).
    public static func isComplete(nulTerminated sql: UnsafeBufferPointer<UInt8>) -> Bool {
        // The caller ends the text with its NUL: looking at the last byte first spares a scan
        // of the whole statement (a piped script asks this once per statement).
        guard let base = sql.baseAddress, sql.last == 0 || sql.contains(0) else { return false }
        return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: sql.count) { sqlite3_complete($0) != 0 }
    }

    /// ``glob(_:matches:)`` with a NUL-terminated C string, as SQLite's callbacks give names.
    package static func glob(_ pattern: String, matches text: UnsafePointer<CChar>) -> Bool {
        sqlite3_strglob(pattern, text) == 0
    }
}
