import SQLshCore

// Forced inlining in this file: Benchmarks/catalog.sh (median, percentile): every row.
/// Reads the first argument of a numeric aggregate: nil for NULL (ignored), else a finite
/// double; text that does not look like a number and blobs are errors, as are infinities.
@inline(__always)
func numericInput(_ arguments: Arguments, function: StaticString) throws -> Double? {
    let value = arguments[0]
    switch value.numericType {
    case .null:
        return nil
    case .integer, .real:
        let x = value.double
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

extension Array where Element == Double {
    /// Removes one occurrence of `x` (order does not matter for selection).
    mutating func removeOne(_ x: Double) {
        guard let index = firstIndex(of: x) else { return }
        swapAt(index, count - 1)
        removeLast()
    }

    /// The `percent` (0...100) percentile, selected in a copy (so that `finalize()` and
    /// `value()` can stay non-mutating, and the aggregate state is a plain struct without
    /// access checks).
    func percentile(_ percent: Double) -> Double? {
        var copy = self
        return copy.withUnsafeMutableBufferPointer { Selection.quantile($0, percent: percent) }
    }
}
