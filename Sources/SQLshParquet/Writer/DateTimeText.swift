/// Dates and timestamps in SQLite's text forms, as the writer stores them in DATE and
/// TIMESTAMP columns: `YYYY-MM-DD` and `YYYY-MM-DD HH:MM[:SS[.f...]]` (a `T` may separate
/// the date and the time; at most six digits of fraction, no time zone).
enum DateTimeText {
    /// Days since 1970-01-01 of `YYYY-MM-DD`, or nil when `text` is not exactly a valid date.
    static func days(_ text: UnsafeRawBufferPointer) -> Int32? {
        guard text.count == 10 else { return nil }
        return date(text).map { Int32($0) }
    }

    /// Microseconds since 1970-01-01 00:00:00 of a timestamp (or a date: its midnight).
    static func micros(_ text: UnsafeRawBufferPointer) -> Int64? {
        guard text.count >= 10, let days = date(text) else { return nil }
        var micros = Int64(days) * 86_400_000_000
        if text.count == 10 { return micros }
        guard text.count >= 16, text[10] == UInt8(ascii: " ") || text[10] == UInt8(ascii: "T"),
              let hour = digits(text, 11, 2), hour < 24, text[13] == UInt8(ascii: ":"),
              let minute = digits(text, 14, 2), minute < 60 else { return nil }
        var seconds = 0
        var fraction = 0
        var i = 16
        if i < text.count {
            guard text.count >= 19, text[16] == UInt8(ascii: ":"), let s = digits(text, 17, 2), s < 60 else { return nil }
            seconds = s
            i = 19
            if i < text.count {
                guard text[19] == UInt8(ascii: "."), text.count > 20, text.count <= 26,
                      let f = digits(text, 20, text.count - 20) else { return nil }
                fraction = f
                for _ in 0..<(26 - text.count) { fraction *= 10 }
                i = text.count
            }
        }
        guard i == text.count else { return nil }
        micros += Int64((hour * 60 + minute) * 60 + seconds) * 1_000_000 + Int64(fraction)
        return micros
    }

    /// Days since 1970-01-01 of the `YYYY-MM-DD` at the start of `text`.
    private static func date(_ text: UnsafeRawBufferPointer) -> Int? {
        guard let year = digits(text, 0, 4), text[4] == UInt8(ascii: "-"), let month = digits(text, 5, 2),
              text[7] == UInt8(ascii: "-"), let day = digits(text, 8, 2), (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1 && day <= lengths[month - 1] else { return nil }
        return daysFromCivil(year: year, month: month, day: day)
    }

    /// The days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The decimal number in `text[start..<start + count]`, nil unless all digits.
    private static func digits(_ text: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= text.count else { return nil }
        var n = 0
        for i in start..<(start + count) {
            let c = text[i]
            guard c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(c - UInt8(ascii: "0"))
        }
        return n
    }
}

extension DateTimeText {
    /// Microseconds of the day of `HH:MM[:SS[.f...]]` (at most six digits of fraction).
    static func timeOfDay(_ text: UnsafeRawBufferPointer) -> Int64? {
        // The same text after a date: a timestamp's parser reads it.
        var stamp = Array("1970-01-01 ".utf8)
        stamp.append(contentsOf: text)
        guard text.count >= 5, text.count <= 15 else { return nil }
        return stamp.withUnsafeBytes { micros($0) }
    }

    /// Microseconds since 1970-01-01 00:00:00 UTC of a timestamp with an optional zone after
    /// it (`Z`, `+HH`, `+HH:MM`, `+HHMM`, or `-` for west; perhaps after a space); without a
    /// zone the timestamp is UTC already.
    static func microsUTC(_ text: UnsafeRawBufferPointer) -> Int64? {
        if let plain = micros(text) { return plain }
        guard text.count > 16 else { return nil }
        var end = text.count
        var offsetSeconds = 0
        if text[end - 1] == UInt8(ascii: "Z") {
            end -= 1
        } else {
            // The zone's sign: the last + or - after the date.
            var sign = end - 1
            while sign > 16 && text[sign] != UInt8(ascii: "+") && text[sign] != UInt8(ascii: "-") { sign -= 1 }
            guard sign >= 16, text[sign] == UInt8(ascii: "+") || text[sign] == UInt8(ascii: "-") else { return nil }
            let zone = Array(text[(sign + 1)...]).filter { $0 != UInt8(ascii: ":") }
            guard zone.count == 2 || zone.count == 4, zone.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                  text[(sign + 1)...].filter({ $0 == UInt8(ascii: ":") }).count <= 1 else { return nil }
            let hours = Int(zone[0] - 48) * 10 + Int(zone[1] - 48)
            let minutes = zone.count == 4 ? Int(zone[2] - 48) * 10 + Int(zone[3] - 48) : 0
            guard hours <= 18, minutes < 60 else { return nil }
            offsetSeconds = (hours * 60 + minutes) * 60 * (text[sign] == UInt8(ascii: "-") ? -1 : 1)
            end = sign
        }
        if end > 0 && text[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard let local = micros(UnsafeRawBufferPointer(rebasing: text[0..<end])) else { return nil }
        return local - Int64(offsetSeconds) * 1_000_000
    }
}
