/// SQLite values as the unscaled integers of a DECIMAL(precision, scale) column: integers,
/// reals (by their shortest round-trip digits) and numeric text (`[+-]digits[.digits][e[+-]n]`).
/// A value fits only when it is exact at that scale and within that precision: nothing is
/// rounded.
enum DecimalValue {
    /// 10^0 ... 10^38.
    static let powers: [Int128] = {
        var p: [Int128] = [1]
        for _ in 1...38 { p.append(p[p.count - 1] * 10) }
        return p
    }()

    /// The unscaled integer of `value` in DECIMAL(precision, scale), or nil when it does not
    /// fit exactly.
    static func unscaled(_ value: ParquetInputValue, precision: Int, scale: Int) -> Int128? {
        guard (1...ParquetColumnType.maxDecimalPrecision).contains(precision), (0...precision).contains(scale) else { return nil }
        let result: Int128?
        switch value {
        case .integer(let n):
            let (v, overflow) = Int128(n).multipliedReportingOverflow(by: powers[scale])
            result = overflow ? nil : v
        case .real(let d):
            guard d.isFinite else { return nil }
            result = Array(d.description.utf8).withUnsafeBytes { parse($0, scale: scale) }
        case .text(let bytes):
            result = parse(bytes, scale: scale)
        case .null, .blob:
            return nil
        }
        guard let result, result.magnitude < powers[precision].magnitude else { return nil }
        return result
    }

    /// The unscaled integer at `scale` of a decimal number's text.
    static func parse(_ text: UnsafeRawBufferPointer, scale: Int) -> Int128? {
        var i = 0
        let n = text.count
        var negative = false
        if i < n && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        // The significant digits (leading zeros dropped) and the power of ten they are scaled by.
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var inFraction = false
        while i < n {
            let c = text[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                sawDigit = true
                if inFraction { exponent -= 1 }
                if !(digits.isEmpty && c == UInt8(ascii: "0")) {
                    guard digits.count < 200 else { return nil }
                    digits.append(c - UInt8(ascii: "0"))
                }
            } else if c == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            i += 1
        }
        guard sawDigit else { return nil }
        if i < n && (text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < n && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var e = 0
            var exponentDigits = 0
            while i < n && text[i] >= UInt8(ascii: "0") && text[i] <= UInt8(ascii: "9") {
                e = min(e * 10 + Int(text[i] - UInt8(ascii: "0")), 10_000)
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -e : e
        }
        guard i == n else { return nil }
        if digits.isEmpty { return 0 }
        // Trailing zeros move into the exponent.
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        let shift = exponent + scale
        guard shift >= 0, digits.count + shift <= 38 else { return nil }
        var v: Int128 = 0
        for d in digits { v = v * 10 + Int128(d) }
        v *= powers[shift]
        return negative ? -v : v
    }
}
