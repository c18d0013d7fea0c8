import SQLshCore

/// The `ieee754` pack: the binary64 form of reals, as SQLite 3.53's `ext/misc/ieee754.c`.
enum IEEE754Pack {
    static let pack = FunctionPack(
        name: "ieee754",
        summary: "decompose and build IEEE 754 binary64 reals, as the stock sqlite3 shell",
        functions: [ieee754, ieee754Mantissa, ieee754Exponent, ieee754FromBlob, ieee754ToBlob,
                    ieee754ToInt, ieee754FromInt, ieee754Inc])

    /// The real of an argument: an 8-byte blob is read as a big-endian binary64, anything
    /// else converted as SQLite converts to a real.
    static func real(_ argument: Argument) -> Double {
        if argument.storageType == .blob {
            let bytes = argument.blob
            if bytes.count == 8 { return Double(bitPattern: bigEndian(bytes)) }
        }
        return argument.double
    }

    static func bigEndian(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var v: UInt64 = 0
        for byte in bytes { v = v << 8 | UInt64(byte) }
        return v
    }

    /// The mantissa M and exponent E with the smallest odd M such that the value is M * 2^E
    /// (ieee754.c's arithmetic as of SQLite 3.53: -0.0 is M = -1, E = -3071, and NaN bit
    /// patterns go through the same arithmetic).
    static func decompose(_ value: Double) -> (mantissa: Int64, exponent: Int) {
        var r = value
        var negative = false
        if r < 0 {
            negative = true
            r = -r
        }
        let a = Int64(bitPattern: r.bitPattern)
        if a == 0 { return (0, -1075) }
        if a == .min { return (-1, -1996 - 1075) }
        var e = Int(a >> 52)
        var m = a & ((1 << 52) - 1)
        if e == 0 {
            m <<= 1
        } else {
            m |= 1 << 52
        }
        while e < 1075 && m > 0 && m & 1 == 0 {
            m >>= 1
            e += 1
        }
        if negative { m = -m }
        return (m, e - 1075)
    }

    /// M * 2^E as a real, as ieee754(M, E) computes it; nil for a mantissa of -2^63.
    static func compose(mantissa: Int64, exponent: Int64) -> Double? {
        var m = mantissa
        var e = Swift.min(Swift.max(exponent, -10000), 10000)
        var negative = false
        if m < 0 {
            negative = true
            // The stock shell loops forever on -9223372036854775808; this gives NULL.
            if m == .min { return nil }
            m = -m
        } else if m == 0 && e > -1000 && e < 1000 {
            return 0
        }
        while (m >> 32) & 0xffe0_0000 != 0 {
            m >>= 1
            e += 1
        }
        while m != 0 && (m >> 32) & 0xfff0_0000 == 0 {
            m <<= 1
            e -= 1
        }
        e += 1075
        if e <= 0 {
            m = 1 - e >= 64 ? 0 : m >> (1 - e)
            e = 0
        } else if e > 0x7ff {
            e = 0x7ff
        }
        var bits = UInt64(bitPattern: m) & ((1 << 52) - 1)
        bits |= UInt64(bitPattern: e) << 52
        if negative { bits |= 1 << 63 }
        return Double(bitPattern: bits)
    }

