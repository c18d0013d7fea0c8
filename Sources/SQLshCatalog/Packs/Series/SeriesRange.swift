import SQLshCore

/// The values one `generate_series` scan produces: from `base` to `term` (both produced) by
/// `step`, downwards when `isDescending`; and the start, stop and step the query gave, which
/// the hidden columns show. Set up from a plan of ``SeriesPlan`` as SQLite 3.53's series.c
/// does, with all arithmetic on 64-bit patterns (the step can be 2^63).
struct SeriesRange {
    var originalStart: Int64 = 0
    var originalStop: Int64 = 0xffff_ffff
    var originalStep: Int64 = 1
    var base: Int64 = 0
    var term: Int64 = 0
    var step: UInt64 = 1
    var isDescending = false

    /// Reads the arguments of `plan` and narrows the range; false when it is empty.
    mutating func setUp(plan: Int32, _ arguments: FilterArguments) -> Bool {
        var index = 0
        func nextArgument() -> Argument? {
            guard index < arguments.count else { return nil }
            defer { index += 1 }
            return arguments[index]
        }
        if plan & SeriesPlan.start != 0 { originalStart = nextArgument()?.int64 ?? 0 }
        if plan & SeriesPlan.stop != 0 { originalStop = nextArgument()?.int64 ?? 0 }
        if plan & SeriesPlan.step != 0 {
            originalStep = nextArgument()?.int64 ?? 1
            // A step of 0 gives no rows (3.40.1 counted it as 1).
            if originalStep == 0 { return false }
        }
        // Bounds on value alone, without start or stop, range over every 64-bit integer.
        if plan & (SeriesPlan.start | SeriesPlan.step) == 0 && plan & SeriesPlan.lowerBounds != 0 {
            originalStart = .min
        }
        if plan & (SeriesPlan.stop | SeriesPlan.step) == 0 && plan & SeriesPlan.upperBounds != 0 {
            originalStop = .max
        }
        base = originalStart
        term = originalStop
        step = originalStep.magnitude
        isDescending = originalStep < 0
        if isDescending ? base < term : base > term { return false }

        if plan & (SeriesPlan.lowerBounds | SeriesPlan.upperBounds) != 0 {
            guard let (minimum, maximum) = Self.valueBounds(plan: plan, nextArgument) else { return false }
            guard narrow(minimum: minimum, maximum: maximum) else { return false }
        }
        // Make term the last value of the series.
        if isDescending {
            if base < term { return false }
            term = Self.add(term, Self.span(base, term) % step)
        } else {
            if base > term { return false }
            term = Self.subtract(term, Self.span(term, base) % step)
        }
        // Produce the values in the order the plan promised.
        if (plan & SeriesPlan.descending != 0 && !isDescending) || (plan & SeriesPlan.ascending != 0 && isDescending) {
            swap(&base, &term)
            isDescending.toggle()
        }
        return true
    }

    /// Moves base and term inside `minimum...maximum`, keeping base on the series; false when
    /// no value of the series is left.
    private mutating func narrow(minimum: Int64, maximum: Int64) -> Bool {
        if !isDescending {
            if base < minimum {
                base = Self.add(base, (Self.span(minimum, base) / step) &* step)
                if base < minimum {
                    if base > Self.subtract(.max, step) { return false }
                    base = Self.add(base, step)
                }
            }
            if term > maximum { term = maximum }
        } else {
            if base > maximum {
                base = Self.subtract(base, (Self.span(base, maximum) / step) &* step)
                if base > maximum {
                    if base < Self.add(.min, step) { return false }
                    base = Self.subtract(base, step)
                }
            }
            if term < minimum { term = minimum }
        }
        return true
    }

    /// The smallest and largest value the constraints on value allow, read as series.c reads
    /// them (a real bound is rounded inwards; `value = 5.5` matches nothing); nil when none.
    private static func valueBounds(plan: Int32, _ nextArgument: () -> Argument?) -> (Int64, Int64)? {
        var minimum = Int64.min
        var maximum = Int64.max
        if plan & SeriesPlan.valueEqual != 0 {
            guard let argument = nextArgument() else { return nil }
            if argument.numericType == .real {
                let r = argument.double
                guard r == r.rounded(.up), r >= -9.223372036854775808e18, r <= 9.223372036854775808e18 else { return nil }
                minimum = Self.truncated(r)
            } else {
                minimum = argument.int64
            }
            return (minimum, minimum)
        }
        if plan & (SeriesPlan.valueAtLeast | SeriesPlan.valueAbove) != 0 {
            guard let argument = nextArgument() else { return nil }
            let above = plan & SeriesPlan.valueAbove != 0
            if argument.numericType == .real {
                let r = argument.double
                if r <= -9.223372036854775808e18 {
                    minimum = .min
                } else if r > 9.223372036854775808e18 {
                    return nil
                } else {
                    minimum = Self.truncated(r.rounded(.up))
                    if minimum < 0 && r > 0 { minimum = .max }
                    if above && r == r.rounded(.up) {
                        guard minimum != .max else { return nil }
                        minimum += 1
                    }
                }
            } else {
                minimum = argument.int64
                if above {
                    guard minimum != .max else { return nil }
                    minimum += 1
                }
            }
        }
        if plan & (SeriesPlan.valueAtMost | SeriesPlan.valueBelow) != 0 {
            guard let argument = nextArgument() else { return nil }
            let below = plan & SeriesPlan.valueBelow != 0
            if argument.numericType == .real {
                let r = argument.double
                if r >= 9.223372036854775808e18 {
                    maximum = .max
                } else if r <= -9.223372036854775808e18 && (below || r < -9.223372036854775808e18) {
                    return nil
                } else {
                    maximum = Self.truncated(r.rounded(.down))
                    if below && r == r.rounded(.down) {
                        guard maximum != .min else { return nil }
                        maximum -= 1
                    }
                }
            } else {
                maximum = argument.int64
                if below {
                    guard maximum != .min else { return nil }
                    maximum -= 1
                }
            }
        }
        return minimum <= maximum ? (minimum, maximum) : nil
    }

    /// A real as C converts it to a 64-bit integer on the machines SQLite runs on: NaN and
    /// values out of range give the smallest integer.
    private static func truncated(_ r: Double) -> Int64 {
        guard r.isFinite, r >= -9.223372036854775808e18, r < 9.223372036854775808e18 else { return .min }
        return Int64(r)
    }

    /// `a - b` for `a >= b`, as an unsigned count.
    private static func span(_ a: Int64, _ b: Int64) -> UInt64 {
        UInt64(bitPattern: a) &- UInt64(bitPattern: b)
    }

    private static func add(_ a: Int64, _ b: UInt64) -> Int64 {
        Int64(bitPattern: UInt64(bitPattern: a) &+ b)
    }

    private static func subtract(_ a: Int64, _ b: UInt64) -> Int64 {
        Int64(bitPattern: UInt64(bitPattern: a) &- b)
    }
}
