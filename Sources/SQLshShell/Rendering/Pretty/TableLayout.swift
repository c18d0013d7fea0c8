/// How a `pretty` table's columns share the terminal width.
///
/// Each column has a natural width (its widest header or value) and a minimum it is never
/// narrowed below (its numbers, short values and longest header word: those are never cut).
/// When the natural widths do not fit, the columns with long text give up room first (their
/// values are then cut with `…`); when even the minimums do not fit, middle columns are
/// hidden, keeping the first and last ones, and a narrow `…` column marks the gap.
public struct TableLayout: Equatable {
    /// The shown columns' indices, in order.
    public var shown: [Int]
    /// The width of each shown column (parallel to ``shown``).
    public var widths: [Int]
    /// The position in ``shown`` before which the `…` column of hidden columns goes; nil when
    /// every column is shown.
    public var gapPosition: Int?

    /// The hidden columns' indices, in order.
    public func hidden(of count: Int) -> [Int] {
        guard let gapPosition else { return [] }
        let before = gapPosition > 0 ? shown[gapPosition - 1] + 1 : 0
        let after = gapPosition < shown.count ? shown[gapPosition] : count
        return Array(before..<after)
    }

    /// The width of the `…` column that stands for hidden columns.
    static let gapWidth = 1

    /// The layout of columns with these natural and minimum widths in `available` terminal
    /// columns (`Int.max` for no limit). A table takes `sum(widths) + 3 × columns + 1`.
    public static func fit(natural: [Int], minimum: [Int], available: Int) -> TableLayout {
        let n = natural.count
        let minimum = zip(minimum, natural).map { min($0, $1) }
        if need(natural, extra: 0) <= available {
            return TableLayout(shown: Array(0..<n), widths: natural, gapPosition: nil)
        }
        if need(minimum, extra: 0) <= available {
            let widths = shrink(natural, minimum, budget: available - 3 * n - 1)
            return TableLayout(shown: Array(0..<n), widths: widths, gapPosition: nil)
        }
        // Hide middle columns: take columns from both ends, left first, while they fit at
        // their minimum widths next to the `…` column.
        var left: [Int] = [], right: [Int] = []
        var used = 1 + gapWidth + 3
        var fromLeft = true
        var leftFull = false, rightFull = false
        var l = 0, r = n - 1
        while l <= r && !(leftFull && rightFull) {
            if fromLeft ? leftFull : rightFull { fromLeft.toggle(); continue }
            let c = fromLeft ? l : r
            let cost = minimum[c] + 3
            if used + cost > available && !(left.isEmpty && fromLeft) {
                // This side is full; the other may still take a narrower column.
                if fromLeft { leftFull = true } else { rightFull = true }
                fromLeft.toggle()
                continue
            }
            used += cost
            if fromLeft { left.append(c); l += 1 } else { right.insert(c, at: 0); r -= 1 }
            fromLeft.toggle()
        }
        if l > r {
            // Everything fitted after all (cannot happen, as the minimums did not fit).
            let widths = shrink(natural, minimum, budget: available - 3 * n - 1)
            return TableLayout(shown: Array(0..<n), widths: widths, gapPosition: nil)
        }
        let shown = left + right
        let budget = available - 3 * shown.count - 1 - (gapWidth + 3)
        let widths = shrink(shown.map { natural[$0] }, shown.map { minimum[$0] }, budget: budget)
        return TableLayout(shown: shown, widths: widths, gapPosition: left.count)
    }

    private static func need(_ widths: [Int], extra: Int) -> Int {
        widths.reduce(0, { $0 &+ $1 }) &+ 3 * widths.count &+ 1 &+ extra
    }

    /// Widths between `minimum` and `natural` adding up to at most `budget`: the widest
    /// columns are narrowed to a common cap, what is left goes to them left to right. When
    /// even the minimums do not fit (a single column wider than the terminal), the widest
    /// are cut to the budget.
    static func shrink(_ natural: [Int], _ minimum: [Int], budget: Int) -> [Int] {
        let budget = max(budget, natural.count)
        if natural.reduce(0, +) <= budget { return natural }
        if minimum.reduce(0, +) > budget {
            var widths = minimum
            var excess = widths.reduce(0, +) - budget
            while excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 {
                let cut = min(excess, widths[widest] - 1)
                widths[widest] -= cut
                excess -= cut
            }
            return widths
        }
        func total(_ cap: Int) -> Int {
            zip(natural, minimum).reduce(0) { $0 + max($1.1, min($1.0, cap)) }
        }
        var low = 0, high = natural.max() ?? 0
        while low < high {
            let mid = (low + high + 1) / 2
            if total(mid) <= budget { low = mid } else { high = mid - 1 }
        }
        var widths = zip(natural, minimum).map { max($0.1, min($0.0, low)) }
        var left = budget - widths.reduce(0, +)
        for c in widths.indices where left > 0 && widths[c] < natural[c] {
            let extra = min(left, natural[c] - widths[c])
            widths[c] += extra
            left -= extra
        }
        return widths
    }
}
