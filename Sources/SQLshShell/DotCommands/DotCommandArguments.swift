/// Splits a dot-command line into arguments with sqlite3's rules: words separated by
/// whitespace; `"..."` with C escapes resolved; `'...'` taken literally.
enum DotCommandArguments {
    static func split(_ line: String) -> [String] {
        var bytes = Array(line.utf8)
        if bytes.first == UInt8(ascii: ".") { bytes.removeFirst() }
        var result: [String] = []
        var i = 0
        while i < bytes.count {
            while i < bytes.count && isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let quote = bytes[i]
            var word: [UInt8] = []
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                i += 1
                while i < bytes.count && bytes[i] != quote {
                    if quote == UInt8(ascii: "\"") && bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count {
                        word.append(bytes[i]); i += 1
                    }
                    word.append(bytes[i]); i += 1
                }
                i += 1
                if quote == UInt8(ascii: "\"") { word = resolveEscapes(word) }
            } else {
                while i < bytes.count && !isSpace(bytes[i]) { word.append(bytes[i]); i += 1 }
            }
            result.append(String(decoding: word, as: UTF8.self))
        }
        return result
    }

    /// C escapes as sqlite3's `resolve_backslashes` knows them.
    static func resolveEscapes(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            var c = bytes[i]
            if c == UInt8(ascii: "\\") && i + 1 < bytes.count {
                i += 1
                c = bytes[i]
                switch c {
                case UInt8(ascii: "a"): c = 7
                case UInt8(ascii: "b"): c = 8
                case UInt8(ascii: "t"): c = 9
                case UInt8(ascii: "n"): c = 10
                case UInt8(ascii: "v"): c = 11
                case UInt8(ascii: "f"): c = 12
                case UInt8(ascii: "r"): c = 13
                case UInt8(ascii: "\""): c = 34
                case UInt8(ascii: "'"): c = 39
                case UInt8(ascii: "\\"): c = 92
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(c - 48)
                    var n = 1
                    while n < 3 && i + 1 < bytes.count && (48...55).contains(bytes[i + 1]) {
                        i += 1; n += 1
                        value = value * 8 + Int(bytes[i] - 48)
                    }
                    c = UInt8(truncatingIfNeeded: value)
                default:
                    out.append(UInt8(ascii: "\\"))
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }
}
