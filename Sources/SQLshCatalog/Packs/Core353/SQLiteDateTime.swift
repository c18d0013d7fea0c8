import SQLshCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A date and time as SQLite's date functions hold one (its `DateTime`): milliseconds of the
/// Julian day, and the calendar fields worked out from them or parsed, each part marked
/// valid or not. Reads its one argument as SQLite 3.53's `isDate` does without modifiers:
/// ISO-8601 text (`YYYY-MM-DD`, a time `HH:MM[:SS[.FFF]]`, both, a `T` between, a
/// `[+-]HH:MM` or `Z` zone), `now`, or a number, which is a Julian day.
struct SQLiteDateTime {
    /// The Julian day times 86,400,000.
    var julianMilliseconds: Int64 = 0
    var year = 0, month = 0, day = 0
    var hour = 0, minute = 0
    var second: Double = 0
    /// The zone offset in minutes.
    var zone = 0
    var hasJulian = false
    var hasRawNumber = false
    var hasDate = false
    var hasTime = false
    var hasZone = false

    /// The largest Julian day milliseconds SQLite accepts: 9999-12-31 23:59:59.999.
    static let maximumJulianMilliseconds: Int64 = 464_269_060_799_999

    /// The argument as SQLite's date functions read it; nil where they give NULL.
    init?(_ argument: Argument) {
        switch argument.storageType {
        case .integer, .real:
            setRawNumber(argument.double)
        case .null:
            return nil
        default:
            guard parse(argument.textBytes) else { return nil }
        }
        computeJulian()
        guard julianMilliseconds >= 0, julianMilliseconds <= Self.maximumJulianMilliseconds, hasJulian else { return nil }
        // A day past 28 is normalized (2023-02-31 is 2023-03-03).
        if hasDate && day > 28 { hasDate = false }
    }

    init() {}

    /// Clears every field, as SQLite's `datetimeError`.
    private mutating func setError() { self = SQLiteDateTime() }

    private mutating func setRawNumber(_ r: Double) {
        second = r
        hasRawNumber = true
        if r >= 0 && r < 5_373_484.5 {
            julianMilliseconds = Int64(r * 86_400_000 + 0.5)
            hasJulian = true
        }
    }

    /// Year, month and day to Julian day milliseconds (Meeus), then the time and zone.
    mutating func computeJulian() {
        if hasJulian { return }
        var y = hasDate ? year : 2000
        var m = hasDate ? month : 1
        let d = hasDate ? day : 1
        if y < -4713 || y > 9999 || hasRawNumber {
            setError()
            return
        }
        if m <= 2 {
            y -= 1
            m += 12
        }
        let a = y / 100
        let b = 2 - a + a / 4
        let x1 = 36525 * (y + 4716) / 100
        let x2 = 306_001 * (m + 1) / 10000
        julianMilliseconds = Int64((Double(x1 + x2 + d + b) - 1524.5) * 86_400_000)
        hasJulian = true
        if hasTime {
            julianMilliseconds += Int64(hour * 3_600_000 + minute * 60000) + Int64(second * 1000 + 0.5)
            if hasZone {
                julianMilliseconds -= Int64(zone * 60000)
                hasDate = false
                hasTime = false
                hasZone = false
            }
        }
    }

    /// Julian day milliseconds to year, month and day.
    mutating func computeDate() {
        if hasDate { return }
        if !hasJulian {
            year = 2000
            month = 1
            day = 1
        } else if julianMilliseconds < 0 || julianMilliseconds > Self.maximumJulianMilliseconds {
            setError()
            return
        } else {
            let z = Int((julianMilliseconds + 43_200_000) / 86_400_000)
            var a = Int((Double(z) - 1_867_216.25) / 36524.25)
            a = z + 1 + a - a / 4
            let b = a + 1524
            let c = Int((Double(b) - 122.1) / 365.25)
            let d = (36525 * (c & 32767)) / 100
            let e = Int(Double(b - d) / 30.6001)
            let x1 = Int(30.6001 * Double(e))
            day = b - d - x1
            month = e < 14 ? e - 1 : e - 13
            year = month > 2 ? c - 4716 : c - 4715
        }
        hasDate = true
    }

    /// Julian day milliseconds to hour, minute and second.
    mutating func computeTime() {
        if hasTime { return }
        computeJulian()
        let dayMilliseconds = Int((julianMilliseconds + 43_200_000) % 86_400_000)
        second = Double(dayMilliseconds % 60000) / 1000
        let dayMinutes = dayMilliseconds / 60000
        minute = dayMinutes % 60
        hour = dayMinutes / 60
        hasRawNumber = false
        hasTime = true
    }

    // MARK: Parsing

