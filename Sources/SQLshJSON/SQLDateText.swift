import SQLshCore

/// Dates as text in the format SQLite's date and time functions use, computed by hand (no
/// formatter objects, no time zone database: always UTC).
enum SQLDateText {
    /// `YYYY-MM-DD HH:MM:SS.SSS` for Unix time `seconds`, truncated to the millisecond, or
    /// nil outside years 0000 to 9999.
    static func format(_ seconds: Double) -> String? {
        // -62167219200 is 0000-01-01 00:00:00, 253402300800 is 10000-01-01.
        guard seconds.isFinite, seconds >= -62_167_219_200, seconds < 253_402_300_800 else { return nil }
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = CivilDays.date(daysSince1970: days)
        let hour = dayMilliseconds / 3_600_000, minute = dayMilliseconds / 60_000 % 60
        let second = dayMilliseconds / 1000 % 60, millisecond = dayMilliseconds % 1000
        var text = ""
        text.reserveCapacity(23)
        append(&text, year, 4); text += "-"; append(&text, month, 2); text += "-"; append(&text, day, 2)
        text += " "
        append(&text, hour, 2); text += ":"; append(&text, minute, 2); text += ":"; append(&text, second, 2)
        text += "."; append(&text, millisecond, 3)
        return text
    }

    /// Unix time for the text forms SQLite reads: `YYYY-MM-DD`, optionally followed by a space
    /// or `T` and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.SSS` (any number of fraction digits), then
    /// optionally `Z` or `±HH:MM`; or a time alone (on 2000-01-01, as SQLite does). Nil for
    /// anything else, including impossible dates (`2023-02-30`).
    static func parse(_ bytes: [UInt8]) -> Double? {
        var p = Parser(bytes: bytes)
        p.skipSpaces()
        var days: Int64 = 10_957 // 2000-01-01
        var time: (seconds: Int64, fraction: Double) = (0, 0)
        if p.looksLikeTime {
            guard let parsed = p.time() else { return nil }
            time = parsed
        } else {
            guard let year = p.number(digits: 4), p.take(UInt8(ascii: "-")),
                  let month = p.number(digits: 2), p.take(UInt8(ascii: "-")),
                  let day = p.number(digits: 2),
                  (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
            days = CivilDays.daysSince1970(year: year, month: month, day: day)
            if p.take(UInt8(ascii: "T")) || (p.take(UInt8(ascii: " ")) && p.looksLikeTime) {
                guard let parsed = p.time() else { return nil }
                time = parsed
            }
        }
        p.skipSpaces()
        if p.take(UInt8(ascii: "Z")) || p.take(UInt8(ascii: "z")) {
        } else if let sign = p.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            p.index += 1
            guard let hours = p.number(digits: 2), p.take(UInt8(ascii: ":")), let minutes = p.number(digits: 2),
                  hours <= 14, minutes < 60 else { return nil }
            let offset = (hours * 60 + minutes) * 60
            time.seconds += sign == UInt8(ascii: "+") ? -offset : offset
        }
        p.skipSpaces()
        guard p.isAtEnd else { return nil }
        return Double(days * 86_400 + time.seconds) + time.fraction
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
        var isAtEnd: Bool { index >= bytes.count }
        /// `HH:` ahead.
        var looksLikeTime: Bool {
            index + 2 < bytes.count && isDigit(bytes[index]) && isDigit(bytes[index + 1]) && bytes[index + 2] == UInt8(ascii: ":")
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func skipSpaces() { while peek == UInt8(ascii: " ") { index += 1 } }

        mutating func number(digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                guard isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }

        /// `HH:MM[:SS[.fff]]`: whole seconds into the day and the fraction of a second (read as
        /// digits over a power of ten, so that `.250` is exactly 0.25).
        mutating func time() -> (seconds: Int64, fraction: Double)? {
            guard let hour = number(digits: 2), take(UInt8(ascii: ":")), let minute = number(digits: 2),
                  hour < 24, minute < 60 else { return nil }
            var seconds = hour * 3600 + minute * 60
            var fraction = 0.0
            if take(UInt8(ascii: ":")) {
                guard let whole = number(digits: 2), whole < 60 else { return nil }
                seconds += whole
                if take(UInt8(ascii: ".")) {
                    var numerator: Int64 = 0, denominator: Int64 = 1, count = 0
                    while let byte = peek, isDigit(byte) {
                        // Digits past the nanosecond change nothing a Double can hold.
                        if count < 9 {
                            numerator = numerator * 10 + Int64(byte - UInt8(ascii: "0"))
                            denominator *= 10
                        }
                        count += 1
                        index += 1
                    }
                    guard count > 0 else { return nil }
                    fraction = Double(numerator) / Double(denominator)
                }
            }
            return (seconds, fraction)
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func append(_ text: inout String, _ value: Int64, _ width: Int) {
        let digits = String(value)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
