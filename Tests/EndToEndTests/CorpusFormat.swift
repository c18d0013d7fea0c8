import Foundation

/// Reading the corpus files, in the format of the shared `difftest` tool: `scripts/*.sql`
/// (run through standard input), `argcases.txt` (one case per line: shell-quoted arguments,
/// standard input empty) and `stdincases.txt` (arguments, a tab, then standard input with
/// `printf %b` escapes).
enum CorpusFormat {
    /// The `.sql` files of a corpus folder's `scripts/`, sorted.
    static func scripts(in folder: URL) -> [URL] {
        let dir = folder.appendingPathComponent("scripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// The non-blank, non-comment lines of a corpus file.
    static func lines(of file: URL) -> [String] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Splits a line into words as a POSIX shell would for the quoting used in the corpus:
    /// blanks separate words; `'...'` is literal; `"..."` allows `\"`, `\\`, `\$` and `` \` ``;
    /// a backslash outside quotes escapes the next character.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var chars = Array(line)
        chars.append(" ")
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else if c == "'" {
                inWord = true
                i += 1
                while i < chars.count && chars[i] != "'" { current.append(chars[i]); i += 1 }
            } else if c == "\"" {
                inWord = true
                i += 1
                while i < chars.count && chars[i] != "\"" {
                    if chars[i] == "\\" && i + 1 < chars.count && "\"\\$`".contains(chars[i + 1]) { i += 1 }
                    current.append(chars[i])
                    i += 1
                }
            } else if c == "\\" && i + 1 < chars.count {
                inWord = true
                i += 1
                current.append(chars[i])
            } else {
                inWord = true
                current.append(c)
            }
            i += 1
        }
        return words
    }

    /// `printf '%b'`: `\n \t \r \\ \a \b \f \v`, `\0NNN` octal and `\xHH` hex.
    static func printfB(_ text: String) -> Data {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 92, i + 1 < bytes.count else { out.append(bytes[i]); i += 1; continue }
            let c = bytes[i + 1]
            i += 2
            switch c {
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "a"): out.append(7)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "v"): out.append(11)
            case 92: out.append(92)
            case UInt8(ascii: "0"):
                var value = 0, n = 0
                while n < 3 && i < bytes.count && (48...55).contains(bytes[i]) { value = value * 8 + Int(bytes[i] - 48); i += 1; n += 1 }
                out.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0, n = 0
                while n < 2 && i < bytes.count, let d = Int(String(UnicodeScalar(bytes[i])), radix: 16) { value = value * 16 + d; i += 1; n += 1 }
                out.append(UInt8(truncatingIfNeeded: value))
            default:
                out.append(92); out.append(c)
            }
        }
        return Data(out)
    }
}
