/// Selection of the k-th smallest value without a full sort (introselect).
enum Selection {
    /// Reorders `a` so that `a[k]` is the value a sort would put there, everything before it
    /// is not greater and everything after it is not smaller. Quickselect with a
    /// median-of-three pivot; after too many unbalanced rounds it sorts the remaining range,
    /// which bounds the worst case at O(n log n).
    static func select(_ a: UnsafeMutableBufferPointer<Double>, _ k: Int) {
        var lo = 0
        var hi = a.count - 1
        var budget = 2 * (Int.bitWidth - a.count.leadingZeroBitCount) + 4
        while hi > lo {
            if budget == 0 {
                var rest = UnsafeMutableBufferPointer(rebasing: a[lo...hi])
                rest.sort()
                return
            }
            budget -= 1
            let mid = lo + (hi - lo) / 2
            if a[mid] < a[lo] { a.swapAt(mid, lo) }
            if a[hi] < a[lo] { a.swapAt(hi, lo) }
            if a[hi] < a[mid] { a.swapAt(hi, mid) }
            let pivot = a[mid]
            var i = lo
            var j = hi
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                hi = j
            } else if k >= i {
                lo = i
            } else {
                return  // j < k < i: a[k] equals the pivot and is in place
            }
        }
    }

    /// The `percent` (0...100) percentile of `a` with linear interpolation between the two
    /// closest ranks, as sqlean and SQLite's percentile extension compute it; nil when empty.
    /// Reorders `a`.
    ///
    /// The rank is computed in their order of operations, `(percent + 1 - 1) · (n − 1) · 0.01`
    /// (they keep the percent plus one), so that results agree to the last bit:
    /// `0.95 · (n − 1)` gave 900.653299999999 where they give 900.6533.
    static func quantile(_ a: UnsafeMutableBufferPointer<Double>, percent: Double) -> Double? {
        guard a.count > 0 else { return nil }
        let position = ((percent + 1.0) - 1.0) * Double(a.count - 1) * 0.01
        let index = min(Int(position), a.count - 1)
        select(a, index)
        let low = a[index]
        let weight = position - Double(index)
        guard weight > 0, index + 1 < a.count else { return low }
        var high = a[index + 1]
        for value in a[(index + 2)...] where value < high { high = value }
        return low + (high - low) * weight
    }
}
