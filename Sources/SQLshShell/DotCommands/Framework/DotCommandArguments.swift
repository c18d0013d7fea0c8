/// sqlite3's rules for dot-command arguments and their values: splitting a line into words,
/// C escapes, integers with size suffixes, and booleans.
public enum DotCommandArguments {
    /// sqlite3 passes at most this many words to a dot-command; the rest is ignored.
    static let maximumCount = 51

    /// Splits a dot-command line (with or without its leading `.`) into words, as sqlite3's
    /// `do_meta_command` does: words separated by blanks; `"..."` with C escapes resolved;
    /// `'...'` taken literally; unquoted words have their C escapes resolved too.
    /// Bytes that are not UTF-8 (in the line, or made by an octal escape) are kept as
    /// ``RawText`` escapes.
    public static func split(_ line: String) -> [String] {
        var bytes = line.rawBytes
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        var i = bytes.first == UInt8(ascii: ".") ? 1 : 0
        var result: [String] = []
        while i < bytes.count && result.count < maximumCount {
            while i < bytes.count && isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let quote = bytes[i]
            var word: [UInt8] = []
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                i += 1
                let start = i
                while i < bytes.count && bytes[i] != quote {
                    if bytes[i] == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") && i + 1 < bytes.count { i += 1 }
                    i += 1
                }
                word = Array(bytes[start..<i])
                if i < bytes.count { i += 1 }
                if quote == UInt8(ascii: "\"") { word = resolveEscapes(word) }
            } else {
                let start = i
                while i < bytes.count && !isSpace(bytes[i]) { i += 1 }
                word = resolveEscapes(Array(bytes[start..<i]))
                if i < bytes.count { i += 1 }
            }
            result.append(String(rawBytes: word))
        }
        return result
    }

    /// C escapes as sqlite3's `resolve_backslashes` knows them: `\a \b \t \n \v \f \r \" \' \\`
    /// and up to three octal digits; any other escaped character stands for itself. The text
    /// ends at a resulting NUL byte, as a C string would.
    public static func resolveEscapes(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "\\")) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
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
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    c -= 48
                    if i + 1 < bytes.count && (48...55).contains(bytes[i + 1]) {
                        i += 1
                        c = (c << 3) &+ (bytes[i] - 48)
                        if i + 1 < bytes.count && (48...55).contains(bytes[i + 1]) {
                            i += 1
                            c = (c << 3) &+ (bytes[i] - 48)
                        }
                    }
                default:
                    break
                }
            }
            if c == 0 { break }
            out.append(c)
            i += 1
        }
        return out
    }

    /// sqlite3's `integerValue`: an optional sign, decimal digits or `0x` and hex digits, and
    /// an optional `KiB`, `MiB`, `GiB`, `KB`, `MB`, `GB`, `K`, `M` or `G` suffix (any ASCII
    /// case). Text that is not a number gives 0; trailing text other than a suffix is ignored.
    /// The one parser of sqlite3-style integers: dot-commands and the command-line options
    /// (`-mmap`, `-maxsize`) use it.
    public static func integerValue(_ text: String) -> Int64 {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var value: Int64 = 0
        if bytes.starts(with: "0x".utf8) {
            bytes = bytes.dropFirst(2)
            while let c = bytes.first, let digit = hexDigitValue(c) {
                value = (value &<< 4) &+ Int64(digit)
                bytes = bytes.dropFirst()
            }
        } else {
            while let c = bytes.first, c >= 48 && c <= 57 {
                value = value &* 10 &+ Int64(c - 48)
                bytes = bytes.dropFirst()
            }
        }
        let multipliers: [(String, Int64)] = [("kib", 1024), ("mib", 1024 * 1024), ("gib", 1024 * 1024 * 1024),
                                               ("kb", 1000), ("mb", 1_000_000), ("gb", 1_000_000_000),
                                               ("k", 1000), ("m", 1_000_000), ("g", 1_000_000_000)]
        if let (_, multiplier) = multipliers.first(where: { equalIgnoringASCIICase(bytes, $0.0) }) {
            value = value &* multiplier
        }
        return negative ? 0 &- value : value
    }

    /// Whether `bytes` spell `lowercase` in any ASCII case (sqlite3's `sqlite3_stricmp`: only
    /// ASCII letters fold, so the Kelvin sign is not a `k`).
    static func equalIgnoringASCIICase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: String) -> Bool {
        bytes.elementsEqual(lowercase.utf8) { b, l in (b >= 65 && b <= 90 ? b | 0x20 : b) == l }
    }

    static func hexDigitValue(_ c: UInt8) -> Int? {
        switch c {
        case 48...57: return Int(c - 48)
        case 97...102: return Int(c - 87)
        case 65...70: return Int(c - 55)
        default: return nil
        }
    }

    /// sqlite3's `booleanValue`: an integer (decimal or `0x` hex) is its value, `on`/`yes`
    /// are 1, `off`/`no` 0 (any ASCII case); anything else prints
    /// `ERROR: Not a boolean value: "X". Assuming "no".` to the shell's error output and is 0.
    public static func booleanValue(_ text: String, shell: Shell) -> Int {
        let bytes = Array(text.utf8)
        var i = 0
        if bytes.count >= 2 && bytes[0] == 48 && bytes[1] == UInt8(ascii: "x") {
            i = 2
            while i < bytes.count && hexDigitValue(bytes[i]) != nil { i += 1 }
        } else {
            while i < bytes.count && bytes[i] >= 48 && bytes[i] <= 57 { i += 1 }
        }
        if i > 0 && i == bytes.count {
            return Int(Int32(truncatingIfNeeded: integerValue(text) & 0xffff_ffff))
        }
        if equalIgnoringASCIICase(text.utf8, "on") || equalIgnoringASCIICase(text.utf8, "yes") { return 1 }
        if equalIgnoringASCIICase(text.utf8, "off") || equalIgnoringASCIICase(text.utf8, "no") { return 0 }
        shell.err.write("ERROR: Not a boolean value: \"\(text)\". Assuming \"no\".\n")
        return 0
    }
}
