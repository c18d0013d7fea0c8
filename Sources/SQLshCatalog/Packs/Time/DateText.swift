import SQLshCore

/// ISO 8601 text of dates and times as DuckDB reads and writes them: `2024-03-21` (a DATE),
/// `2024-03-21 10:11:12.5` (a TIMESTAMP; `T` for the space, a `Z` or `±HH:MM` offset accepted
/// and applied), years before 1 written `0045-03-15 (BC)`. Microseconds at most, as DuckDB.
enum DateText {
    enum Layout { case date, timestamp, time }

    /// The time of ISO text and whether it was a date alone; nil when it is not ISO text.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> (time: SqleanTime, isDate: Bool)? {
        var s = ByteScanner(text)
        s.skipSpaces()
        let negative = s.take(UInt8(ascii: "-"))
        guard let year = s.number(minDigits: 1, maxDigits: 9), s.take(UInt8(ascii: "-")),
              let month = s.number(minDigits: 1, maxDigits: 2), s.take(UInt8(ascii: "-")),
              let day = s.number(minDigits: 1, maxDigits: 2) else { return nil }
        var y = negative ? -year : year
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0, nanos: Int64 = 0, offset: Int64 = 0
        var isDate = true
        if s.take(UInt8(ascii: "T")) || s.take(UInt8(ascii: "t")) || (s.peek == 0x20 && s.peekDigit(at: 1)) {
            if s.peek == 0x20 { s.index += 1 }
            guard let h = s.number(minDigits: 1, maxDigits: 2), s.take(UInt8(ascii: ":")),
                  let m = s.number(minDigits: 2, maxDigits: 2) else { return nil }
            hour = h; minute = m
            if s.take(UInt8(ascii: ":")) {
                guard let sec = s.number(minDigits: 2, maxDigits: 2) else { return nil }
                second = sec
                if s.take(UInt8(ascii: ".")) {
                    guard let fraction = s.fraction() else { return nil }
                    nanos = fraction / 1000 * 1000  // microseconds, as DuckDB keeps
                }
            }
            isDate = false
            s.skipSpaces()
            if s.take(UInt8(ascii: "Z")) || s.take(UInt8(ascii: "z")) {
            } else if s.peek == UInt8(ascii: "+") || s.peek == UInt8(ascii: "-") {
                let sign: Int64 = s.peek == UInt8(ascii: "-") ? -1 : 1
                s.index += 1
                guard let oh = s.number(minDigits: 2, maxDigits: 2), oh <= 18 else { return nil }
                var om: Int64 = 0
                if s.take(UInt8(ascii: ":")) {
                    guard let m = s.number(minDigits: 2, maxDigits: 2) else { return nil }
                    om = m
                } else if let m = s.number(minDigits: 2, maxDigits: 2) {
                    om = m
                }
                guard om < 60 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            } else if s.takeWord("UTC") || s.takeWord("GMT") {
            }
        }
        s.skipSpaces()
        if s.takeWord("(BC)") {
            guard !negative, y >= 1 else { return nil }
            y = 1 - y
            s.skipSpaces()
        }
        guard s.atEnd, (1...12).contains(month), day >= 1, day <= daysInMonth(y, Int(month)),
              hour < 24, minute < 60, second < 60 else { return nil }
        guard let time = CivilCalendar.time(year: y, month: month, day: day, hour: hour, minute: minute, second: second,
                                            nanosecond: nanos, offset: offset) else { return nil }
        return (time, isDate)
    }

    static func daysInMonth(_ year: Int64, _ month: Int) -> Int64 {
        switch month {
        case 2: return CivilCalendar.isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The text of `time` in `layout`, as DuckDB casts a DATE, TIMESTAMP or TIME to text.
    static func format(_ time: SqleanTime, layout: Layout) -> String {
        let f = CivilCalendar.fields(time)
        var out = ""
        if layout != .time {
            let bc = f.year <= 0
            let year = bc ? 1 - f.year : f.year
            out += pad(year, 4) + "-" + pad(Int64(f.month), 2) + "-" + pad(Int64(f.day), 2)
            if layout == .timestamp { out += " " + clock(f) }
            if bc { out += " (BC)" }
            return out
        }
        return clock(f)
    }

    /// `HH:MM:SS`, with `.ffffff` (trailing zeros cut) when the microseconds are not 0.
    static func clock(_ f: CivilCalendar.Fields) -> String {
        pad(Int64(f.hour), 2) + ":" + pad(Int64(f.minute), 2) + ":" + pad(Int64(f.second), 2)
            + fraction(micros: Int64(f.nanosecond / 1000))
    }

    /// `.ffffff` of a count of microseconds 0...999999, trailing zeros cut; empty for 0.
    static func fraction(micros: Int64) -> String {
        guard micros != 0 else { return "" }
        var digits = pad(micros, 6)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
        return value < 0 ? "-" + padded : padded
    }

    /// Sets the text of `time` as the result.
    static func setText(_ time: SqleanTime, layout: Layout, _ result: ResultContext) {
        result.set(format(time, layout: layout))
    }

    /// Text for an error message: the value in quotes when it is short valid UTF-8, else a
    /// description of it.
    static func quoted(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard text.count <= 64, UTF8Bytes.isASCII(text) || UTF8Bytes.firstInvalidOffset(text) == nil,
              !text.contains(where: { $0 < 0x20 }) else {
            return "the text (\(text.count) bytes)"
        }
        return "'" + String(decoding: text, as: UTF8.self) + "'"
    }
}

/// A cursor over bytes for the date parsers.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8 { index < bytes.count ? bytes[index] : 0 }

    func peekDigit(at offset: Int) -> Bool {
        let i = index + offset
        return i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte, !atEnd else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while !atEnd, bytes[index] == 0x20 || (bytes[index] >= 0x09 && bytes[index] <= 0x0D) { index += 1 }
    }

    /// An unsigned decimal of `minDigits...maxDigits` digits.
    mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
        var value: Int64 = 0, digits = 0
        while digits < maxDigits, peekDigit(at: 0) {
            value = value * 10 + Int64(bytes[index] - 0x30)
            index += 1
            digits += 1
        }
        return digits >= minDigits ? value : nil
    }

    /// Decimal fraction digits (at least one) as nanoseconds; digits past the ninth are read
    /// and dropped.
    mutating func fraction() -> Int64? {
        var value: Int64 = 0, digits = 0
        while peekDigit(at: 0) {
            if digits < 9 { value = value * 10 + Int64(bytes[index] - 0x30) }
            index += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        for _ in digits..<max(digits, 9) { value *= 10 }
        return value
    }

    /// `word`, ASCII case-insensitively.
    mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let w = word.utf8Start
        for k in 0..<count where lower(bytes[index + k]) != lower(w[k]) { return false }
        index += count
        return true
    }

    func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
}