    /// Sets the text `ieee754(M,E)`, formatted on the stack.
    static func writeText(mantissa: Int64, exponent: Int, _ result: ResultContext) {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var n = 0
            func put(_ c: UInt8) { raw[n] = c; n += 1 }
            func putInteger(_ value: Int64) {
                if value < 0 { put(UInt8(ascii: "-")) }
                var magnitude = value.magnitude
                var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
                let count = withUnsafeMutableBytes(of: &digits) { d -> Int in
                    var k = 0
                    repeat {
                        d[k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                        magnitude /= 10
                        k += 1
                    } while magnitude != 0
                    for i in stride(from: k - 1, through: 0, by: -1) { put(d[i]) }
                    return k
                }
                _ = count
            }
            for c in "ieee754(".utf8 { put(c) }
            putInteger(mantissa)
            put(UInt8(ascii: ","))
            putInteger(Int64(exponent))
            put(UInt8(ascii: ")"))
            result.setText(utf8: UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<n]))
        }
    }

    static let ieee754 = CatalogFunction(
        arguments: "x | m, e",
        summary: "a real as 'ieee754(M,E)' text, or M * 2^E as a real",
        details: """
            ieee754(X) returns the text ieee754(M,E) where M * 2^E equals the real X exactly \
            and M is odd (or 0): ieee754(1.5) is 'ieee754(3,-1)'. X is converted to a real; an \
            8-byte blob is read as a big-endian IEEE 754 binary64; -0.0 gives \
            'ieee754(-1,-3071)' as in SQLite 3.53. ieee754(M, E) computes M * \
            2^E as a real (E is clamped to -10000..10000; overflow gives Inf, underflow 0). \
            Not deterministic, as in the stock shell. One difference: the stock shell never \
            returns from ieee754(-9223372036854775808, E); sqlsh gives NULL.
            """,
        example: "SELECT ieee754(0.1);  -- 'ieee754(3602879701896397,-55)'",
        functions: {
            [
                SQLFunction("ieee754", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                    let (m, e) = decompose(real(arguments[0]))
                    writeText(mantissa: m, exponent: e, result)
                }),
                SQLFunction("ieee754", argumentCount: 2, options: .innocuous, writingResult: { arguments, result in
                    guard let r = compose(mantissa: arguments[0].int64, exponent: arguments[1].int64) else {
                        return result.setNull()
                    }
                    result.set(r)
                }),
            ]
        })

    static let ieee754Mantissa = CatalogFunction(
        arguments: "x",
        summary: "the odd integer M such that the real X is M * 2^E",
        details: "ieee754_mantissa(X) is the M of ieee754(X): an integer, 0 for zero. An 8-byte blob is read as a big-endian binary64.",
        example: "SELECT ieee754_mantissa(1.5);  -- 3",
        functions: {
            [SQLFunction("ieee754_mantissa", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                result.set(decompose(real(arguments[0])).mantissa)
            })]
        })

    static let ieee754Exponent = CatalogFunction(
        arguments: "x",
        summary: "the power of two E such that the real X is M * 2^E",
        details: "ieee754_exponent(X) is the E of ieee754(X): an integer (-1075 for zero). An 8-byte blob is read as a big-endian binary64.",
        example: "SELECT ieee754_exponent(1.5);  -- -1",
        functions: {
            [SQLFunction("ieee754_exponent", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                result.set(Int64(decompose(real(arguments[0])).exponent))
            })]
        })

    static let ieee754FromBlob = CatalogFunction(
        arguments: "blob",
        summary: "the real stored in an 8-byte big-endian blob",
        details: """
            ieee754_from_blob(B) reads an 8-byte blob as a big-endian IEEE 754 binary64 and \
            returns the real; anything else (other types, other lengths) gives NULL, and so \
            does a NaN.
            """,
        example: "SELECT ieee754_from_blob(x'3ff0000000000000');  -- 1.0",
        functions: {
            [SQLFunction("ieee754_from_blob", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                guard arguments[0].storageType == .blob, arguments[0].blob.count == 8 else { return result.setNull() }
                result.set(Double(bitPattern: bigEndian(arguments[0].blob)))
            })]
        })

    static let ieee754ToBlob = CatalogFunction(
        arguments: "x",
        summary: "a number as an 8-byte big-endian IEEE 754 blob",
        details: """
            ieee754_to_blob(X) converts an integer or real X to a real and returns its 8 bytes, \
            big-endian; text, blobs and NULL give NULL.
            """,
        example: "SELECT hex(ieee754_to_blob(1.0));  -- '3FF0000000000000'",
        functions: {
            [SQLFunction("ieee754_to_blob", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                let type = arguments[0].storageType
                guard type == .real || type == .integer else { return result.setNull() }
                let bits = arguments[0].double.bitPattern
                var bytes = [UInt8](repeating: 0, count: 8)
                for i in 0..<8 { bytes[i] = UInt8(truncatingIfNeeded: bits >> UInt64(56 - 8 * i)) }
                result.setBlob(bytes)
            })]
        })

    static let ieee754ToInt = CatalogFunction(
        arguments: "x",
        summary: "the 64 bits of a real as an integer",
        details: """
            ieee754_to_int(X) returns the bit pattern of the real X as a signed 64-bit integer \
            (SQLite 3.53); anything but a real (integers too) gives NULL.
            """,
        example: "SELECT ieee754_to_int(1.0);  -- 4607182418800017408",
        functions: {
            [SQLFunction("ieee754_to_int", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                guard arguments[0].storageType == .real else { return result.setNull() }
                result.set(Int64(bitPattern: arguments[0].double.bitPattern))
            })]
        })

    static let ieee754FromInt = CatalogFunction(
        arguments: "n",
        summary: "the real whose 64 bits are the integer N",
        details: """
            ieee754_from_int(N) reads the bits of the integer N as an IEEE 754 binary64 and \
            returns the real (SQLite 3.53); anything but an integer gives NULL, and so does a \
            NaN pattern.
            """,
        example: "SELECT ieee754_from_int(4607182418800017408);  -- 1.0",
        functions: {
            [SQLFunction("ieee754_from_int", argumentCount: 1, options: .innocuous, writingResult: { arguments, result in
                guard arguments[0].storageType == .integer else { return result.setNull() }
                result.set(Double(bitPattern: UInt64(bitPattern: arguments[0].int64)))
            })]
        })

    static let ieee754Inc = CatalogFunction(
        arguments: "x, n",
        summary: "the real N representable steps (units in the last place) away from X",
        details: """
            ieee754_inc(X, N) adds N to the 64-bit pattern of the real X, as SQLite 3.53 \
            does: ieee754_inc(0.0, 1) is the smallest positive real, ieee754_inc(1.0, -1) the \
            largest real below 1. X is converted to a real and N to an integer; the addition \
            wraps around the 64 bits (crossing zero from 0.0 gives a negative NaN pattern, \
            which SQLite shows as NULL).
            """,
        example: "SELECT ieee754_inc(1.0, 1) - 1.0;  -- 2.22044604925031e-16",
        functions: {
            [SQLFunction("ieee754_inc", argumentCount: 2, options: .innocuous, writingResult: { arguments, result in
                let bits = arguments[0].double.bitPattern &+ UInt64(bitPattern: arguments[1].int64)
                result.set(Double(bitPattern: bits))
            })]
        })
}
