#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SQLshCore

/// The math pack's C entries (``DirectEntry``): SQLite calls each `math_*` function directly,
/// with no deferred slot or closure between it and the body (issue 34: the core's entry cost
/// about 44 instructions a call, which kept these at 1.01-1.02 of sqlean's instructions).
///
/// Each body is the one of the function's catalog entry in ``MathFunctions`` (`DirectEntriesTests`
/// checks that both answer the same). Written out one closure per function: a C function
/// pointer cannot be made in generic code, nor from a closure that captures its operation.
enum MathEntries {
    static let all: [DirectEntry] = [
        DirectEntry(scalar: "math_ceil", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_ceil") { MathFunctions.rounded($0, $1, Glibc.ceil) }
        },
        DirectEntry(scalar: "math_floor", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_floor") { MathFunctions.rounded($0, $1, Glibc.floor) }
        },
        DirectEntry(scalar: "math_trunc", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_trunc") { MathFunctions.rounded($0, $1, Glibc.trunc) }
        },
        DirectEntry(scalar: "math_ln", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_ln") { MathFunctions.logarithmic($0, $1, Glibc.log) }
        },
        DirectEntry(scalar: "math_log10", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_log10") { MathFunctions.logarithmic($0, $1, { x in Glibc.log(x) / MathLog.ln10 }) }
        },
        DirectEntry(scalar: "math_log2", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_log2") { MathFunctions.logarithmic($0, $1, { x in Glibc.log(x) / MathLog.ln2 }) }
        },
        DirectEntry(scalar: "math_exp", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_exp") { MathFunctions.real($0, $1, Glibc.exp) }
        },
        DirectEntry(scalar: "math_pow", argumentCount: 2) {
            DirectCall.scalar($0, $1, $2, name: "math_pow") { MathFunctions.real2($0, $1, Glibc.pow) }
        },
        DirectEntry(scalar: "math_mod", argumentCount: 2) {
            DirectCall.scalar($0, $1, $2, name: "math_mod") { MathFunctions.real2($0, $1, Glibc.fmod) }
        },
        DirectEntry(scalar: "math_acos", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_acos") { MathFunctions.real($0, $1, Glibc.acos) }
        },
        DirectEntry(scalar: "math_asin", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_asin") { MathFunctions.real($0, $1, Glibc.asin) }
        },
        DirectEntry(scalar: "math_atan", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_atan") { MathFunctions.real($0, $1, Glibc.atan) }
        },
        DirectEntry(scalar: "math_atan2", argumentCount: 2) {
            DirectCall.scalar($0, $1, $2, name: "math_atan2") { MathFunctions.real2($0, $1, Glibc.atan2) }
        },
        DirectEntry(scalar: "math_cos", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_cos") { MathFunctions.real($0, $1, Glibc.cos) }
        },
        DirectEntry(scalar: "math_sin", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_sin") { MathFunctions.real($0, $1, Glibc.sin) }
        },
        DirectEntry(scalar: "math_tan", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_tan") { MathFunctions.real($0, $1, Glibc.tan) }
        },
        DirectEntry(scalar: "math_cosh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_cosh") { MathFunctions.real($0, $1, Glibc.cosh) }
        },
        DirectEntry(scalar: "math_sinh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_sinh") { MathFunctions.real($0, $1, Glibc.sinh) }
        },
        DirectEntry(scalar: "math_tanh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_tanh") { MathFunctions.real($0, $1, Glibc.tanh) }
        },
        DirectEntry(scalar: "math_acosh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_acosh") { MathFunctions.real($0, $1, Glibc.acosh) }
        },
        DirectEntry(scalar: "math_asinh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_asinh") { MathFunctions.real($0, $1, Glibc.asinh) }
        },
        DirectEntry(scalar: "math_atanh", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_atanh") { MathFunctions.real($0, $1, Glibc.atanh) }
        },
        DirectEntry(scalar: "math_sqrt", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_sqrt") { MathFunctions.real($0, $1, Glibc.sqrt) }
        },
        DirectEntry(scalar: "math_radians", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_radians") { MathFunctions.real($0, $1, { x in x * (Double.pi / 180.0) }) }
        },
        DirectEntry(scalar: "math_degrees", argumentCount: 1) {
            DirectCall.scalar($0, $1, $2, name: "math_degrees") { MathFunctions.real($0, $1, { x in x * (180.0 / Double.pi) }) }
        },
    ]
}
