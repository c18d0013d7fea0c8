#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

enum DuckDBNumbers {
    /// SQLite's ORDER BY order of two non-NULL arguments: -1, 0 or 1.
    static func compare(_ a: Argument, _ b: Argument) -> Int {
        func rank(_ t: StorageType) -> Int {
            switch t {
            case .null: return 0
            case .integer, .real: return 1
            case .text: return 2
            case .blob: return 3
            }
        }
        let ta = a.storageType, tb = b.storageType
        let ra = rank(ta), rb = rank(tb)
        if ra != rb { return ra < rb ? -1 : 1 }
        if ra == 1 {
            if ta == .integer, tb == .integer {
                let x = a.int64, y = b.int64
                return x < y ? -1 : (x == y ? 0 : 1)
            }
            let x = a.double, y = b.double
            return x < y ? -1 : (x == y ? 0 : 1)
        }
        let x = ra == 2 ? UnsafeRawBufferPointer(a.textBytes) : a.blobBytes
        let y = ra == 2 ? UnsafeRawBufferPointer(b.textBytes) : b.blobBytes
        let n = Swift.min(x.count, y.count)
        let c = n == 0 ? 0 : memcmp(x.baseAddress.unsafelyUnwrapped, y.baseAddress.unsafelyUnwrapped, n)
        if c != 0 { return c < 0 ? -1 : 1 }
        return x.count < y.count ? -1 : (x.count == y.count ? 0 : 1)
    }

    static func extreme(_ name: String, sign: Int) -> CatalogFunction {
        duckEntry(
            arity: "1+", arguments: "x, ...",
            summary: "the \(sign > 0 ? "largest" : "smallest") of the arguments, NULLs ignored",
            details: "\(name)(x, ...): the \(sign > 0 ? "largest" : "smallest") non-NULL argument, given back unchanged, as DuckDB's \(name): NULL arguments are ignored (SQLite's multi-argument \(sign > 0 ? "max" : "min") gives NULL when any is NULL), and the result is NULL only when all are. Arguments compare in SQLite's ORDER BY order (numbers by value, then text byte by byte, then blobs); on ties the first wins.",
            example: "select \(name)(3, NULL, 7, 5);  -- \(sign > 0 ? 7 : 3)",
            functions: {
                [SQLFunction(name, argumentCount: nil, options: .pure) { args, result in
                    var best = -1
                    for i in 0..<args.count where !args[i].isNull {
                        if best < 0 || compare(args[i], args[best]) * sign > 0 { best = i }
                    }
                    guard best >= 0 else {
                        if args.count == 0 { throw DuckDBError("expected at least 1 parameter") }
                        return result.setNull()
                    }
                    result.set(args[best])
                }]
            })
    }
    static let greatest = extreme("greatest", sign: 1)
    static let least = extreme("least", sign: -1)

    static let bitCount = duckEntry(
        arguments: "x", summary: "the number of bits set in a 64-bit integer",
        details: "bit_count(x): the number of one bits in x as a 64-bit two's complement integer, as DuckDB's bit_count on BIGINT (bit_count(-1) is 64). Integral reals and numeric text count as integers; anything else is an error. NULL for NULL.",
        example: "select bit_count(7), bit_count(-1);  -- 3|64",
        functions: {
            [SQLFunction("bit_count", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                guard let v = try integerInput(args[0], function: "bit_count") else { return result.setNull() }
                result.set(Int64(v.nonzeroBitCount))
            }]
        })

