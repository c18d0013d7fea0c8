import SQLshCore

/// DuckDB's strptime(text, format): text read by a C-style format (`%Y-%m-%d %H:%M:%S`, `%d/%m/%Y`,
/// `%B %d, %Y`, `%I:%M %p`...). Specifiers: %Y %y %m %d %e %H %I %M %S %f (microseconds) %g
/// (milliseconds) %n (nanoseconds) %p %b %h %B %a %A %j %z %Z %%; `%-m`-style forms read the
/// same; a space matches any run of white space, and numbers may follow white space.
enum DateStrptime {
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                         "october", "november", "december"]
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The time `text` gives under `format`.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, format: UnsafeBufferPointer<UInt8>) throws -> SqleanTime {
        var s = ByteScanner(text)
        var year: Int64 = 1900, month: Int64 = 1, day: Int64 = 1, hour: Int64 = 0, minute: Int64 = 0
        var second: Int64 = 0, nanos: Int64 = 0, offset: Int64 = 0, yearday: Int64? = nil
        var pm: Bool? = nil
        var f = 0
        func fail() -> Error {
            DateError("Could not parse string \(DateText.quoted(text).replacingQuotes) according to format specifier \(DateText.quoted(format).replacingQuotes)")
        }
        func number(_ maxDigits: Int) throws -> Int64 {
            s.skipSpaces()
            guard let n = s.number(minDigits: 1, maxDigits: maxDigits) else { throw fail() }
            return n
        }
        func name(_ list: [String]) throws -> Int {
            for (i, full) in list.enumerated() {
                if s.takeText(full) { return i }
                if s.takeText(String(full.prefix(3))) { return i }
            }
            throw fail()
        }
        while f < format.count {
            let c = format[f]
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                s.skipSpaces()
                f += 1
                continue
            }
            guard c == UInt8(ascii: "%") else {
                guard s.take(c) else { throw fail() }
                f += 1
                continue
            }
            f += 1
            if f < format.count, format[f] == UInt8(ascii: "-") { f += 1 }
            guard f < format.count else { throw fail() }
            let spec = format[f]
            f += 1
            switch spec {
            case UInt8(ascii: "Y"):
                s.skipSpaces()
                let negative = s.take(UInt8(ascii: "-"))
                let y = try number(9)
                year = negative ? -y : y
            case UInt8(ascii: "y"):
                let y = try number(2)
                year = y < 69 ? 2000 + y : 1900 + y
            case UInt8(ascii: "m"): month = try number(2)
            case UInt8(ascii: "d"), UInt8(ascii: "e"): day = try number(2)
            case UInt8(ascii: "H"): hour = try number(2)
            case UInt8(ascii: "I"):
                hour = try number(2)
                guard (1...12).contains(hour) else { throw fail() }
            case UInt8(ascii: "M"): minute = try number(2)
            case UInt8(ascii: "S"): second = try number(2)
            case UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "n"):
                let limit = spec == UInt8(ascii: "g") ? 3 : (spec == UInt8(ascii: "f") ? 6 : 9)
                var value: Int64 = 0, digits = 0
                while digits < limit, s.peekDigit(at: 0) {
                    value = value * 10 + Int64(s.bytes[s.index] - 0x30)
                    s.index += 1
                    digits += 1
                }
                guard digits > 0 else { throw fail() }
                for _ in digits..<9 { value *= 10 }
                nanos = value / 1000 * 1000
            case UInt8(ascii: "p"):
                if s.takeText("am") { pm = false } else if s.takeText("pm") { pm = true } else { throw fail() }
            case UInt8(ascii: "b"), UInt8(ascii: "h"), UInt8(ascii: "B"):
                month = Int64(try name(months)) + 1
            case UInt8(ascii: "a"), UInt8(ascii: "A"):
                _ = try name(weekdays)
            case UInt8(ascii: "j"):
                yearday = try number(3)
            case UInt8(ascii: "z"):
                s.skipSpaces()
                if s.take(UInt8(ascii: "Z")) { offset = 0; break }
                let sign: Int64 = s.take(UInt8(ascii: "-")) ? -1 : (s.take(UInt8(ascii: "+")) ? 1 : 0)
                guard sign != 0, let h = s.number(minDigits: 2, maxDigits: 2) else { throw fail() }
                _ = s.take(UInt8(ascii: ":"))
                let m = s.number(minDigits: 2, maxDigits: 2) ?? 0
                guard h <= 18, m < 60 else { throw fail() }
                offset = sign * (h * 3600 + m * 60)
            case UInt8(ascii: "Z"):
                s.skipSpaces()
                let start = s.index
                while !s.atEnd, s.peek > 0x20 { s.index += 1 }
                guard s.index > start else { throw fail() }
            case UInt8(ascii: "%"):
                guard s.take(UInt8(ascii: "%")) else { throw fail() }
            default:
                throw DateError("strptime(): the format specifier %\(String(UnicodeScalar(spec))) is not supported")
            }
        }
        s.skipSpaces()
        guard s.atEnd else { throw fail() }
        if let pm {
            guard (1...12).contains(hour) else { throw fail() }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        if let yearday {
            guard yearday >= 1, yearday <= (CivilCalendar.isLeap(year) ? 366 : 365) else { throw fail() }
            month = 1
            day = yearday
        } else {
            guard (1...12).contains(month), day >= 1, day <= DateText.daysInMonth(year, Int(month)) else {
                throw DateError("strptime(): date out of range: \(year)-\(month)-\(day)")
            }
        }
        guard hour < 24, minute < 60, second < 60 else {
            throw DateError("strptime(): time out of range: \(hour):\(minute):\(second)")
        }
        guard let time = CivilCalendar.time(year: year, month: month, day: day, hour: hour, minute: minute,
                                            second: second, nanosecond: nanos, offset: offset) else {
            throw DateError.outOfRange("strptime")
        }
        return time
    }
}

extension ByteScanner {
    /// `text` (lowercase ASCII), matched case-insensitively.
    mutating func takeText(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        for k in 0..<utf8.count where lower(bytes[index + k]) != utf8[k] { return false }
        index += utf8.count
        return true
    }
}
