/// The `uint` collation of SQLite's `ext/misc/uint.c` (3.40.1): text compared byte by byte,
/// except that runs of ASCII digits compare as unsigned integers of any size (`a9` before
/// `a10`; leading zeros ignored, so `a9` and `a09` tie on the number and are ordered by what
/// follows).
enum UIntCollation {
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int32 {
        let n1 = a.count, n2 = b.count
        var i = 0, j = 0
        while i < n1 && j < n2 {
            let x = Int32(a[i]) - Int32(b[j])
            if isDigit(a[i]) {
                if !isDigit(b[j]) { return x }
                while i < n1 && a[i] == UInt8(ascii: "0") { i += 1 }
                while j < n2 && b[j] == UInt8(ascii: "0") { j += 1 }
                var k = 0
                while i + k < n1 && isDigit(a[i + k]) && j + k < n2 && isDigit(b[j + k]) { k += 1 }
                if i + k < n1 && isDigit(a[i + k]) {
                    return 1
                } else if j + k < n2 && isDigit(b[j + k]) {
                    return -1
                } else {
                    for m in 0..<k where a[i + m] != b[j + m] {
                        return Int32(a[i + m]) - Int32(b[j + m])
                    }
                    i += k
                    j += k
                }
            } else if x != 0 {
                return x
            } else {
                i += 1
                j += 1
            }
        }
        return Int32((n1 - i) - (n2 - j))
    }
}
