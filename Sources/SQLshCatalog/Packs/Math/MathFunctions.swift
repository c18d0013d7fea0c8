#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The `math_*` functions, computed as SQLite's `func.c` (3.40.1) computes its math functions,
/// which sqlean copied: arguments are read with SQLite's numeric affinity (`'1.5'` is 1.5),
/// anything else (other text, blobs, NULL) gives NULL, and a NaN result (outside the domain:
/// `math_sqrt(-1)`, `math_acos(2)`) gives NULL, while infinities pass through.
enum MathFunctions {
    static let all: [CatalogFunction] = [
        MathRound.entry,
        rounding("math_ceil", "the smallest integer not less than x", sqlName: "ceil",
                 example: "select math_ceil(-1.2), math_ceil(5);  -- -1.0|5") { rounded($0, $1, Glibc.ceil) },
        rounding("math_floor", "the largest integer not greater than x", sqlName: "floor",
                 example: "select math_floor(-1.2), math_floor(5);  -- -2.0|5") { rounded($0, $1, Glibc.floor) },
        rounding("math_trunc", "x with its fractional part removed (rounded toward zero)", sqlName: "trunc",
                 example: "select math_trunc(-1.7), math_trunc(5);  -- -1.0|5") { rounded($0, $1, Glibc.trunc) },
        logarithm("math_ln", "the natural logarithm of x", sqlName: "ln",
                  example: "select math_ln(1);  -- 0.0") { logarithmic($0, $1, Glibc.log) },
        MathLog.entry,
        logarithm("math_log10", "the base-10 logarithm of x", sqlName: "log10",
                  example: "select math_log10(100);  -- 2.0") { logarithmic($0, $1, { x in Glibc.log(x) / MathLog.ln10 }) },
        logarithm("math_log2", "the base-2 logarithm of x", sqlName: "log2",
                  example: "select math_log2(1024);  -- 10.0") { logarithmic($0, $1, { x in Glibc.log(x) / MathLog.ln2 }) },
        unary("math_exp", "e raised to the power x", sqlName: "exp",
              example: "select math_exp(1);  -- 2.718281828459045") { real($0, $1, Glibc.exp) },
        binary("math_pow", arguments: "x, y", "x raised to the power y", sqlName: "pow (power)",
               note: "",
               example: "select math_pow(2, 10);  -- 1024.0") { real2($0, $1, Glibc.pow) },
        binary("math_mod", arguments: "x, y", "the remainder of x divided by y (C fmod: the sign of x)", sqlName: "mod",
               note: " math_mod(x, 0) is NULL; math_mod(-7, 3) is -1.0; math_mod(7.5, 2) is 1.5.",
               example: "select math_mod(-7, 3);  -- -1.0") { real2($0, $1, Glibc.fmod) },
        unary("math_acos", "the arc cosine of x, in radians", sqlName: "acos",
              example: "select math_acos(1);  -- 0.0") { real($0, $1, Glibc.acos) },
        unary("math_asin", "the arc sine of x, in radians", sqlName: "asin",
              example: "select math_asin(1);  -- 1.5707963267948966") { real($0, $1, Glibc.asin) },
        unary("math_atan", "the arc tangent of x, in radians", sqlName: "atan",
              example: "select math_atan(1);  -- 0.7853981633974483") { real($0, $1, Glibc.atan) },
        binary("math_atan2", arguments: "y, x", "the arc tangent of y/x, in radians, using the signs of both for the quadrant",
               sqlName: "atan2", note: "",
               example: "select math_atan2(1, -1);  -- 2.356194490192345") { real2($0, $1, Glibc.atan2) },
        unary("math_cos", "the cosine of x (radians)", sqlName: "cos",
              example: "select math_cos(0);  -- 1.0") { real($0, $1, Glibc.cos) },
        unary("math_sin", "the sine of x (radians)", sqlName: "sin",
              example: "select math_sin(math_pi() / 2);  -- 1.0") { real($0, $1, Glibc.sin) },
        unary("math_tan", "the tangent of x (radians)", sqlName: "tan",
              example: "select math_tan(0);  -- 0.0") { real($0, $1, Glibc.tan) },
        unary("math_cosh", "the hyperbolic cosine of x", sqlName: "cosh",
              example: "select math_cosh(0);  -- 1.0") { real($0, $1, Glibc.cosh) },
        unary("math_sinh", "the hyperbolic sine of x", sqlName: "sinh",
              example: "select math_sinh(0);  -- 0.0") { real($0, $1, Glibc.sinh) },
        unary("math_tanh", "the hyperbolic tangent of x", sqlName: "tanh",
              example: "select math_tanh(0);  -- 0.0") { real($0, $1, Glibc.tanh) },
        unary("math_acosh", "the inverse hyperbolic cosine of x", sqlName: "acosh",
              example: "select math_acosh(1);  -- 0.0") { real($0, $1, Glibc.acosh) },
        unary("math_asinh", "the inverse hyperbolic sine of x", sqlName: "asinh",
              example: "select math_asinh(0);  -- 0.0") { real($0, $1, Glibc.asinh) },
        unary("math_atanh", "the inverse hyperbolic tangent of x", sqlName: "atanh",
              example: "select math_atanh(0.5);  -- 0.5493061443340549") { real($0, $1, Glibc.atanh) },
        unary("math_sqrt", "the square root of x", sqlName: "sqrt",
              example: "select math_sqrt(2);  -- 1.4142135623730951") { real($0, $1, Glibc.sqrt) },
        unary("math_radians", "x degrees converted to radians", sqlName: "radians",
              example: "select math_radians(180);  -- 3.141592653589793") { real($0, $1, { x in x * (Double.pi / 180.0) }) },
        unary("math_degrees", "x radians converted to degrees", sqlName: "degrees",
              example: "select math_degrees(math_pi());  -- 180.0") { real($0, $1, { x in x * (180.0 / Double.pi) }) },
        pi,
    ]

