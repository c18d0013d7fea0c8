import CSQLite
import SQLshCore

/// Reads the first argument of a numeric aggregate: nil for NULL (ignored), else a finite
/// double; text that does not look like a number and blobs are errors, as are infinities.
@inline(__always)
func numericInput(_ arguments: Arguments, function: StaticString) throws -> Double? {
    let value = arguments[0].rawValue
    switch sqlite3_value_numeric_type(value) {
    case SQLITE_NULL:
        return nil
    case SQLITE_INTEGER, SQLITE_FLOAT:
        let x = sqlite3_value_double(value)
        guard x.isFinite else { throw StatsError("Inf input to \(function)()") }
        return x
    default:
        throw StatsError("1st argument to \(function)() is not numeric")
    }
}

/// An error of a stats function, reported as the statement's error message.
struct StatsError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// A growable buffer of doubles behind a reference, so that a non-mutating `finalize()` or
/// `value()` can reorder it in place while selecting.
final class DoubleStore {
    var values: [Double] = []

    /// Removes one occurrence of `x` (order does not matter for selection).
    func remove(_ x: Double) {
        guard let index = values.firstIndex(of: x) else { return }
        values.swapAt(index, values.count - 1)
        values.removeLast()
    }

    func quantile(_ fraction: Double) -> Double? {
        values.withUnsafeMutableBufferPointer { Selection.quantile($0, fraction: fraction) }
    }
}
