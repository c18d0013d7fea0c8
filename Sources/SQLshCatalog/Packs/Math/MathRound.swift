#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

#if arch(x86_64) || arch(i386)
/// C's `long double` on this platform (SQLite's LONGDOUBLE_TYPE).
typealias LongDouble = Float80
#else
typealias LongDouble = Double
#endif

/// `math_round(x[, n])`: SQLite's `round()` (3.40.1), which sqlean copied under this name.
enum MathRound {
    /// Beyond this magnitude a double has no fractional part: there is nothing to round.
    static let integralBound = 4503599627370496.0  // 2^52

    /// x rounded to `digits` decimals (0...30) exactly as the reference sqlite3 3.40.1's
    /// `round()` does it: half away from zero for 0 decimals, else x printed with SQLite's
    /// `%.*f` (at most 16 significant digits) and read back with SQLite's own conversion.
    /// (Measured against the library: `round(x, n)` is `cast(printf('%.*f', n, x) as real)`
    /// for every value tried; with the `%!.*f` of SQLite's published func.c it is not.)
    static func round(_ x: Double, digits: Int32) -> Double {
        if x < -integralBound || x > integralBound { return x }
        if digits == 0 {
            // The C cast to an integer and back: truncation toward zero, exact for |x| ≤ 2^52,
            // with + 0.0 making a -0.0 (from -0.5 < x < 0) the +0.0 an integer gives. Not
            // Double(Int64(...)), whose range checks cost about 7 instructions a row.
            return (x + (x < 0 ? -0.5 : 0.5)).rounded(.towardZero) + 0.0
        }
        // |x| <= 2^52 with at most 30 decimals: the text fits (SQLite prints at most 16
        // significant digits, then zeros), NUL-terminated after the digits readDecimal reads.
        return SQLText.withFixedDecimal(x, digits: digits) { readDecimal($0.baseAddress.unsafelyUnwrapped) }
    }

    /// Reads `[-]digits[.digits]` back as SQLite 3.40.1's own text-to-number conversion
    /// (`sqlite3AtoF`) does, since `round()` uses it and it is not correctly rounded for long
    /// inputs: at most 18 significant digits are kept in a 64-bit integer, then scaled by a
    /// power of ten computed in long double (80-bit on x86-64) and rounded once to a double.
    static func readDecimal(_ text: UnsafePointer<UInt8>) -> Double {
        let largest = Int64.max
        var i = 0
        var negative = false
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var significand: Int64 = 0
        var exponent = 0
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        while isDigit(text[i]) {
            significand = significand * 10 + Int64(text[i] - UInt8(ascii: "0"))
            i += 1
            if significand >= (largest - 9) / 10 {
                while isDigit(text[i]) { i += 1; exponent += 1 }
            }
        }
        if text[i] == UInt8(ascii: ".") {
            i += 1
            while isDigit(text[i]) {
                if significand < (largest - 9) / 10 {
                    significand = significand * 10 + Int64(text[i] - UInt8(ascii: "0"))
                    exponent -= 1
                }
                i += 1
            }
        }
        if significand == 0 { return negative ? -0.0 : 0.0 }
        var e = abs(exponent)
        let scaleUp = exponent >= 0
        while e > 0 {
            if scaleUp {
                if significand >= largest / 10 { break }
                significand *= 10
            } else {
                if significand % 10 != 0 { break }
                significand /= 10
            }
            e -= 1
        }
        if negative { significand = -significand }
        if e == 0 { return Double(significand) }
        if e > 307 {
            if e >= 342 { return scaleUp ? (negative ? -.infinity : .infinity) : 0.0 * Double(significand) }
            let scale = power10(e - 308)
            let scaled = Double(scaleUp ? LongDouble(significand) * scale : LongDouble(significand) / scale)
            return scaleUp ? scaled * 1.0e308 : scaled / 1.0e308
        }
        let scale = power10(e)
        return Double(scaleUp ? LongDouble(significand) * scale : LongDouble(significand) / scale)
    }

    /// 10^e by repeated squaring in long double, as SQLite's `sqlite3Pow10`.
    static func power10(_ e: Int) -> LongDouble {
        var x: LongDouble = 10, r: LongDouble = 1, e = e
        while true {
            if e & 1 != 0 { r *= x }
            e >>= 1
            if e == 0 { break }
            x *= x
        }
        return r
    }

    static let entry = CatalogFunction(
        arguments: "x[, n]",
        summary: "x rounded to n decimal places (default 0)",
        details: """
            math_round(x[, n]): x rounded to n decimal places, always as a real, exactly as \
            SQLite's round(). Halves round away from zero (2.5 gives 3.0, -2.5 gives -3.0); n \
            is limited to 0...30; a value beyond 2^52 has no fraction and comes back unchanged. \
            NULL x or NULL n gives NULL; x that is not a number (text, blob) counts as 0.0. \
            Decimal rounding works on the printed decimal form (16 significant digits at \
            most), so math_round(1.005, 2) is 1.01.
            """,
        example: "select math_round(2.5), math_round(-1.005, 2), math_round(1234.5678, 1);  -- 3.0|-1.01|1234.6",
        functions: {
            [SQLFunction("math_round", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                let value = arguments[0]
                // NULL reads as 0.0: only a zero needs its type asked (a call of SQLite's per
                // row, about 8 instructions of the 14 math_round spent above sqlean's).
                let x = value.double
                if x == 0, value.isNull { return result.setNull() }
                result.set(round(x, digits: 0))
            }),
             SQLFunction("math_round", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                 let value = arguments[0], places = arguments[1]
                 if places.isNull || value.isNull { return result.setNull() }
                 let digits = min(30, max(0, places.int32))  // as round()
                 result.set(round(value.double, digits: digits))
             })]
        })
}
