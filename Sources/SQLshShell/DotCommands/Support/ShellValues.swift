import SQLshCore

/// sqlite3's argument conversions (`integerValue`, `booleanValue`) for dot-commands.
enum ShellValues {
    /// `integerValue`: optional sign, decimal or `0x` hex digits, then an optional size
    /// suffix (KiB, MiB, GiB, KB, MB, GB, K, M, G); anything else after the digits is ignored.
    static func integer(_ text: String) -> Int64 {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var v: Int64 = 0
        if bytes.starts(with: "0x".utf8) {
            bytes = bytes.dropFirst(2)
            while let b = bytes.first, let d = hexDigit(b) { v = v &<< 4 &+ Int64(d); bytes = bytes.dropFirst() }
        } else {
            while let b = bytes.first, b >= 48 && b <= 57 { v = v &* 10 &+ Int64(b - 48); bytes = bytes.dropFirst() }
        }
        let suffix = String(decoding: bytes, as: UTF8.self)
        let multipliers: [(String, Int64)] = [("KiB", 1024), ("MiB", 1 << 20), ("GiB", 1 << 30),
                                              ("KB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000),
                                              ("K", 1000), ("M", 1_000_000), ("G", 1_000_000_000)]
        for (name, m) in multipliers where SQLText.equalIgnoringCase(name, suffix) { v = v &* m; break }
        return negative ? 0 &- v : v
    }

    /// `booleanValue`: a number, on/yes, off/no; anything else warns on `err` and is false.
    static func boolean(_ text: String, err: OutputWriter) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        if bytes.starts(with: Array("0x".utf8)) {
            i = 2
            while i < bytes.count, hexDigit(bytes[i]) != nil { i += 1 }
        } else {
            while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 { i += 1 }
        }
        if i > 0 && i == bytes.count { return integer(text) & 0xffffffff != 0 }
        if SQLText.equalIgnoringCase(text, "on") || SQLText.equalIgnoringCase(text, "yes") { return true }
        if SQLText.equalIgnoringCase(text, "off") || SQLText.equalIgnoringCase(text, "no") { return false }
        err.write("ERROR: Not a boolean value: \"\(text)\". Assuming \"no\".\n")
        return false
    }

    /// sqlite3's `optionMatch`: `-name` or `--name`.
    static func isOption(_ argument: String, _ name: String) -> Bool {
        argument == "-" + name || argument == "--" + name
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case 48...57: return Int(b - 48)
        case 97...102: return Int(b - 87)
        case 65...70: return Int(b - 55)
        default: return nil
        }
    }
}
