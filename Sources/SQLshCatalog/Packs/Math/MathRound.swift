import CSQLite
import Glibc
import SQLshCore

/// `math_round(x[, n])`: SQLite's `round()` (3.40.1), which sqlean copied under this name.
enum MathRound {
    /// Beyond this magnitude a double has no fractional part: there is nothing to round.
    static let integralBound = 4503599627370496.0  // 2^52

    /// x rounded to `digits` decimals (0...30) exactly as SQLite's `round()` does it: half
    /// away from zero for 0 decimals, else x printed with SQLite's `%!.*f` and read back.
    /// - Returns: nil when SQLite cannot allocate the printed form.
    static func round(_ x: Double, digits: Int32) -> Double? {
        if x < -integralBound || x > integralBound { return x }
        if digits == 0 {
            // The C cast truncates toward zero; |x| ≤ 2^52 fits in an Int64.
            return Double(Int64(x + (x < 0 ? -0.5 : 0.5)))
        }
        guard let text = withVaList([digits, x], { sqlite3_vmprintf("%!.*f", $0) }) else { return nil }
        defer { sqlite3_free(text) }
        return strtod(text, nil)
    }

    static let entry = CatalogFunction(
        name: "math_round", pack: "math", kind: .scalar, arity: "1-2", arguments: "x[, n]", flags: .pure,
        summary: "x rounded to n decimal places (default 0)",
        details: """
            math_round(x[, n]): x rounded to n decimal places, always as a real, exactly as \
            SQLite's round(). Halves round away from zero (2.5 gives 3.0, -2.5 gives -3.0); n \
            is limited to 0...30; a value beyond 2^52 has no fraction and comes back unchanged. \
            NULL x or NULL n gives NULL; x that is not a number (text, blob) counts as 0.0. \
            Decimal rounding works on the printed decimal form, so math_round(1.005, 2) is 1.01.
            """,
        example: "select math_round(2.5), math_round(-1.005, 2), math_round(1234.5678, 1);  -- 3.0|-1.01|1234.6",
        functions: {
            [SQLFunction("math_round", argumentCount: 1, options: .pure, writingResult: { arguments, result in
                let value = arguments[0].rawValue
                if sqlite3_value_type(value) == SQLITE_NULL { return result.setNull() }
                result.set(round(sqlite3_value_double(value), digits: 0) ?? 0)
            }),
             SQLFunction("math_round", argumentCount: 2, options: .pure, writingResult: { arguments, result in
                 let value = arguments[0].rawValue, places = arguments[1].rawValue
                 if sqlite3_value_type(places) == SQLITE_NULL || sqlite3_value_type(value) == SQLITE_NULL {
                     return result.setNull()
                 }
                 let digits = min(30, max(0, sqlite3_value_int(places)))
                 guard let x = round(sqlite3_value_double(value), digits: digits) else {
                     return sqlite3_result_error_nomem(result.rawValue)
                 }
                 result.set(x)
             })]
        })
}
