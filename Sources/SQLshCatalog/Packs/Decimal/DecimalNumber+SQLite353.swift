import SQLshCore

// What SQLite 3.53's decimal.c added: the exact expansion of a binary64, powers of two,
// rounding to N significant digits and the exponential form of decimal_exp.

extension DecimalNumber {
    mutating func trimTrailingFractionZeros() {
        while fractionDigits > 0 && digits.last == 0 {
            digits.removeLast()
            fractionDigits -= 1
        }
    }

    /// 2^n (`decimalPow2`), or nil outside -20000...20000.
    static func powerOfTwo(_ n: Int) -> DecimalNumber? {
        guard n >= -20000 && n <= 20000 else { return nil }
        var result = DecimalNumber(parsing: UnsafeRawBufferPointer(StaticString("1.0").utf8Buffer))
        if n == 0 { return result }
        var factor = DecimalNumber(parsing: UnsafeRawBufferPointer((n > 0 ? StaticString("2.0") : StaticString("0.5")).utf8Buffer))
        var k = n.magnitude
        while true {
            if k & 1 == 1 { result = multiply(result, factor) }
            k >>= 1
            if k == 0 { break }
            factor = multiply(factor, factor)
        }
        return result
    }

    /// The exact value of a binary64 (`decimalFromDouble`), or nil for an infinity or a NaN.
    init?(exactly value: Double) {
        var r = value
        var negative = false
        if r < 0 {
            negative = true
            r = -r
        }
        let a = Int64(bitPattern: r.bitPattern)
        var m: Int64 = 0
        var e = 0
        if a != 0 && a != .min {
            e = Int(a >> 52)
            m = a & ((1 << 52) - 1)
            if e == 0 { m <<= 1 } else { m |= 1 << 52 }
            while e < 1075 && m > 0 && m & 1 == 0 {
                m >>= 1
                e += 1
            }
            if negative { m = -m }
            e -= 1075
            if e > 971 { return nil }
        }
        let text = Array(String(m).utf8)
        let mantissa = text.withUnsafeBytes { DecimalNumber(parsing: $0) }
        guard let power = DecimalNumber.powerOfTwo(e) else { return nil }
        self = DecimalNumber.multiply(mantissa, power)
    }

    /// Rounds half up to `n` significant digits (`decimal_round`); nothing for n < 1.
    mutating func round(significantDigits n: Int) {
        guard n >= 1, digits.count > n else { return }
        var zeros = 0
        while zeros < digits.count && digits[zeros] == 0 { zeros += 1 }
        let keep = n + zeros
        guard digits.count > keep else { return }
        if digits[keep] > 4 {
            digits[keep - 1] += 1
            var i = keep - 1
            while i > 0 && digits[i] > 9 {
                digits[i] = 0
                digits[i - 1] += 1
                i -= 1
            }
            if digits[0] > 9 {
                // A carry out of the first digit adds one in front ('999.999' to 3 digits is
                // 1000.000), as SQLite 3.53 does since its fix of 2026-06.
                digits[0] = 0
                digits.insert(1, at: 0)
                for i in (keep + 1)..<digits.count { digits[i] = 0 }
                return
            }
        }
        for i in keep..<digits.count { digits[i] = 0 }
    }

    /// The exponential form of decimal_exp (`decimal_result_sci`): `+D.DDDe+NN`, trailing zeros
    /// dropped except within the first `n` digits.
    func scientificText(keeping n: Int) -> [UInt8] {
        let n = max(n, 0)
        var count = digits.count
        while count > n && count > 0 && digits[count - 1] == 0 { count -= 1 }
        var zeros = 0
        while zeros < count && digits[zeros] == 0 { zeros += 1 }
        var fraction = fractionDigits + (count - digits.count)
        count -= zeros
        var significant: ArraySlice<Int8>
        if count <= 0 {
            significant = [0]
            count = 1
            fraction = 0
        } else {
            significant = digits[zeros..<(zeros + count)]
        }
        var z: [UInt8] = [sign ? UInt8(ascii: "-") : UInt8(ascii: "+")]
        let first = significant.startIndex
        z.append(UInt8(ascii: "0") + UInt8(significant[first]))
        z.append(UInt8(ascii: "."))
        if count == 1 {
            z.append(UInt8(ascii: "0"))
        } else {
            for d in significant.dropFirst() { z.append(UInt8(ascii: "0") + UInt8(d)) }
        }
        let exponent = count - fraction - 1
        z.append(UInt8(ascii: "e"))
        z.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = String(exponent.magnitude)
        if magnitude.utf8.count < 2 { z.append(UInt8(ascii: "0")) }
        z.append(contentsOf: magnitude.utf8)
        return z
    }
}

extension StaticString {
    var utf8Buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount) }
}
