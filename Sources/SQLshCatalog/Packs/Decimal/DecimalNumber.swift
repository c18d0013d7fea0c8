/// An arbitrary-precision decimal number, ported from SQLite 3.53's `ext/misc/decimal.c`
/// operation by operation so that results, including its quirks (characters that are not
/// digits are skipped, leading zeros may stay inside a sum), are the same bytes. A zero read
/// with a minus sign is zero (3.53; 3.40.1 kept `-0.00`).
struct DecimalNumber {
    /// True for negative.
    var sign = false
    /// True when the value is SQL NULL.
    var isNull = false
    /// Digits 0-9, most significant first.
    var digits: [Int8] = []
    /// How many of `digits` are right of the decimal point.
    var fractionDigits = 0

    init() {}

    /// The NULL value.
    static var null: DecimalNumber {
        var d = DecimalNumber()
        d.isNull = true
        return d
    }

    /// Parses text as decimal.c's `decimal_new` does.
    init(parsing text: UnsafeRawBufferPointer) {
        let n = text.count
        func at(_ i: Int) -> UInt8 { i < n ? text[i] : 0 }
        var i = 0
        while i < n, isSpace(text[i]) { i += 1 }
        if at(i) == UInt8(ascii: "-") {
            sign = true
            i += 1
        } else if at(i) == UInt8(ascii: "+") {
            i += 1
        }
        while i < n && text[i] == UInt8(ascii: "0") { i += 1 }
        var exponent = 0
        var fraction = 0
        digits.reserveCapacity(n)
        while i < n {
            let c = text[i]
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
                digits.append(Int8(c - UInt8(ascii: "0")))
            } else if c == UInt8(ascii: ".") {
                fraction = digits.count + 1
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                var j = i + 1
                var negative = false
                if j >= n { break }
                if text[j] == UInt8(ascii: "-") {
                    negative = true
                    j += 1
                } else if text[j] == UInt8(ascii: "+") {
                    j += 1
                }
                while j < n && exponent < 1_000_000 {
                    if text[j] >= UInt8(ascii: "0") && text[j] <= UInt8(ascii: "9") {
                        exponent = exponent * 10 + Int(text[j] - UInt8(ascii: "0"))
                    }
                    j += 1
                }
                if negative { exponent = -exponent }
                break
            }
            i += 1
        }
        if fraction != 0 { fraction = digits.count - (fraction - 1) }
        fractionDigits = fraction
        if exponent > 0 {
            if fractionDigits > 0 {
                if exponent <= fractionDigits {
                    fractionDigits -= exponent
                    exponent = 0
                } else {
                    exponent -= fractionDigits
                    fractionDigits = 0
                }
            }
            if exponent > 0 {
                digits.append(contentsOf: repeatElement(0, count: exponent))
            }
        } else if exponent < 0 {
            exponent = -exponent
            let extra = digits.count - fractionDigits - 1
            if extra != 0 {
                if extra >= exponent {
                    fractionDigits += exponent
                    exponent = 0
                } else {
                    exponent -= extra
                    fractionDigits = digits.count - 1
                }
            }
            if exponent > 0 {
                digits.insert(contentsOf: repeatElement(0, count: exponent), at: 0)
                fractionDigits += exponent
            }
        }
        if sign && digits.allSatisfy({ $0 == 0 }) { sign = false }
    }

    private func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0d) }

    /// The text form (`decimal_result`).
    mutating func text() -> [UInt8] {
        var z: [UInt8] = []
        z.reserveCapacity(digits.count + 4)
        if digits.isEmpty || (digits.count == 1 && digits[0] == 0) { sign = false }
        if sign { z.append(UInt8(ascii: "-")) }
        var n = digits.count - fractionDigits
        if n <= 0 { z.append(UInt8(ascii: "0")) }
        var j = 0
        while n > 1 && j < digits.count && digits[j] == 0 {
            j += 1
            n -= 1
        }
        while n > 0 {
            z.append(UInt8(ascii: "0") + UInt8(j < digits.count && j >= 0 ? digits[j] : 0))
            j += 1
            n -= 1
        }
        if fractionDigits != 0 {
            z.append(UInt8(ascii: "."))
            repeat {
                z.append(UInt8(ascii: "0") + UInt8(j < digits.count && j >= 0 ? digits[j] : 0))
                j += 1
            } while j < digits.count
        }
        return z
    }

    /// Negative, zero or positive (`decimal_cmp`); neither may be NULL. Trailing zeros of the
    /// fractions are dropped first, as 3.53 does.
    static func compare(_ a: DecimalNumber, _ b: DecimalNumber) -> Int {
        var a = a, b = b
        a.trimTrailingFractionZeros()
        b.trimTrailingFractionZeros()
        if a.sign != b.sign { return a.sign ? -1 : 1 }
        let (x, y) = a.sign ? (b, a) : (a, b)
        let xSignificant = x.digits.count - x.fractionDigits
        let ySignificant = y.digits.count - y.fractionDigits
        if xSignificant != ySignificant { return xSignificant - ySignificant }
        let n = Swift.min(x.digits.count, y.digits.count)
        for i in 0..<n where x.digits[i] != y.digits[i] {
            return Int(x.digits[i]) - Int(y.digits[i])
        }
        return x.digits.count - y.digits.count
    }

    /// Pads to at least `count` digits with `fraction` of them after the point (`decimal_expand`).
    private mutating func expand(count: Int, fraction: Int) {
        let addFraction = fraction - fractionDigits
        let addSignificant = (count - digits.count) - addFraction
        if addFraction == 0 && addSignificant == 0 { return }
        if addSignificant > 0 {
            digits.insert(contentsOf: repeatElement(0, count: addSignificant), at: 0)
        }
        if addFraction > 0 {
            digits.append(contentsOf: repeatElement(0, count: addFraction))
            fractionDigits += addFraction
        }
    }

    /// Adds `other` into `self` (`decimal_add`).
    mutating func add(_ other: DecimalNumber) {
        if isNull || other.isNull {
            isNull = true
            return
        }
        var b = other
        var significant = digits.count - fractionDigits
        if significant != 0 && !digits.isEmpty && digits[0] == 0 { significant -= 1 }
        if significant < b.digits.count - b.fractionDigits { significant = b.digits.count - b.fractionDigits }
        let fraction = Swift.max(fractionDigits, b.fractionDigits)
        let count = significant + fraction + 1
        expand(count: count, fraction: fraction)
        b.expand(count: count, fraction: fraction)
        guard digits.count >= count, b.digits.count >= count else { return }
        if sign == b.sign {
            var carry: Int8 = 0
            for i in stride(from: count - 1, through: 0, by: -1) {
                let x = digits[i] + b.digits[i] + carry
                if x >= 10 {
                    carry = 1
                    digits[i] = x - 10
                } else {
                    carry = 0
                    digits[i] = x
                }
            }
        } else {
            var order = 0
            for i in 0..<count where digits[i] != b.digits[i] {
                order = digits[i] < b.digits[i] ? -1 : 1
                break
            }
            let (big, small): ([Int8], [Int8])
            if order < 0 {
                (big, small) = (b.digits, digits)
                sign.toggle()
            } else {
                (big, small) = (digits, b.digits)
            }
            var borrow: Int8 = 0
            for i in stride(from: count - 1, through: 0, by: -1) {
                let x = big[i] - small[i] - borrow
                if x < 0 {
                    digits[i] = x + 10
                    borrow = 1
                } else {
                    digits[i] = x
                    borrow = 0
                }
            }
        }
    }

    /// The most digit-by-digit products ``multiply(_:_:)`` may take (see `decimal_mul`).
    static let maximumMultiplySteps = 100_000_000

    /// The product (`decimalMulFunc`): every fractional digit kept, trailing zeros trimmed down
    /// to the smaller of the inputs' fraction lengths.
    static func multiply(_ a: DecimalNumber, _ b: DecimalNumber) -> DecimalNumber {
        let na = a.digits.count, nb = b.digits.count
        var acc = [Int](repeating: 0, count: na + nb + 2)
        let minFraction = Swift.min(a.fractionDigits, b.fractionDigits)
        var i = na - 1
        while i >= 0 {
            let f = Int(a.digits[i])
            var carry = 0
            var j = nb - 1
            var k = i + j + 3
            while j >= 0 {
                let x = acc[k] + f * Int(b.digits[j]) + carry
                acc[k] = x % 10
                carry = x / 10
                j -= 1
                k -= 1
            }
            let x = acc[k] + carry
            acc[k] = x % 10
            acc[k - 1] += x / 10
            i -= 1
        }
        var result = DecimalNumber()
        result.digits = acc.map { Int8(truncatingIfNeeded: $0) }
        result.fractionDigits = a.fractionDigits + b.fractionDigits
        result.sign = a.sign != b.sign
        while result.fractionDigits > minFraction && result.digits.last == 0 {
            result.fractionDigits -= 1
            result.digits.removeLast()
        }
        return result
    }
}
