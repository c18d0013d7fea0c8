/// How far apart two names are, for "did you mean" suggestions: the Damerau-Levenshtein
/// distance of their characters in its optimal-string-alignment form (insertions, deletions,
/// substitutions, and two neighbours swapped: `nmae` is one edit from `name`), capped by
/// `limit` so that long names cost little.
enum EditDistance {
    /// The distance, or `limit + 1` once it is known to be more than `limit`.
    static func between(_ a: String, _ b: String, limit: Int = 3) -> Int {
        let x = Array(a), y = Array(b)
        if abs(x.count - y.count) > limit { return limit + 1 }
        if x.isEmpty || y.isEmpty { return min(limit + 1, max(x.count, y.count)) }
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count), current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var best = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    best = Swift.min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = Swift.min(rowMinimum, best)
            }
            // A swap reaches back two rows, but its cost (the row before's value + 1) is never
            // below a value of this row (which that same value + 1 bounds): a row past the
            // limit still ends the search.
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return Swift.min(previous[y.count], limit + 1)
    }

    /// The candidate closest to `typed` within `limit` (ties: the first), if any.
    static func closest(to typed: String, among candidates: [String], limit: Int = 2) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = between(typed, candidate, limit: limit)
            if distance <= limit && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }
}