    static let typing = """
        Arguments are read with SQLite's numeric affinity: integers, reals and text that looks \
        like a number ('1.5' is 1.5); other text, blobs and NULL give NULL.
        """

    /// The number an argument stands for, or nil when it is not numeric (NULL, other text, blob).
    static func number(_ value: Argument) -> Double? {
        let type = value.numericType
        guard type == .integer || type == .real else { return nil }
        return value.double
    }

    /// Sets a real result, NULL for NaN (as `sqlite3_result_double` does; said explicitly here).
    static func setReal(_ x: Double, _ result: ResultContext) {
        if x.isNaN { result.setNull() } else { result.set(x) }
    }

    // Each function's body is a closure literal of its own that captures nothing and calls
    // one of the inlined helpers below with the C function named directly: SQLite's call
    // reaches the C function through one Swift closure. (A shared body capturing `op` cost a
    // context thunk and a second closure call per row, about 11 instructions: math_trunc was
    // 1.03 of sqlean's instructions at 100,000 rows.)
    typealias Body = @Sendable (Arguments, ResultContext) -> Void

    /// x → op(x) as a REAL: NULL for a non-numeric argument and for NaN.
    static func real(_ arguments: Arguments, _ result: ResultContext, _ op: (Double) -> Double) {
        guard let x = number(arguments[0]) else { return result.setNull() }
        setReal(op(x), result)
    }

    /// (x, y) → op(x, y) as a REAL: NULL when either argument is not numeric, and for NaN.
    static func real2(_ arguments: Arguments, _ result: ResultContext, _ op: (Double, Double) -> Double) {
        guard let x = number(arguments[0]), let y = number(arguments[1]) else { return result.setNull() }
        setReal(op(x, y), result)
    }

    /// An integer unchanged (an integer), a real through op: the rounding functions.
    static func rounded(_ arguments: Arguments, _ result: ResultContext, _ op: (Double) -> Double) {
        let value = arguments[0]
        switch value.numericType {
        case .integer: result.set(value.int64)
        case .real: setReal(op(value.double), result)
        default: result.setNull()
        }
    }

    /// x → op(x) as a REAL for x > 0, else NULL: the logarithms.
    static func logarithmic(_ arguments: Arguments, _ result: ResultContext, _ op: (Double) -> Double) {
        guard let x = number(arguments[0]), x > 0 else { return result.setNull() }
        setReal(op(x), result)
    }

    /// A one-argument function with a REAL result, `body` calling ``real(_:_:_:)``.
    static func unary(_ name: String, _ summary: String, sqlName: String, example: String,
                      body: @escaping Body) -> CatalogFunction {
        entry(name, argumentCount: 1, arguments: "x", summary: summary,
              details: """
                  \(name)(x): \(summary), as a real. \(typing) A result outside the domain (NaN) \
                  is NULL; infinities are kept. Same as SQLite's \(sqlName)().
                  """,
              example: example, body: body)
    }

