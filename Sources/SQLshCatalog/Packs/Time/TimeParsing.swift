/// `time_parse`: sqlean's fixed layouts, chosen by the text's length in bytes.
///
/// | length | layout |
/// |---|---|
/// | 35 | `2006-01-02T15:04:05.999999999+07:00` |
/// | 30 | `2006-01-02T15:04:05.999999999Z` |
/// | 25 | `2006-01-02T15:04:05+07:00` |
/// | 19, 20 | `2006-01-02 15:04:05` (any one separator; a 20th byte such as `Z` is ignored) |
/// | 10 | `2006-01-02` |
/// | 8 | `15:04:05` (on 0001-01-01) |
///
/// Numbers are read as C's `scanf("%d")` reads them (leading blanks and a sign allowed), fields
/// are normalised (`2011-02-30` is March 2), and the offset turns local time into UTC. As in
/// sqlean, text that does not fit gives the zero time, never an error.
enum TimeParsing {
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> SqleanTime {
        var scanner = Scanner(bytes: text)
        var year: Int64 = 1, month: Int64 = 1, day: Int64 = 1
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, nanosecond: Int64 = 0
        var zone: ArraySlice<UInt8>? = nil

        func date(_ s: inout Scanner) -> Bool {
            guard let y = s.integer(), s.literal("-"), let m = s.integer(), s.literal("-"), let d = s.integer() else {
                return false
            }
            (year, month, day) = (y, m, d)
            return true
        }
        func clock(_ s: inout Scanner) -> Bool {
            guard let h = s.integer(), s.literal(":"), let m = s.integer(), s.literal(":"), let sec = s.integer() else {
                return false
            }
            (hour, minute, second) = (h, m, sec)
            return true
        }

        let matched: Bool
        switch text.count {
        case 35, 30:
            // The 30-byte form ends in a literal Z that scanf never has to match.
            matched = date(&scanner) && scanner.literal("T") && clock(&scanner) && scanner.literal(".")
                && scanner.integer().map { nanosecond = $0 } != nil
                && (text.count == 30 || scanner.word(maximum: 6).map { zone = $0 } != nil)
        case 25:
            matched = date(&scanner) && scanner.literal("T") && clock(&scanner)
                && scanner.word(maximum: 6).map { zone = $0 } != nil
        case 19, 20:
            matched = date(&scanner) && scanner.anyByte() && clock(&scanner)
        case 10:
            matched = date(&scanner)
        case 8:
            matched = clock(&scanner)
        default:
            matched = false
        }
        guard matched else { return .zero }

        var offset: Int64 = 0
        if let zone {
            // sign, two hour digits, any separator, two minute digits. sqlean reads these
            // positions blindly; a shorter or non-numeric zone is treated as unrecognised here.
            let z = Array(zone)
            guard z.count == 6, let h = digits(z[1], z[2]), let m = digits(z[4], z[5]) else { return .zero }
            offset = (h * 3600 + m * 60) * (z[0] == UInt8(ascii: "-") ? -1 : 1)
        }
        return CivilCalendar.time(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                  nanosecond: nanosecond, offset: offset) ?? .zero
    }

    private static func digits(_ a: UInt8, _ b: UInt8) -> Int64? {
        guard (48...57).contains(a), (48...57).contains(b) else { return nil }
        return Int64(a - 48) * 10 + Int64(b - 48)
    }

    /// The parts of `sscanf` that sqlean's layouts use.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        private static func isSpace(_ c: UInt8) -> Bool { c == 32 || (9...13).contains(c) }

        /// `%d`: blanks, an optional sign, one or more digits (saturating far beyond any
        /// valid field, so that huge numbers fail later as out of range).
        mutating func integer() -> Int64? {
            var j = i
            while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
            var negative = false
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") {
                negative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            let start = j
            var value: Int64 = 0
            while j < bytes.count, (48...57).contains(bytes[j]) {
                value = min(value * 10 + Int64(bytes[j] - 48), 1 << 40)
                j += 1
            }
            guard j > start else { return nil }
            i = j
            return negative ? -value : value
        }

        /// A literal byte of the format.
        mutating func literal(_ c: Unicode.Scalar) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }

        /// `%*c`: any one byte.
        mutating func anyByte() -> Bool {
            guard i < bytes.count else { return false }
            i += 1
            return true
        }

        /// `%6s`: blanks, then 1 to `maximum` non-blank bytes.
        mutating func word(maximum: Int) -> ArraySlice<UInt8>? {
            while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
            let start = i
            while i < bytes.count, i - start < maximum, !Self.isSpace(bytes[i]) { i += 1 }
            guard i > start else { return nil }
            return ArraySlice(bytes[start..<i])
        }
    }
}