    static func gcd(_ a: Int64, _ b: Int64) -> UInt64 {
        var x = a.magnitude, y = b.magnitude
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    static let gcdEntry = duckEntry(
        arguments: "a, b", summary: "the greatest common divisor of two integers",
        details: "gcd(a, b): the greatest common divisor, never negative, as DuckDB's gcd; gcd(0, 0) is 0. A result that does not fit in a 64-bit integer (gcd(-9223372036854775808, 0)) is an error, as are arguments that are not integers. NULL when either is NULL.",
        example: "select gcd(12, 18), gcd(-12, 18);  -- 6|6",
        functions: {
            [SQLFunction("gcd", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                guard let a = try integerInput(args[0], function: "gcd"), let b = try integerInput(args[1], function: "gcd") else {
                    return result.setNull()
                }
                let g = gcd(a, b)
                guard g <= UInt64(Int64.max) else { throw DuckDBError("gcd(): the result is out of range") }
                result.set(Int64(g))
            }]
        })

    static let lcmEntry = duckEntry(
        arguments: "a, b", summary: "the least common multiple of two integers",
        details: "lcm(a, b): the least common multiple, never negative, as DuckDB's lcm; 0 when either is 0. A result that does not fit in a 64-bit integer is an error (\"lcm(): the result is out of range\"), as are arguments that are not integers. NULL when either is NULL.",
        example: "select lcm(4, 6), lcm(-4, 6);  -- 12|12",
        functions: {
            [SQLFunction("lcm", argumentCount: 2, options: .pure, nullForNullArguments: true) { args, result in
                guard let a = try integerInput(args[0], function: "lcm"), let b = try integerInput(args[1], function: "lcm") else {
                    return result.setNull()
                }
                if a == 0 || b == 0 { return result.set(Int64(0)) }
                let g = gcd(a, b)
                let (product, overflow) = (a.magnitude / g).multipliedReportingOverflow(by: b.magnitude)
                guard !overflow, product <= UInt64(Int64.max) else { throw DuckDBError("lcm(): the result is out of range") }
                result.set(Int64(product))
            }]
        })

    static let factorial = duckEntry(
        arguments: "n", summary: "n! for n from 0 to 20",
        details: "factorial(n): the product 1·2·…·n, an integer, as DuckDB's factorial; factorial(0) is 1. DuckDB computes in 128 bits; here the result must fit in 64 bits, so n above 20 is an error (\"factorial(): the result is out of range\"), as is a negative n or one that is not an integer. NULL for NULL.",
        example: "select factorial(5), factorial(20);  -- 120|2432902008176640000",
        functions: {
            [SQLFunction("factorial", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                guard let n = try integerInput(args[0], function: "factorial") else { return result.setNull() }
                guard n >= 0 else { throw DuckDBError("factorial(): the factorial of a negative number is undefined") }
                guard n <= 20 else { throw DuckDBError("factorial(): the result is out of range") }
                var f: Int64 = 1
                var i: Int64 = 2
                while i <= n {
                    f = f &* i
                    i += 1
                }
                result.set(f)
            }]
        })

    static let even = duckEntry(
        arguments: "x", summary: "x rounded away from zero to the next even integer",
        details: "even(x): x rounded away from zero to the nearest even integer, as a real, as DuckDB's even: even(1.5) is 2.0, even(2.5) 4.0, even(-0.1) -2.0, even(2) 2.0. Text that is not a number and blobs are an error. NULL for NULL.",
        example: "select even(1.5), even(2.5), even(-0.1);  -- 2.0|4.0|-2.0",
        functions: {
            [SQLFunction("even", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                guard let x = try doubleInput(args[0], function: "even") else { return result.setNull() }
                var v = x >= 0 ? x.rounded(.up) : x.rounded(.down)
                if v.isFinite, v.truncatingRemainder(dividingBy: 2) != 0 { v += x >= 0 ? 1 : -1 }
                result.set(v)
            }]
        })

    /// A value as a double for isnan/isinf: text is parsed as Swift parses it ('nan', 'inf').
    static func floatInput(_ value: Argument, function: StaticString) throws -> Double {
        switch value.storageType {
        case .integer: return Double(value.int64)
        case .real: return value.double
        case .text:
            let text = trimmingASCIISpaces(String(decoding: value.textBytes, as: UTF8.self)[...])
            if let d = Double(text) { return d }
        default: break
        }
        throw DuckDBError("\(function)(): the argument is not a number")
    }

    static let isnan = duckEntry(
        arguments: "x", summary: "1 when x is NaN",
        details: "isnan(x): 1 when x is not a number (NaN), else 0, as DuckDB's isnan. SQLite stores no NaN (a NaN result becomes NULL), so only the text 'nan' (any case) gives 1: text is read as a floating-point literal ('nan', 'inf', '1e3'); text that is not one and blobs are an error. NULL for NULL.",
        example: "select isnan('nan'), isnan(1.5);  -- 1|0",
        functions: {
            [SQLFunction("isnan", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                result.set(Int64(try floatInput(args[0], function: "isnan").isNaN ? 1 : 0))
            }]
        })

    static let isinf = duckEntry(
        arguments: "x", summary: "1 when x is infinite",
        details: "isinf(x): 1 when x is positive or negative infinity, else 0, as DuckDB's isinf. SQLite writes infinity as 9e999 (or an overflowing literal such as 1e999); text is read as a floating-point literal ('inf', '-infinity'); text that is not one and blobs are an error. NULL for NULL.",
        example: "select isinf(1e999), isinf('-inf'), isinf(1.5);  -- 1|1|0",
        functions: {
            [SQLFunction("isinf", argumentCount: 1, options: .pure, nullForNullArguments: true) { args, result in
                result.set(Int64(try floatInput(args[0], function: "isinf").isInfinite ? 1 : 0))
            }]
        })
}