    /// A two-argument function with a REAL result, `body` calling ``real2(_:_:_:)``.
    static func binary(_ name: String, arguments: String, _ summary: String, sqlName: String, note: String,
                       example: String, body: @escaping Body) -> CatalogFunction {
        entry(name, argumentCount: 2, arguments: arguments, summary: summary,
              details: """
                  \(name)(\(arguments)): \(summary), as a real. \(typing) Either argument \
                  not numeric gives NULL, and so does a result outside the domain (NaN).\(note) \
                  Same as SQLite's \(sqlName)().
                  """,
              example: example, body: body)
    }

    /// `math_ceil`, `math_floor`, `math_trunc`, `body` calling ``rounded(_:_:_:)``: an integer
    /// comes back unchanged (an integer), a real gets the C function's real result.
    static func rounding(_ name: String, _ summary: String, sqlName: String, example: String,
                         body: @escaping Body) -> CatalogFunction {
        entry(name, argumentCount: 1, arguments: "x", summary: summary,
              details: """
                  \(name)(x): \(summary). An integer (or text that reads as one) is returned \
                  unchanged, as an integer; a real gives a real. \(typing) Same as SQLite's \(sqlName)().
                  """,
              example: example, body: body)
    }

    /// `math_ln`, `math_log10`, `math_log2`, `body` calling ``logarithmic(_:_:_:)``: NULL for x ≤ 0.
    static func logarithm(_ name: String, _ summary: String, sqlName: String, example: String,
                          body: @escaping Body) -> CatalogFunction {
        entry(name, argumentCount: 1, arguments: "x", summary: summary,
              details: """
                  \(name)(x): \(summary), as a real; NULL when x is zero or negative. \(typing) \
                  Same as SQLite's \(sqlName)().
                  """,
              example: example, body: body)
    }

    /// The catalog entry the builders above share: one pure scalar SQL function `name` of
    /// `argumentCount` arguments, in the math pack.
    private static func entry(_ name: String, argumentCount: Int, arguments: String, summary: String,
                              details: String, example: String,
                              body: @escaping Body) -> CatalogFunction {
        CatalogFunction(
            arguments: arguments,
            summary: summary, details: details, example: example,
            functions: { [SQLFunction(name, argumentCount: argumentCount, options: .pure, writingResult: body)] })
    }

    static let pi = CatalogFunction(
        arguments: nil,
        summary: "the constant π",
        details: "math_pi(): π as a real, 3.141592653589793 (the closest double). Same as SQLite's pi().",
        example: "select math_pi();  -- 3.141592653589793",
        functions: {
            [SQLFunction("math_pi", argumentCount: 0, options: .pure, writingResult: { _, result in result.set(Double.pi) })]
        })
}

/// `math_log(x)` (base 10) and `math_log(b, x)` (base b), as SQLite's `log()`.
///
/// SQLite (and so sqlean) computes every logarithm from the natural one: log10(x) is
/// ln(x)/ln(10), so `log10(1000)` is 2.9999999999999996, not the 3.0 of C's `log10`. The same
/// formulas are used here so that results match to the last bit.
enum MathLog {
    /// M_LN10 and M_LN2 of C's math.h.
    static let ln10 = 2.302585092994045684017991454684364208
    static let ln2 = 0.693147180559945309417232121458176568

    static let entry = CatalogFunction(
        arguments: "[b, ]x",
        summary: "the base-10 logarithm of x, or its base-b logarithm",
        details: """
            math_log(x) is the base-10 logarithm of x; math_log(b, x) is its base-b logarithm, \
            ln(x)/ln(b). Both give a real, and NULL when x is zero or negative. b must be numeric \
            with a positive logarithm, so a base of 1 or less gives NULL. x in the two-argument \
            form is converted as SQLite converts any value to a number ('8' is 8, 'x' is 0 and \
            so NULL). \(MathFunctions.typing) Same as SQLite's log().
            """,
        example: "select math_log(100), math_log(2, 8);  -- 2.0|3.0",
        functions: {
            [SQLFunction("math_log", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                guard let x = MathFunctions.number(arguments[0]), x > 0 else { return result.setNull() }
                MathFunctions.setReal(Glibc.log(x) / ln10, result)
            }),
             SQLFunction("math_log", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                 guard let base = MathFunctions.number(arguments[0]), base > 0 else { return result.setNull() }
                 let lnBase = Glibc.log(base)
                 let x = arguments[1].double
                 guard lnBase > 0, x > 0 else { return result.setNull() }
                 MathFunctions.setReal(Glibc.log(x) / lnBase, result)
             })]
        })
}
