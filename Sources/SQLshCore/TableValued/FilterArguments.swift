internal import CSQLite

/// What ``TableValuedFunction/filter(_:)`` receives: the plan chosen by
/// ``TableValuedFunction/bestIndex(_:)`` and the values of the constraints it asked for.
/// Valid only during the call.
public struct FilterArguments: RandomAccessCollection {
    /// The plan number (`idxNum`) set by the planner.
    public let planNumber: Int32
    @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?
    /// The number of arguments.
    public let count: Int

    package init(planNumber: Int32, count: Int32, values: UnsafeMutablePointer<OpaquePointer?>?) {
        self.planNumber = planNumber
        self.count = Int(Swift.max(0, count))
        self.values = values
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Argument `index`, 0-based (argument number `index + 1` of the plan).
    public subscript(index: Int) -> Argument {
        precondition(index >= 0 && index < count, "filter argument index out of range")
        return Argument(rawValue: values.unsafelyUnwrapped[index].unsafelyUnwrapped)
    }

    /// The value given for hidden column `column`, for plans made by the default planner
    /// (``planNumber`` is the bit mask of the columns given, arguments in column order);
    /// nil when the query did not give it.
    public func parameter(_ column: Int) -> Argument? {
        guard column >= 0, column < 31, planNumber & (1 << Int32(column)) != 0 else { return nil }
        let below = planNumber & ((1 << Int32(column)) - 1)
        let index = below.nonzeroBitCount
        return index < count ? self[index] : nil
    }
}
