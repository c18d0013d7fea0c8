/// The text forms of dates, times, timestamps, decimals and UUIDs, as bytes.
enum ValueText {
    /// `YYYY-MM-DD` for a day count since 1970-01-01 (the proleptic Gregorian calendar).
    static func date(days: Int64, into out: inout [UInt8]) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        var year = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        if month <= 2 { year += 1 }
        if year < 0 { out.append(UInt8(ascii: "-")) }
        digits(abs(year), width: 4, into: &out)
        out.append(UInt8(ascii: "-"))
        digits(month, width: 2, into: &out)
        out.append(UInt8(ascii: "-"))
        digits(day, width: 2, into: &out)
    }

    /// `HH:MM:SS`, then the fraction (`units` per second) without its trailing zeros.
    static func time(_ value: Int64, unitsPerSecond: Int64, into out: inout [UInt8]) {
        let seconds = value / unitsPerSecond
        let fraction = value % unitsPerSecond
        digits(seconds / 3600, width: 2, into: &out)
        out.append(UInt8(ascii: ":"))
        digits(seconds / 60 % 60, width: 2, into: &out)
        out.append(UInt8(ascii: ":"))
        digits(seconds % 60, width: 2, into: &out)
        guard fraction > 0 else { return }
        var width = 0
        var u = unitsPerSecond
        while u > 1 { u /= 10; width += 1 }
        var text: [UInt8] = []
        digits(fraction, width: width, into: &text)
        while text.last == UInt8(ascii: "0") { text.removeLast() }
        out.append(UInt8(ascii: "."))
        out += text
    }

    static func unitsPerSecond(_ unit: TimeUnit) -> Int64 {
        switch unit {
        case .millis: return 1000
        case .micros: return 1_000_000
        case .nanos: return 1_000_000_000
        }
    }

    /// `YYYY-MM-DD HH:MM:SS[.fff]` for `value` units since the epoch.
    static func timestamp(_ value: Int64, unitsPerSecond: Int64, into out: inout [UInt8]) {
        let perDay = unitsPerSecond * 86_400
        var days = value / perDay
        var rest = value % perDay
        if rest < 0 { rest += perDay; days -= 1 }
        date(days: days, into: &out)
        out.append(UInt8(ascii: " "))
        time(rest, unitsPerSecond: unitsPerSecond, into: &out)
    }

    /// An INT96 timestamp: 8 bytes of nanoseconds of the day, 4 of the Julian day.
    static func int96(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var nanos: UInt64 = 0
        for i in 0..<8 { nanos |= UInt64(bytes[i]) << UInt64(8 * i) }
        var julian: UInt32 = 0
        for i in 0..<4 { julian |= UInt32(bytes[8 + i]) << UInt32(8 * i) }
        var days = Int64(julian) - 2_440_588
        var inDay = Int64(bitPattern: nanos % 86_400_000_000_000)
        days += Int64(nanos / 86_400_000_000_000)
        if inDay < 0 { inDay = 0 }
        date(days: days, into: &out)
        out.append(UInt8(ascii: " "))
        time(inDay, unitsPerSecond: 1_000_000_000, into: &out)
    }

    /// Zero-padded decimal digits of a non-negative number.
    static func digits(_ value: Int64, width: Int, into out: inout [UInt8]) {
        var text: [UInt8] = []
        var v = value.magnitude
        repeat {
            text.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        if text.count < width { out += repeatElement(UInt8(ascii: "0"), count: width - text.count) }
        out += text.reversed()
    }

    /// The canonical text of a UUID's 16 bytes.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append(UInt8(ascii: "-")) }
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 15)])
        }
    }

    /// The decimal text of a big-endian two's complement integer scaled by 10^-scale.
    static func decimal(bigEndian bytes: UnsafeBufferPointer<UInt8>, scale: Int) -> [UInt8] {
        guard !bytes.isEmpty else { return Array("0".utf8) }
        let negative = bytes[0] & 0x80 != 0
        var magnitude = Array(bytes)
        if negative {
            // Two's complement: invert and add one.
            for i in magnitude.indices { magnitude[i] = ~magnitude[i] }
            var i = magnitude.count - 1
            while i >= 0 {
                let (sum, carry) = magnitude[i].addingReportingOverflow(1)
                magnitude[i] = sum
                if !carry { break }
                i -= 1
            }
        }
        // Repeated division by 10 of the base-256 number.
        var digitsOut: [UInt8] = []
        var start = 0
        while start < magnitude.count && magnitude[start] == 0 { start += 1 }
        while start < magnitude.count {
            var remainder = 0
            for i in start..<magnitude.count {
                let current = remainder * 256 + Int(magnitude[i])
                magnitude[i] = UInt8(current / 10)
                remainder = current % 10
            }
            digitsOut.append(UInt8(ascii: "0") + UInt8(remainder))
            while start < magnitude.count && magnitude[start] == 0 { start += 1 }
        }
        if digitsOut.isEmpty { digitsOut = [UInt8(ascii: "0")] }
        return scaled(Array(digitsOut.reversed()), negative: negative, scale: scale)
    }

    /// The decimal text of `value` scaled by 10^-scale.
    static func decimal(_ value: Int64, scale: Int) -> [UInt8] {
        var digitsOut: [UInt8] = []
        digits(value, width: 1, into: &digitsOut)
        return scaled(digitsOut, negative: value < 0, scale: scale)
    }

    private static func scaled(_ digits: [UInt8], negative: Bool, scale: Int) -> [UInt8] {
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        guard scale > 0 else {
            out += digits
            if scale < 0 { out += repeatElement(UInt8(ascii: "0"), count: min(-scale, 1000)) }
            return out
        }
        let padded = digits.count <= scale ? Array(repeatElement(UInt8(ascii: "0"), count: scale - digits.count + 1)) + digits : digits
        out += padded[..<(padded.count - scale)]
        out.append(UInt8(ascii: "."))
        out += padded[(padded.count - scale)...]
        return out
    }

    /// Whether a decimal's text holds at most 15 significant digits, so that a double holds
    /// it exactly (to the digits shown).
    static func fitsDouble(_ text: [UInt8]) -> Bool {
        var significant = 0
        var leading = true
        for c in text where c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
            if leading && c == UInt8(ascii: "0") { continue }
            leading = false
            significant += 1
        }
        return significant <= 15
    }

    /// A half-precision float's value.
    static func float16(_ bits: UInt16) -> Double {
        let sign: Double = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int((bits >> 10) & 0x1F)
        let mantissa = Double(bits & 0x3FF)
        if exponent == 0 { return sign * mantissa * 0x1p-24 }
        if exponent == 31 { return mantissa == 0 ? sign * .infinity : .nan }
        var scale = 1.0
        var e = exponent - 15
        while e > 0 { scale *= 2; e -= 1 }
        while e < 0 { scale /= 2; e += 1 }
        return sign * (1 + mantissa / 1024) * scale
    }
}