    /// Parses a date text as SQLite's `parseDateOrTime`; false when it is not one.
    private mutating func parse(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // SQLite reads the text up to its first NUL.
        let end = text.firstIndex(of: 0) ?? text.count
        let bytes = Array(text[0..<end])
        if parseDate(bytes) || parseTime(bytes, from: 0) { return true }
        if Self.equalsIgnoringCase(bytes, "now") || Self.equalsIgnoringCase(bytes, "subsec")
            || Self.equalsIgnoringCase(bytes, "subsecond") {
            var spec = timespec()
            clock_gettime(CLOCK_REALTIME, &spec)
            julianMilliseconds = Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000 + 210_866_760_000_000
            hasJulian = true
            return true
        }
        if let r = Self.number(bytes) {
            setRawNumber(r)
            return true
        }
        return false
    }

    private static func equalsIgnoringCase(_ bytes: [UInt8], _ word: String) -> Bool {
        bytes.count == word.utf8.count && zip(bytes, word.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0d).contains(c) }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// `count` digits at `at` forming a value in `minimum...maximum`, followed by `separator`
    /// (0: anything); nil otherwise.
    private static func digits(_ bytes: [UInt8], at: Int, count: Int, minimum: Int, maximum: Int, separator: UInt8) -> Int? {
        guard at + count <= bytes.count else { return nil }
        var value = 0
        for k in at..<(at + count) {
            guard isDigit(bytes[k]) else { return nil }
            value = value * 10 + Int(bytes[k] - 0x30)
        }
        guard value >= minimum, value <= maximum else { return nil }
        if separator != 0 {
            guard at + count < bytes.count, bytes[at + count] == separator else { return nil }
        }
        return value
    }

    /// `[-]YYYY-MM-DD`, then spaces or `T`, then an optional time.
    private mutating func parseDate(_ bytes: [UInt8]) -> Bool {
        var i = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { i = 1 }
        guard let y = Self.digits(bytes, at: i, count: 4, minimum: 0, maximum: 9999, separator: UInt8(ascii: "-")),
              let m = Self.digits(bytes, at: i + 5, count: 2, minimum: 1, maximum: 12, separator: UInt8(ascii: "-")),
              let d = Self.digits(bytes, at: i + 8, count: 2, minimum: 1, maximum: 31, separator: 0) else { return false }
        i += 10
        while i < bytes.count && (Self.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "T")) { i += 1 }
        if parseTime(bytes, from: i) {
            // The time was read.
        } else if i == bytes.count {
            hasTime = false
        } else {
            return false
        }
        hasJulian = false
        hasDate = true
        year = negative ? -y : y
        month = m
        day = d
        if hasZone { computeJulian() }
        return true
    }

    /// `HH:MM[:SS[.F...]]` then an optional zone, from `start`.
    private mutating func parseTime(_ bytes: [UInt8], from start: Int) -> Bool {
        guard let h = Self.digits(bytes, at: start, count: 2, minimum: 0, maximum: 24, separator: UInt8(ascii: ":")),
              let m = Self.digits(bytes, at: start + 3, count: 2, minimum: 0, maximum: 59, separator: 0) else { return false }
        var i = start + 5
        var s = 0
        var fraction = 0.0
        if i < bytes.count && bytes[i] == UInt8(ascii: ":") {
            guard let seconds = Self.digits(bytes, at: i + 1, count: 2, minimum: 0, maximum: 59, separator: 0) else { return false }
            s = seconds
            i += 3
            if i + 1 < bytes.count && bytes[i] == UInt8(ascii: ".") && Self.isDigit(bytes[i + 1]) {
                var scale = 1.0
                i += 1
                while i < bytes.count && Self.isDigit(bytes[i]) {
                    fraction = fraction * 10 + Double(bytes[i] - 0x30)
                    scale *= 10
                    i += 1
                }
                fraction /= scale
            }
        }
        hasJulian = false
        hasRawNumber = false
        hasTime = true
        hour = h
        minute = m
        second = Double(s) + fraction
        guard parseZone(bytes, from: i) else { return false }
        hasZone = zone != 0
        return true
    }

    /// An optional `[+-]HH:MM` or `Z`, with spaces around, ending the text.
    private mutating func parseZone(_ bytes: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
        zone = 0
        guard i < bytes.count else { return true }
        let c = bytes[i]
        if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
            i += 1
        } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            guard let h = Self.digits(bytes, at: i + 1, count: 2, minimum: 0, maximum: 14, separator: UInt8(ascii: ":")),
                  let m = Self.digits(bytes, at: i + 4, count: 2, minimum: 0, maximum: 59, separator: 0) else { return false }
            zone = (c == UInt8(ascii: "-") ? -1 : 1) * (m + h * 60)
            i += 6
        } else {
            return false
        }
        while i < bytes.count && Self.isSpace(bytes[i]) { i += 1 }
        return i == bytes.count
    }

    /// The text as a number when all of it is one (spaces around allowed), as `sqlite3AtoF`
    /// accepts it: decimal digits, an optional point and exponent.
    private static func number(_ bytes: [UInt8]) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        var i = start
        if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
        var mantissaDigits = 0
        while i < end && isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end && isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return nil }
        if i < end && (bytes[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            var exponentDigits = 0
            while i < end && isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return nil }
        }
        guard i == end else { return nil }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
