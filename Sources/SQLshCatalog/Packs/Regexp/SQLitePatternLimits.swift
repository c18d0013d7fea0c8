/// The refusals of SQLite 3.53's pattern compiler (ext/misc/regexp.c) that PCRE2 would not
/// make itself, checked before a REGEXP or regexpi pattern is compiled, with SQLite's text:
/// a pattern longer than the LIKE pattern length limit, or a repeat count whose double is
/// over 75 + half that limit, is "REGEXP pattern too big"; a class that SQLite's reading
/// leaves open (`[x-]`: SQLite reads `x-]` as a range and finds no `]` after it) is
/// "unclosed '['".
enum SQLitePatternLimits {
    static func refusal(_ pattern: UnsafeBufferPointer<UInt8>, likePatternLimit limit: Int) -> String? {
        if pattern.count > limit { return "REGEXP pattern too big" }
        let maxAlloc = 75 + limit / 2
        let n = pattern.firstIndex(of: 0) ?? pattern.count
        var i = 0
        func peek(_ k: Int) -> UInt8 { k < n ? pattern[k] : 0 }
        while i < n {
            let c = pattern[i]
            i += 1
            switch c {
            case UInt8(ascii: "\\"):
                i += 1
            case UInt8(ascii: "["):
                if peek(i) == UInt8(ascii: "^") { i += 1 }
                var last: UInt8 = 0
                while true {
                    last = peek(i)
                    if last == 0 { break }
                    i += 1
                    if last == UInt8(ascii: "\\") { i += 1 }
                    if peek(i) == UInt8(ascii: "-") {
                        i += 1
                        last = peek(i)
                        if last == 0 { break }
                        i += 1
                        if last == UInt8(ascii: "\\") { i += 1 }
                    }
                    if peek(i) == UInt8(ascii: "]") {
                        i += 1
                        break
                    }
                }
                if last == 0 || i > n { return "unclosed '['" }
            case UInt8(ascii: "{"):
                var m = 0
                while peek(i) >= UInt8(ascii: "0") && peek(i) <= UInt8(ascii: "9") {
                    m = m * 10 + Int(peek(i) - UInt8(ascii: "0"))
                    if m * 2 > maxAlloc { return "REGEXP pattern too big" }
                    i += 1
                }
                if peek(i) == UInt8(ascii: ",") {
                    i += 1
                    var count = 0
                    while peek(i) >= UInt8(ascii: "0") && peek(i) <= UInt8(ascii: "9") {
                        count = count * 10 + Int(peek(i) - UInt8(ascii: "0"))
                        if count * 2 > maxAlloc { return "REGEXP pattern too big" }
                        i += 1
                    }
                }
            default:
                break
            }
        }
        return nil
    }
}
